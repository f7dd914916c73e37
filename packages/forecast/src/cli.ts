#!/usr/bin/env node
/**
 * enamel-forecast --horizon 12 --season 12 [--level 0.95] [--method auto]
 * Reads { "id": [numbers...] } JSON on stdin, writes { "id": { method, mean, lower, upper } } on stdout.
 * Invalid input: a message naming the series on stderr and exit code 1 (2 for bad arguments).
 */
import { forecast, type MethodName } from './forecast.ts';

const USAGE = 'usage: enamel-forecast --horizon <n> [--season <m>] [--level <0..1>] [--method <name>] < series.json';

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
  }
}

export interface CliOptions {
  horizon: number;
  season: number;
  level: number;
  method: MethodName;
}

export function parseArgs(argv: readonly string[]): CliOptions {
  const opts: Partial<Record<string, string>> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--help' || a === '-h') throw new CliError(USAGE, 0);
    const eq = /^--([a-z]+)=(.*)$/.exec(a);
    if (eq) opts[eq[1]!] = eq[2]!;
    else if (a.startsWith('--')) {
      const v = argv[i + 1];
      if (v === undefined) throw new CliError(`missing value for ${a}\n${USAGE}`, 2);
      opts[a.slice(2)] = v;
      i++;
    } else throw new CliError(`unexpected argument ${a}\n${USAGE}`, 2);
  }
  for (const k of Object.keys(opts)) if (!['horizon', 'season', 'level', 'method'].includes(k)) throw new CliError(`unknown option --${k}\n${USAGE}`, 2);
  if (opts.horizon === undefined) throw new CliError(`--horizon is required\n${USAGE}`, 2);
  const num = (name: string, v: string | undefined, def: number): number => {
    if (v === undefined) return def;
    const x = Number(v);
    if (v.trim() === '' || !Number.isFinite(x)) throw new CliError(`--${name} must be a number, got "${v}"`, 2);
    return x;
  };
  const horizon = num('horizon', opts.horizon, 0);
  if (!Number.isInteger(horizon) || horizon <= 0) throw new CliError(`--horizon must be a positive integer, got "${opts.horizon}"`, 2);
  const season = num('season', opts.season, 1);
  if (!Number.isInteger(season) || season < 1) throw new CliError(`--season must be a positive integer, got "${opts.season ?? ''}"`, 2);
  const level = num('level', opts.level, 0.95);
  if (!(level > 0 && level < 1)) throw new CliError(`--level must be between 0 and 1, got "${opts.level ?? ''}"`, 2);
  return { horizon, season, level, method: (opts.method ?? 'auto') as MethodName };
}

export interface CliSeriesOutput {
  method: string;
  mean: number[];
  lower: number[];
  upper: number[];
}

const round = (x: number) => Math.round(x * 1e6) / 1e6;

/** The whole command as a pure function of its arguments and standard input text. */
export function runCli(argv: readonly string[], input: string): Record<string, CliSeriesOutput> {
  const opts = parseArgs(argv);
  let data: unknown;
  try {
    data = JSON.parse(input);
  } catch (e) {
    throw new CliError(`input is not valid JSON: ${(e as Error).message}`, 1);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new CliError('input must be a JSON object { "id": [numbers...] }', 1);
  const out: Record<string, CliSeriesOutput> = {};
  for (const [id, series] of Object.entries(data as Record<string, unknown>)) {
    if (!Array.isArray(series)) throw new CliError(`series "${id}": expected an array of numbers`, 1);
    try {
      const r = forecast(series as number[], { horizon: opts.horizon, seasonalPeriod: opts.season, level: opts.level, method: opts.method });
      out[id] = { method: r.method, mean: r.mean.map(round), lower: r.lower.map(round), upper: r.upper.map(round) };
    } catch (e) {
      const msg = (e as Error).message.replace(/^series: /, '');
      throw new CliError(`series "${id}": ${msg}`, 1);
    }
  }
  return out;
}

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
