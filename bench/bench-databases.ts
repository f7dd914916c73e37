/**
 * Runs a benchmark on the embedded database and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on PostgreSQL in
 * a fresh database created next to it and dropped afterwards. `bench(label, env, open)` gets the environment a
 * command such as the seeder reads, and how to open that database. Also what several benches time the same way:
 * the dashboard's calls, a report over HTTP, percentiles, and the process's memory (the server runs in it).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import pg from 'pg';
import { DASHBOARD_WIDGETS, type ReportId } from '@enamel/contracts';
import { openDatabase, type DatabaseHandle } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { withConfiguredDatabase } from '../apps/api/src/cli.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { forecastDemoPractices } from '../apps/api/src/features/seeder/demo-forecasts.ts';
import { runSeedCommand } from '../apps/api/src/features/seeder/seed-command.ts';
import { seedDemoData, type DemoOptions } from '../apps/api/src/features/seeder/seeder.service.ts';
import { signIn } from './sign-in.ts';

export type BenchOnDatabase = (label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>) => Promise<void>;

export interface BenchDatabase {
  env: NodeJS.ProcessEnv;
  open: () => Promise<DatabaseHandle>;
}

/** `embedded: false` skips the embedded database (a bench too long for it says why in `skipped`). */
export async function onEachDatabase(prefix: string, bench: BenchOnDatabase, options: { embedded?: boolean; skipped?: string } = {}): Promise<void> {
  await onEachDatabaseSet(prefix, [''], (label, [one]) => bench(label, one!.env, one!.open), options);
}

/**
 * As `onEachDatabase`, with one fresh database per name in `names` on each kind, all open at once: a bench that
 * compares two sizes side by side measures them alternately, so a change in the machine's load falls on both.
 */
export async function onEachDatabaseSet(prefix: string, names: string[], bench: (label: string, databases: BenchDatabase[]) => Promise<void>, options: { embedded?: boolean; skipped?: string } = {}): Promise<void> {
  const { DATABASE_URL: _embeddedOnly, ...inherited } = process.env;
  if (options.embedded === false) console.log(`embedded: skipped${options.skipped ? ` (${options.skipped})` : ''}`);
  else {
    const dataDirs = names.map((name) => fs.mkdtempSync(path.join(os.tmpdir(), `enamel-bench-${prefix}${name && `-${name}`}-db-`)));
    try {
      await bench('embedded', dataDirs.map((dataDir) => ({ env: { ...inherited, DATA_DIR: dataDir }, open: () => openDatabase({ dataDir }) })));
    } finally {
      for (const dataDir of dataDirs) fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it');
    return;
  }
  const databaseNames = names.map((name) => `enamel_bench_${`${prefix}${name && `_${name}`}`.replace(/\W/g, '_')}_${process.pid}`);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const targets = databaseNames.map((name) => {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  });
  try {
    for (const name of databaseNames) {
      await admin.query(`drop database if exists ${name}`);
      await admin.query(`create database ${name}`);
    }
    await bench('PostgreSQL', targets.map((target) => ({ env: { ...inherited, DATABASE_URL: target, DATA_DIR: os.tmpdir() }, open: () => openDatabase({ url: target }) })));
  } finally {
    for (const name of databaseNames) await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}

/** Seeds the demo data as `npm run seed` does (catalog, practices, history, today's forecasts), `history` its size. */
function seedDemo(env: NodeJS.ProcessEnv, history: DemoOptions | undefined): Promise<number> {
  const io = { out: () => undefined, err: console.error };
  if (!history) return runSeedCommand(env, io);
  return withConfiguredDatabase(
    'seed',
    io,
    async (database) => {
      await seedDemoData(database.db, { userId: null, email: null, ip: 'cli', userAgent: 'bench' }, history);
      await forecastDemoPractices(database.db, null);
      return 0;
    },
    env,
  );
}

/** The demo data seeded into the database of `env` (`history`: the seeder's months and volume, else its defaults): how long it took, in seconds. */
export async function seedHistory(env: NodeJS.ProcessEnv, admin: { email: string; password: string }, history?: DemoOptions): Promise<number> {
  const started = performance.now();
  const seeded = await seedDemo({ ...env, SESSION_SECRET: 'bench-secret-bench-secret-bench-secret-01', ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }, history);
  if (seeded !== 0) throw new Error('seeding the demo data failed');
  return (performance.now() - started) / 1000;
}

/** The app on a seeded database, listening on a free port, and a signed-in admin's cookie. */
export async function startedApp(open: () => Promise<DatabaseHandle>, admin: { email: string; password: string }) {
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

/**
 * The demo data seeded into the database (`history`: the seeder's months and volume, else its defaults), the app
 * listening on a free port, and a signed-in admin's cookie; `seedSeconds`: how long seeding took.
 */
export async function seededApp(env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>, admin: { email: string; password: string }, history?: DemoOptions) {
  const seedSeconds = await seedHistory(env, admin, history);
  return { ...(await startedApp(open, admin)), seedSeconds };
}

/** The median of `times` runs of `fn`, after one warm-up run. */
export async function medianMs(fn: () => Promise<unknown>, times = 7): Promise<number> {
  const sorted = await sortedMs(fn, times);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** `times` runs of `fn` one after the other, after one warm-up run: each one's milliseconds, sorted. */
export async function sortedMs(fn: () => Promise<unknown>, times: number): Promise<number[]> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const start = performance.now();
    await fn();
    out.push(performance.now() - start);
  }
  return out.sort((a, b) => a - b);
}

/** The p-th percentile (nearest rank) of sorted figures. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** The dashboard's calls for one practice over HTTP, warm as the browser makes them: one widget, or every widget fired together as the page does. */
export function dashboardCalls(base: string, cookie: string, practiceId: number) {
  const call = async (widget: string) => {
    const res = await fetch(`${base}/api/admin/dashboard/${widget}?dental_practice_id=${practiceId}`, { headers: { cookie, 'accept-encoding': 'identity' } });
    if (res.status !== 200) throw new Error(`${widget}: ${res.status} ${await res.text()}`);
    await res.arrayBuffer();
  };
  return { call, page: () => Promise.all(DASHBOARD_WIDGETS.map(call)) };
}

/** The twelve months up to today that the report benches cover (`from`, `to`: local dates). */
export function twelveMonths(): { from: string; to: string } {
  return { from: new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10), to: new Date().toISOString().slice(0, 10) };
}

/** One report as JSON over HTTP with its default filters over `from`–`to`: its row count. */
export async function fetchReport(base: string, cookie: string, report: ReportId, practiceId: number, period: { from: string; to: string }): Promise<number> {
  const res = await fetch(`${base}/api/reports/report-data?report=${report}&dental_practice_id=${practiceId}&from=${period.from}&to=${period.to}`, { headers: { cookie, 'accept-encoding': 'identity' } });
  if (res.status !== 200) throw new Error(`${report}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { row_count: number } }).data.row_count;
}

export interface Memory {
  rss: number;
  heapUsed: number;
}
const MB = 1024 * 1024;
export const memoryNow = (): Memory => {
  const m = process.memoryUsage();
  return { rss: m.rss, heapUsed: m.heapUsed };
};
export const formatMemory = (m: Memory) => `RSS ${(m.rss / MB).toFixed(0)} MB, heap ${(m.heapUsed / MB).toFixed(0)} MB`;

/** A full garbage collection (exposed for the bench: no flag needed), so that an idle figure holds live memory only. */
export function collectGarbage(): void {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}

/** Runs `fn` while sampling this process's memory every 20 ms: the memory before and the peak of RSS and heap meanwhile. */
export async function peakMemory<T>(fn: () => Promise<T>): Promise<{ result: T; before: Memory; peak: Memory }> {
  const before = memoryNow();
  const peak = { ...before };
  const sample = () => {
    const m = memoryNow();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heapUsed = Math.max(peak.heapUsed, m.heapUsed);
  };
  const sampler = setInterval(sample, 20);
  try {
    const result = await fn();
    sample();
    return { result, before, peak };
  } finally {
    clearInterval(sampler);
  }
}
