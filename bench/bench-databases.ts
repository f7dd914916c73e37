/**
 * Runs a benchmark on the embedded database and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on PostgreSQL in
 * a fresh database created next to it and dropped afterwards. `bench(label, env, open)` gets the environment a
 * command such as the seeder reads, and how to open that database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { runSeedCommand } from '../apps/api/src/features/seeder/seed-command.ts';
import { signIn } from './sign-in.ts';

export type BenchOnDatabase = (label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>) => Promise<void>;

export async function onEachDatabase(prefix: string, bench: BenchOnDatabase): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `enamel-bench-${prefix}-db-`));
  const { DATABASE_URL: _embeddedOnly, ...inherited } = process.env;
  try {
    await bench('embedded', { ...inherited, DATA_DIR: dataDir }, () => openDatabase({ dataDir }));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it');
    return;
  }
  const name = `enamel_bench_${prefix.replace(/\W/g, '_')}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  try {
    await bench('PostgreSQL', { ...inherited, DATABASE_URL: target.toString(), DATA_DIR: os.tmpdir() }, () => openDatabase({ url: target.toString() }));
  } finally {
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

/** The demo data seeded into the database, the app listening on a free port, and a signed-in admin's cookie. */
export async function seededApp(env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>, admin: { email: string; password: string }) {
  const seeded = await runSeedCommand({ ...env, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, { out: () => undefined, err: console.error });
  if (seeded !== 0) throw new Error('seeding the demo data failed');
  const database = await open();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-app-'));
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' }), database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const cookie = await signIn(base, admin.email, admin.password);
  return {
    database,
    app,
    base,
    cookie,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The median of `times` runs of `fn`, after one warm-up run. */
export async function medianMs(fn: () => Promise<unknown>, times = 7): Promise<number> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b)[Math.floor(out.length / 2)]!;
}
