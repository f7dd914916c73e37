/**
 * Procedure completions over HTTP: POST /api/procedure/create, status `completed`, 5 items of stocked products
 * each (FEFO consumption, ledger movements, item costs, activity log, all in one transaction), through the real
 * stack on a listening server, next to the raw-SQL floor: the same inserts and updates of one completion sent
 * straight to the database in a loop (one transaction each, the same concurrency). The practice has BENCH_HISTORY (3,000)
 * completions before the run and fresh planner statistics, as a practice in use has.
 *
 * Runs on an embedded database in a temporary folder, and on PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set (in a
 * fresh database created next to it and dropped afterwards). BENCH_SECONDS (8) per figure, BENCH_CONNECTIONS (10)
 * concurrent clients (autocannon connections: the next request as soon as the last answered).
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc, eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import autocannon from 'autocannon';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, procedureCodes, procedures, products, type DatabaseHandle } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import type { Actor } from '../apps/api/src/core/activity-log.ts';
import { receive } from '../apps/api/src/features/stock/ledger.ts';
import { findLedgerDifferences } from '../apps/api/src/features/stock/ledger-check.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { seedCatalog } from '../apps/api/src/features/seeder/seeder.service.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { analyzeStaleTables } from '../apps/api/src/core/table-statistics.ts';
import { createPractice, createUser } from '../apps/api/test/factories.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
/** Stocked products a procedure draws its 5 items from (the gloves of every procedure are one of them). */
const POOL = 40;
const ITEMS = 5;
/** Completions the practice has before the run (BENCH_HISTORY). */
const HISTORY = Number(process.env.BENCH_HISTORY ?? 3000);
const BENCH_ACTOR: Actor = { userId: null, email: null, ip: 'bench', userAgent: 'bench' };

type Raw = { query(text: string, params?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> };

function percentile(sorted: number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
}

/** A fresh PostgreSQL database next to BENCH_DATABASE_URL (dropped afterwards); the given one when it cannot be created. */
async function freshPostgres(url: string, label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `enamel_bench_${label}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
  } catch {
    await admin.end();
    return { url, drop: async () => undefined };
  }
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name}`);
      await c.end();
    },
  };
}

const pick = (n: number, from: number[]) => {
  const copy = [...from];
  const out: number[] = [];
  while (out.length < n) out.push(copy.splice(Math.floor(Math.random() * copy.length), 1)[0]!);
  return out.sort((a, b) => a - b);
};

/**
 * One completion as plain SQL: what recordProcedure (features/procedures/procedure-commands.ts) writes, with none of the
 * checks, reads or serialisation around it, in the fewest round trips the locks allow — the shape the ledger uses
 * (ledger.ts `takeMany`): the items in one insert, the inventories locked in one statement and their lots in one,
 * the movements in one insert, the lots, the inventories and the items' costs one update each.
 */
async function rawCompletion(c: Raw, practiceId: number, codeId: number, productIds: number[], userId: number) {
  const values = (rows: number, width: number, from = 1) =>
    Array.from({ length: rows }, (_, r) => `(${Array.from({ length: width }, (_, k) => `$${from + r * width + k}`).join(', ')})`).join(', ');
  await c.query('begin');
  try {
    const [proc] = (await c.query(`insert into procedures (dental_practice_id, procedure_code_id, performed_at, provider, status, created_by) values ($1, $2, now(), 'Bench', 'completed', $3) returning id`, [practiceId, codeId, userId])).rows;
    const items = (await c.query(`insert into procedure_items (procedure_id, product_id, quantity) select $1::int, p::int, 1 from (values ${values(productIds.length, 1, 2)}) v(p) returning id, product_id`, [proc!.id, ...productIds])).rows as Array<{ id: number; product_id: number }>;
    const ids = productIds.map((_, i) => `$${i + 2}`).join(', ');
    const invs = (await c.query(`select id, product_id from inventories where dental_practice_id = $1 and product_id in (${ids}) order by product_id for update`, [practiceId, ...productIds])).rows as Array<{ id: number; product_id: number }>;
    const lotRows = (await c.query(`select id, inventory_id, location_id, unit_cost, expiry_date::text as expiry_date, received_at from lots where inventory_id in (${invs.map((_, i) => `$${i + 1}`).join(', ')}) and quantity > 0 order by id for update`, invs.map((i) => i.id))).rows as Array<{ id: number; inventory_id: number; location_id: number; unit_cost: string; expiry_date: string | null; received_at: Date }>;
    const firstLot = (inventoryId: number) =>
      lotRows
        .filter((l) => l.inventory_id === inventoryId)
        .sort((a, b) => (a.expiry_date ?? '9999').localeCompare(b.expiry_date ?? '9999') || +new Date(a.received_at) - +new Date(b.received_at) || a.id - b.id)[0]!;
    const taken = items.map((item) => {
      const inv = invs.find((i) => i.product_id === item.product_id)!;
      return { item, inv, lot: firstLot(inv.id) };
    });
    await c.query(
      `insert into stock_movements (dental_practice_id, inventory_id, product_id, lot_id, location_id, type, quantity, unit_cost, procedure_id, procedure_item_id, user_id, occurred_at)
       select $1::int, i::int, p::int, l::int, loc::int, 'consume', -1, u::numeric, $2::int, it::int, $3::int, now() from (values ${values(taken.length, 6, 4)}) v(i, p, l, loc, u, it)`,
      [practiceId, proc!.id, userId, ...taken.flatMap((t) => [t.inv.id, t.item.product_id, t.lot.id, t.lot.location_id, t.lot.unit_cost, t.item.id])],
    );
    await c.query(`update lots set quantity = lots.quantity - 1 from (values ${values(taken.length, 1)}) v(id) where lots.id = v.id::int`, taken.map((t) => t.lot.id));
    await c.query(`update inventories set on_hand = inventories.on_hand - 1 from (values ${values(taken.length, 1)}) v(id) where inventories.id = v.id::int`, taken.map((t) => t.inv.id));
    await c.query(`update procedure_items set cost = v.cost::numeric from (values ${values(taken.length, 2)}) v(id, cost) where procedure_items.id = v.id::int`, taken.flatMap((t) => [t.item.id, t.lot.unit_cost]));
    await c.query(`insert into activity_logs (user_id, dental_practice_id, action, subject, subject_id, ip) values ($1, $2, 'create', 'Procedure', $3, 'bench')`, [userId, practiceId, String(proc!.id)]);
    await c.query('commit');
  } catch (err) {
    await c.query('rollback');
    throw err;
  }
}

async function signIn(base: string, email: string, password: string) {
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
  const set = login.headers.getSetCookie().join(';');
  const session = /enamel_session=([^;]+)/.exec(set)![1]!;
  // Signing in renews the CSRF token.
  const token = /XSRF-TOKEN=([^;]+)/.exec(set)?.[1] ?? xsrf;
  return { cookie: `enamel_session=${session}; XSRF-TOKEN=${token}`, xsrf: decodeURIComponent(token) };
}

async function benchOne(database: DatabaseHandle, rawClients: () => Promise<{ clients: Raw[]; release: () => Promise<void> }>) {
  const { db } = database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  await database.migrate();
  await seedRoles(db);
  await seedCatalog(db, BENCH_ACTOR);
  const practice = await createPractice(db);
  const user = await createUser(db, { role: 'Practice Manager', practiceIds: [practice.id], email: `bench-proc-${Date.now()}@example.test` });

  // A stocked pool: plenty of every product, in two lots each (tracked products with two expiries).
  const pool = (await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(POOL)).map((p) => p.id);
  await db.transaction(async (tx) => {
    for (const productId of pool) {
      for (const [lot, expiry] of [['BENCH-A', '2030-01-31'], ['BENCH-B', '2031-06-30']] as const) {
        await receive(tx, { practiceId: practice.id, userId: user.id }, { productId, quantity: '1000000', unitCost: '0.2500', lotNumber: lot, expiryDate: expiry });
      }
    }
  });
  const [code] = await db.select({ id: procedureCodes.id }).from(procedureCodes).where(eq(procedureCodes.code, 'D2391'));

  // A practice with history (HISTORY completions, the floor's own writes, one after the other) before the planner's
  // statistics are taken as the app's start (bootstrap) takes them: the figures are those of a practice in use, whose
  // plans were made on tables of its size, not of an empty one whose tables grow from nothing during the run (the
  // embedded database has no autovacuum; the server refreshes its statistics at start, after imports and seeding, and
  // every minute while it runs: longer than a figure's 8 seconds). BENCH_HISTORY=0 keeps the empty start.
  const { clients: historyClients, release: releaseHistory } = await rawClients();
  for (let i = 0; i < HISTORY; i++) await rawCompletion(historyClients[0]!, practice.id, code!.id, pick(ITEMS, pool), user.id);
  await releaseHistory();
  await analyzeStaleTables(db);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const { cookie, xsrf } = await signIn(base, user.email, user.password);
  const body = () =>
    JSON.stringify({
      dental_practice_id: practice.id, procedure_code_id: code!.id, performed_at: new Date().toISOString(), provider: 'Dr. Bench', status: 'completed',
      items: pick(ITEMS, pool).map((product_id) => ({ product_id, quantity: '1' })),
    });
  const probe = await fetch(`${base}/api/procedure/create`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf }, body: body() });
  if (probe.status !== 201) throw new Error(`procedure create: HTTP ${probe.status} ${await probe.text()}`);

  // `clients` concurrent connections (autocannon, as the /api/user bench: a lean HTTP client, so the figure is the
  // server's and not a heavy client's in the same process), each posting its next completion as soon as the last one
  // answered, every one with its own 5 products.
  const load = async (clients: number) => {
    const result = await autocannon({
      url: `${base}/api/procedure/create`,
      connections: clients,
      duration: DURATION,
      requests: [{ method: 'POST', headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf }, setupRequest: (request: Record<string, unknown>) => ({ ...request, body: body() }) }],
    });
    return { clients, rate: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
  };
  const httpMany = await load(CONNECTIONS);
  const httpOne = await load(1);
  await app.close();

  // The floor: the same writes, CONNECTIONS loops in parallel (one on the embedded database: it is one connection).
  const { clients, release } = await rawClients();
  const times: number[] = [];
  const end = performance.now() + DURATION * 1000;
  let done = 0;
  await Promise.all(
    clients.map(async (c) => {
      while (performance.now() < end) {
        const start = performance.now();
        await rawCompletion(c, practice.id, code!.id, pick(ITEMS, pool), user.id);
        times.push(performance.now() - start);
        done++;
      }
    }),
  );
  await release();
  times.sort((a, b) => a - b);

  const differences = await findLedgerDifferences(db);
  const recorded = (await db.select({ id: procedures.id }).from(procedures).where(inArray(procedures.dentalPracticeId, [practice.id]))).length;
  fs.rmSync(dataDir, { recursive: true, force: true });
  const sqlRate = done / DURATION;
  const http = clients.length === 1 ? httpOne : httpMany;
  const row = (h: typeof httpOne) => ({ 'completions/s': +h.rate.toFixed(1), 'p50 ms': +h.p50.toFixed(2), 'p99 ms': +h.p99.toFixed(2), clients: h.clients, note: `${h.errors} errors` });
  return {
    [`HTTP POST /api/procedure/create, ${CONNECTIONS} clients (${database.kind})`]: row(httpMany),
    [`HTTP POST /api/procedure/create, 1 client (${database.kind})`]: row(httpOne),
    [`raw SQL, same writes (${database.kind})`]: { 'completions/s': +sqlRate.toFixed(1), 'p50 ms': +percentile(times, 50).toFixed(2), 'p99 ms': +percentile(times, 99).toFixed(2), clients: clients.length, note: '' },
    [`ratio HTTP / SQL at ${clients.length} client(s) (${database.kind})`]: {
      'completions/s': +(http.rate / sqlRate).toFixed(2), 'p50 ms': +(http.p50 / percentile(times, 50)).toFixed(2), 'p99 ms': +(http.p99 / percentile(times, 99)).toFixed(2),
      clients: clients.length, note: `ledger differences after all: ${differences.length}; procedures: ${recorded}`,
    },
  };
}

export async function run(): Promise<void> {
  const results: Record<string, Record<string, number | string>> = {};
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-db-'));
  const embedded = await openDatabase({ dataDir: dir });
  try {
    Object.assign(results, await benchOne(embedded, async () => ({ clients: [(embedded.db as unknown as { $client: PGlite }).$client as unknown as Raw], release: async () => undefined })));
  } finally {
    await embedded.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    const fresh = await freshPostgres(postgresUrl, 'procedures');
    const database = await openDatabase({ url: fresh.url, poolSize: CONNECTIONS });
    try {
      Object.assign(
        results,
        await benchOne(database, async () => {
          const pool = new pg.Pool({ connectionString: fresh.url, max: CONNECTIONS });
          const clients = await Promise.all(Array.from({ length: CONNECTIONS }, () => pool.connect()));
          return { clients, release: async () => { clients.forEach((c) => c.release()); await pool.end(); } };
        }),
      );
    } finally {
      await database.close();
      await fresh.drop();
    }
  }
  console.log(`\nProcedure completions, ${ITEMS} items each from ${POOL} stocked products (${DURATION}s per figure)`);
  console.table(results);
  console.log('The ratio compares HTTP and SQL at the same concurrency (one client on the embedded database, which is one connection): completions/s < 1 is the share of');
  console.log('the raw-SQL throughput the full stack keeps (session, CSRF, abilities, validation, the ledger\'s reads and locks, activity log, JSON); latencies > 1 its cost.');
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
