import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_NAME, lockDataDir } from '@enamel/db';
import { freePort, killStarted, runScript, untilReady, type Run } from './processes.ts';

/**
 * The embedded database's folder lock, with real processes: the server (apps/api/src/main.ts)
 * and a command-line task (npm run check:ledger) on one DATA_DIR.
 */
afterEach(killStarted);

const run = (script: string, dataDir: string, port: number): Run =>
  runScript(script, [], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SESSION_SECRET: 'lock-test-secret-lock-test-secret-0123', LOG_LEVEL: 'warn' });

const server = (dataDir: string, port: number) => run('apps/api/src/main.ts', dataDir, port);
const checkLedger = (dataDir: string) => run('scripts/check-ledger.ts', dataDir, 1);

const ready = (s: Run, port: number) => untilReady(s, port);

describe('the embedded database folder lock (real processes)', () => {
  it('a stale lock file does not stop a start; a second server or CLI is refused while one runs; after SIGKILL the next start needs no cleanup', { timeout: 240_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-lock-'));
    try {
      // A lock file of the old kind naming a live process that has nothing to do with Enamel (this test).
      fs.writeFileSync(path.join(dataDir, LOCK_NAME), String(process.pid));
      const port = await freePort();
      const first = server(dataDir, port);
      await ready(first, port);

      const second = server(dataDir, await freePort());
      const refused = await second.exited;
      expect(refused.code, second.output()).toBe(1);
      expect(second.output()).toContain(`The embedded database in ${dataDir} is in use by process ${first.child.pid}.`);
      const cli = checkLedger(dataDir);
      expect((await cli.exited).code, cli.output()).toBe(1);
      expect(cli.output()).toContain(`Cannot run check:ledger: the embedded database in ${dataDir} is in use by process ${first.child.pid} (is the Enamel server running?)`);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200); // the first one never noticed

      first.child.kill('SIGKILL');
      expect((await first.exited).signal).toBe('SIGKILL');
      expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(true); // left behind, as after a power cut

      const next = server(dataDir, port);
      await ready(next, port);
      next.child.kill('SIGTERM');
      expect((await next.exited).code, next.output()).toBe(0);
      expect(fs.existsSync(path.join(dataDir, LOCK_NAME))).toBe(false); // a clean stop takes its lock away

      // With no server running, the CLI runs.
      const alone = checkLedger(dataDir);
      expect((await alone.exited).code, alone.output()).toBe(0);
      expect(alone.output()).toContain('Ledger check passed');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('in one process too: the folder is refused while held, and free again once released', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-lock-'));
    try {
      fs.writeFileSync(path.join(dataDir, LOCK_NAME), '1'); // init: alive, unrelated
      const release = await lockDataDir(dataDir);
      const again = await lockDataDir(dataDir).catch((err: unknown) => err);
      expect(again).toBeInstanceOf(DataDirLockedError);
      expect((again as DataDirLockedError).pid).toBe(process.pid);
      await release();
      const later = await lockDataDir(dataDir);
      await later();
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
