/**
 * The list engine on a large table: 200,000 activity log entries, a filtered, sorted page
 * through the real HTTP stack (session, abilities, practice scope, list engine, serialisation)
 * next to the very same two statements (page and count) sent straight to the database.
 *
 * BENCH_ROWS (200000), BENCH_ITERATIONS (300), BENCH_DATABASE_URL (PostgreSQL instead of the
 * embedded database; its activity_logs table is emptied), BENCH_EXPLAIN=1 prints the plans,
 * BENCH_SETUP_SQL runs extra statements (e.g. a candidate index) after seeding.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { inArray, sql, type SQL } from 'drizzle-orm';
import { listQuerySchema } from '@enamel/contracts';
import { activityLogs, dentalPractices, openDatabase, type Database } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { listQueries } from '../apps/api/src/core/list-engine.ts';
import { activityLogList } from '../apps/api/src/features/activity-logs/activity-logs.list.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { createUser } from '../apps/api/test/factories.ts';

const ROWS = Number(process.env.BENCH_ROWS ?? 200_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 300);
const WARMUP = 30;
const PRACTICES = 20;

/** Both drivers answer `query(text, params)`. */
type RawClient = { query(text: string, params: unknown[]): Promise<unknown> };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(fn: () => Promise<void>): Promise<{ p50: number; p99: number; mean: number }> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), mean: times.reduce((a, b) => a + b, 0) / times.length };
}

/** 200,000 entries over a year: 20 practices, 50 users, the app's actions and subjects. */
async function seed(db: Database): Promise<number[]> {
  const practiceIds = (
    await db
      .insert(dentalPractices)
      .values(Array.from({ length: PRACTICES }, (_, i) => ({ name: `Bench Practice ${i + 1}`, code: `BENCH-${Date.now().toString(36)}-${i}` })))
      .returning({ id: dentalPractices.id })
  ).map((p) => p.id);
  const ids = sql.raw(`ARRAY[${practiceIds.join(',')}]::bigint[]`);
  await db.execute(sql`
    insert into activity_logs (user_id, user_email, dental_practice_id, action, subject, subject_id, before, after, ip, user_agent, created_at)
    select 1 + g % 50,
           'user' || (g % 50) || '@clinic.test',
           (${ids})[1 + (g / 7) % ${PRACTICES}],
           (array['create','update','update','update','delete','login','logout','login_failed'])[1 + (g * 7) % 8],
           (array['Product','Inventory','Procedure','User','Brand','DentalPractice'])[1 + (g * 13) % 6],
           (g % 5000)::text,
           case when g % 3 = 0 then jsonb_build_object('quantity', g % 100) end,
           jsonb_build_object('quantity', g % 97, 'note', 'bench'),
           '10.0.' || (g % 255) || '.' || (g % 7),
           'Mozilla/5.0 (bench)',
           now() - g * (interval '365 days' / ${ROWS})
    from generate_series(1, ${ROWS}) g`);
  if (process.env.BENCH_SETUP_SQL) for (const stmt of process.env.BENCH_SETUP_SQL.split(';')) if (stmt.trim()) await db.execute(sql.raw(stmt));
  await db.execute(sql`analyze activity_logs`);
  return practiceIds;
}

async function signIn(base: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
  return `enamel_session=${/enamel_session=([^;]+)/.exec(login.headers.getSetCookie().join(';'))![1]!}`;
}

interface Scenario {
  name: string;
  role: 'Super Admin' | 'Practice Manager';
  params: Record<string, string>;
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const database = process.env.BENCH_DATABASE_URL ? await openDatabase({ url: process.env.BENCH_DATABASE_URL }) : await openDatabase();
  const { db } = database;
  await database.migrate();
  await seedRoles(db);
  await db.execute(sql`truncate activity_logs`); // a rerun on PostgreSQL starts from the same table
  const seedStart = performance.now();
  const practiceIds = await seed(db);
  const seedMs = performance.now() - seedStart;

  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const mine = practiceIds.slice(0, 2);
  const cookies = {
    'Practice Manager': await (async () => {
      const u = await createUser(db, { role: 'Practice Manager', practiceIds: mine, email: `bench-pm-${Date.now()}@example.test` });
      return signIn(base, u.email, u.password);
    })(),
    'Super Admin': await (async () => {
      const u = await createUser(db, { role: 'Super Admin', email: `bench-sa-${Date.now()}@example.test` });
      return signIn(base, u.email, u.password);
    })(),
  };

  const since = new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10);
  const scenarios: Scenario[] = [
    { name: 'super admin: the log as it opens (newest first, no filter), page 1', role: 'Super Admin', params: { current_page: '1', pagesize: '25' } },
    {
      name: 'manager, 2 practices: action=update, subject=Inventory, newest first, page 1',
      role: 'Practice Manager',
      params: {
        current_page: '1',
        pagesize: '25',
        sort_column: 'created_at',
        sort_direction: 'desc',
        column_filters: JSON.stringify([
          { field: 'action', condition: 'equal', value: 'update' },
          { field: 'subject', condition: 'equal', value: 'Inventory' },
        ]),
      },
    },
    {
      name: 'super admin: last 90 days, user_email contains "user1", by user_email, page 3',
      role: 'Super Admin',
      params: {
        current_page: '3',
        pagesize: '50',
        sort_column: 'user_email',
        sort_direction: 'asc',
        column_filters: JSON.stringify([
          { field: 'created_at', condition: 'greater_than', value: since },
          { field: 'user_email', condition: 'contain', value: 'user1' },
        ]),
      },
    },
  ];

  const client = (db as unknown as { $client: RawClient }).$client;
  const results: Record<string, Record<string, number | string>> = {};
  const lines: string[] = [];
  for (const s of scenarios) {
    const url = `${base}/api/admin/list/logs?${new URLSearchParams(s.params).toString()}`;
    const cookie = cookies[s.role];
    const first = await fetch(url, { headers: { cookie } });
    if (first.status !== 200) throw new Error(`${s.name}: HTTP ${first.status} ${await first.text()}`);
    const body = (await first.json()) as { data: unknown[]; meta: { total: number } };

    // The same statements the route runs: the route's scope, then the engine's page and count.
    const scope: SQL | undefined = s.role === 'Practice Manager' ? inArray(activityLogs.dentalPracticeId, mine) : undefined;
    const q = listQueries(db, activityLogList, listQuerySchema.parse(s.params), scope);
    const page = q.page.toSQL();
    const count = q.count.toSQL();
    const direct = (await client.query(count.sql, count.params)) as { rows: Array<Record<string, string | number>> };
    const directTotal = Number(Object.values(direct.rows[0]!)[0]); // drizzle selects by position, unnamed
    if (directTotal !== body.meta.total) throw new Error(`${s.name}: HTTP total ${body.meta.total} ≠ direct ${directTotal}`);

    if (process.env.BENCH_EXPLAIN) {
      for (const [label, stmt] of [['page', page], ['count', count]] as const) {
        const plan = (await client.query(`explain analyze ${stmt.sql}`, stmt.params)) as { rows: Array<Record<string, string>> };
        lines.push(`-- ${s.name} (${label})`, ...plan.rows.map((r) => Object.values(r)[0]!));
      }
    }

    const http = await measure(async () => {
      const res = await fetch(url, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      await res.arrayBuffer();
    });
    const sqlOnly = await measure(async () => {
      await Promise.all([client.query(page.sql, page.params), client.query(count.sql, count.params)]);
    });
    results[s.name] = {
      'matching rows': body.meta.total,
      'HTTP p50 ms': +http.p50.toFixed(2),
      'HTTP p99 ms': +http.p99.toFixed(2),
      'SQL p50 ms': +sqlOnly.p50.toFixed(2),
      'SQL p99 ms': +sqlOnly.p99.toFixed(2),
      'p50 ratio': +(http.p50 / sqlOnly.p50).toFixed(2),
      'p99 ratio': +(http.p99 / sqlOnly.p99).toFixed(2),
    };
  }

  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`\nGET /api/admin/list/logs on ${ROWS.toLocaleString('en')} rows (${database.kind} database; seeded in ${(seedMs / 1000).toFixed(1)}s)`);
  console.log(`${ITERATIONS} sequential requests per figure after ${WARMUP} warm-up; "SQL" = the engine's page and count statements run on the database client directly`);
  console.table(results);
  if (lines.length) console.log(lines.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
