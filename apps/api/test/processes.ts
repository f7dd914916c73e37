import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * Real processes for the tests that need them (the folder lock, backups through the server, several instances):
 * a command of the repository run with tsx and a clean environment, its output collected, its end awaited.
 */
export const ROOT = path.resolve(import.meta.dirname, '../../..');

export interface Run {
  child: ChildProcess;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started: ChildProcess[] = [];

/** Runs `script` (a path from the repository root) with `args`; the environment is PATH and HOME plus `env`. */
export function runScript(script: string, args: string[], env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return { child, output: () => output, exited };
}

/** SIGKILLs every process started here that is still running (an afterEach / afterAll). */
export function killStarted(): void {
  for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Waits until a server answers /readyz on `port`, failing with its output if it exits first or takes too long. */
export async function untilReady(run: Pick<Run, 'child' | 'output'>, port: number, timeoutMs = 90_000, label = 'the server'): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    if (run.child.exitCode !== null) throw new Error(`${label} exited (${run.child.exitCode}): ${run.output()}`);
    const res = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => null);
    if (res?.status === 200) return;
    if (Date.now() > end) throw new Error(`${label} never became ready: ${run.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
