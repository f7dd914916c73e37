import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTROL_SOCKET, CONTROL_TOKEN } from '../src/features/backups/control-channel.ts';
import { freePort, killStarted, runScript, untilReady, type Run } from './processes.ts';

/**
 * `npm run backup` and `npm run restore` with real processes: the server holds the embedded database, so the
 * backup command asks it through its control socket, and the restore refuses until it stops; with no server the
 * backup command takes the backup itself, and the restore swaps the database in. (Embedded only: on PostgreSQL
 * both commands only print the advice to use pg_dump, checked at the end without a database.)
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
afterEach(killStarted);

const run = (script: string, args: string[], env: Record<string, string>): Run =>
  runScript(script, args, { SESSION_SECRET: 'backup-test-secret-backup-test-secret-01', LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...env });

async function finished(r: Run): Promise<{ code: number | null; output: string }> {
  const { code } = await r.exited;
  return { code, output: r.output() };
}

const ready = (s: Run, port: number) => untilReady(s, port);

describe.skipIf(onPostgres)('npm run backup and npm run restore (real processes)', () => {
  it('backs up through the running server, refuses to restore under it, backs up alone once it stopped, and restores', { timeout: 300_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bk-'));
    const env = { DATA_DIR: dataDir };
    try {
      const port = await freePort();
      const server = run('apps/api/src/main.ts', [], { ...env, PORT: String(port), ADMIN_EMAIL: 'boss@example.test', ADMIN_PASSWORD: 'Incisor-Canine-Molar-1' });
      await ready(server, port);
      expect(fs.statSync(path.join(dataDir, CONTROL_TOKEN)).mode & 0o777).toBe(0o600);
      expect(fs.statSync(path.join(dataDir, CONTROL_SOCKET)).mode & 0o777).toBe(0o600);

      const first = await finished(run('scripts/backup.ts', [], env));
      expect(first.code, first.output).toBe(0);
      const written = /Backup written by the running server: (\S+\.tar\.gz) \(\d+\.\d MB\)\./.exec(first.output)?.[1];
      expect(written, first.output).toBeDefined();
      expect(path.dirname(written!)).toBe(path.join(dataDir, 'backups'));
      expect(fs.statSync(written!).mode & 0o777).toBe(0o600);

      // Someone without the server's token is turned away.
      const token = fs.readFileSync(path.join(dataDir, CONTROL_TOKEN), 'utf8');
      fs.writeFileSync(path.join(dataDir, CONTROL_TOKEN), 'guessed');
      const guessed = await finished(run('scripts/backup.ts', [], env));
      expect(guessed.code).toBe(1);
      expect(guessed.output).toContain('Wrong control token');
      fs.writeFileSync(path.join(dataDir, CONTROL_TOKEN), token);

      const refused = await finished(run('scripts/restore.ts', [written!], env));
      expect(refused.code).toBe(1);
      expect(refused.output).toContain(`Cannot restore while the embedded database in ${dataDir} is in use by process ${server.child.pid} (is the Enamel server running?)`);

      server.child.kill('SIGTERM');
      expect((await server.exited).code, server.output()).toBe(0);
      expect(fs.existsSync(path.join(dataDir, CONTROL_TOKEN))).toBe(false);

      const alone = await finished(run('scripts/backup.ts', [], env));
      expect(alone.code, alone.output).toBe(0);
      expect(alone.output).toContain('Backup written (no server was running)');

      const usage = await finished(run('scripts/restore.ts', [], env));
      expect(usage.code).toBe(1);
      expect(usage.output).toContain('Usage: npm run restore -- FILE');
      expect(usage.output).toContain(path.basename(written!));

      const restored = await finished(run('scripts/restore.ts', [path.basename(written!)], env));
      expect(restored.code, restored.output).toBe(0);
      expect(restored.output).toMatch(/Restored: 0 practices, 0 products, 0 procedures, 0 lots, 0 stock movements\./);
      const aside = /kept in (\S+);/.exec(restored.output)?.[1];
      expect(aside && fs.existsSync(path.join(aside, 'PG_VERSION'))).toBe(true);

      const again = run('apps/api/src/main.ts', [], { ...env, PORT: String(port) });
      await ready(again, port);
      const login = await fetch(`http://127.0.0.1:${port}/api/csrf-cookie`);
      const xsrf = /XSRF-TOKEN=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
      const signedIn = await fetch(`http://127.0.0.1:${port}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': decodeURIComponent(xsrf ?? '') },
        body: JSON.stringify({ email: 'boss@example.test', password: 'Incisor-Canine-Molar-1' }),
      });
      expect(signedIn.status, await signedIn.text()).toBe(200);
      again.child.kill('SIGTERM');
      expect((await again.exited).code, again.output()).toBe(0);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('on PostgreSQL the commands point to pg_dump and pg_restore', () => {
  it('and do nothing else', { timeout: 60_000 }, async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bk-pg-'));
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
      for (const [script, args] of [['scripts/backup.ts', []], ['scripts/restore.ts', ['x.tar.gz']]] as const) {
        const answer = await finished(run(script, [...args], env));
        expect(answer.code).toBe(1);
        expect(answer.output).toContain('Enamel does not back up a PostgreSQL database');
        expect(answer.output).toContain('pg_dump --format=custom');
      }
      expect(fs.readdirSync(dataDir).filter((n) => n !== 'session-secret')).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
