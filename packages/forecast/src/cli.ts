#!/usr/bin/env node
/**
 * enamel-forecast --horizon 12 --season 12 [--level 0.95] [--method auto]
 * Reads { "id": [numbers...] } JSON on stdin, writes { "id": { method, mean, lower, upper } } on stdout.
 * Invalid input: a message naming the series on stderr and exit code 1 (2 for bad arguments).
 */
import { CliError, parseArgs, runCli } from './cli-core.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function main(): Promise<void> {
  try {
    const argv = process.argv.slice(2);
    parseArgs(argv); // fail on bad arguments before waiting for input
    const result = runCli(argv, await readStdin());
    process.stdout.write(JSON.stringify(result) + '\n');
  } catch (e) {
    if (e instanceof CliError) {
      (e.exitCode === 0 ? process.stdout : process.stderr).write(`${e.exitCode === 0 ? '' : 'enamel-forecast: '}${e.message}\n`);
      process.exitCode = e.exitCode;
    } else {
      process.stderr.write(`enamel-forecast: ${(e as Error).message}\n`);
      process.exitCode = 1;
    }
  }
}

await main();
