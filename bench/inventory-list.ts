/**
 * The inventory list page (GET /api/admin/list/inventories?dental_practice_id=…) at 3 practices × 20,000 products
 * × 2,000,000 stock movements, through the real HTTP stack (session, abilities, practice check, list engine,
 * serialisation), next to the very same two statements (page and count) sent straight to the database.
 *
 * Data is generated with generate_series (a consistent ledger: lot and on-hand quantities are the sums of their
 * movements). PostgreSQL (BENCH_DATABASE_URL, in a fresh database created next to it and dropped afterwards) runs
 * the full scale. The embedded database runs 20,000 products but 200,000 movements by default: loading 2,000,000
 * rows into PGlite takes minutes, and the list never reads the movements (it reads inventories, products, brands,
 * categories and lots). BENCH_PRODUCTS, BENCH_MOVEMENTS, BENCH_EMBEDDED_MOVEMENTS, BENCH_ITERATIONS (100),
 * BENCH_EXPLAIN=1 prints the plans, BENCH_SETUP_SQL runs extra statements (e.g. a candidate index) after loading.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { listQuerySchema } from '@enamel/contracts';
import { dentalPractices, inventories, openDatabase, rowsOf, type Database, type DatabaseHandle } from '@enamel/db';
import { sqlCol, sqlRow } from '../apps/api/src/core/sql-rows.ts';
import { buildApp } from '../apps/api/src/app.ts';
import { listQueries } from '../apps/api/src/core/list-engine.ts';
import { inventoryList } from '../apps/api/src/features/inventory/inventory.list.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { createUser } from '../apps/api/test/factories.ts';
import { signIn } from './sign-in.ts';

const PRACTICES = 3;
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 20_000);
const MOVEMENTS = Number(process.env.BENCH_MOVEMENTS ?? 2_000_000);
const EMBEDDED_MOVEMENTS = Number(process.env.BENCH_EMBEDDED_MOVEMENTS ?? 200_000);
const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const WARMUP = 10;

type RawClient = { query(text: string, params: unknown[]): Promise<unknown> };

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function measure(fn: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99) };
}

/** A fresh PostgreSQL database next to BENCH_DATABASE_URL (dropped afterwards); the given one when it cannot be created. */
async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `enamel_bench_inventory_${process.pid}`;
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

/**
 * 50 brands, 10 × 5 categories, PRODUCTS products (a third tracking lots), every product stocked in each practice
 * (3 × PRODUCTS inventories), one running lot per untracked and two dated lots per tracked inventory, then
 * `movements` movements: one receipt per lot, the rest small consumptions spread over 18 months.
 */
async function load(db: Database, movements: number): Promise<number[]> {
  const tag = Date.now().toString(36);
  const practiceIds = (
    await db.insert(dentalPractices).values(Array.from({ length: PRACTICES }, (_, i) => ({ name: `Bench practice ${i + 1}`, code: `BENCH-INV-${tag}-${i}` }))).returning({ id: dentalPractices.id })
  ).map((p) => p.id);
  const ids = sql.raw(`ARRAY[${practiceIds.join(',')}]::bigint[]`);
  await db.execute(sql`insert into brands (name, manufacturer) select 'Bench brand ' || ${tag} || ' ' || g, 'Bench' from generate_series(1, 50) g`);
  await db.execute(sql`insert into categories (name) select 'Bench category ' || ${tag} || ' ' || g from generate_series(1, 10) g`);
  await db.execute(sql`insert into categories (name, parent_id) select 'Sub ' || g, c.id from categories c cross join generate_series(1, 5) g where c.name like ${`Bench category ${tag} %`}`);
  await db.execute(sql`
    with b as (select array_agg(id order by id) a from brands where name like ${`Bench brand ${tag} %`}),
         c as (select array_agg(id order by id) a from categories where name like 'Sub %' and parent_id is not null)
    insert into products (name, sku, brand_id, category_id, usage_unit, purchase_unit, units_per_purchase_unit, purchase_price, tracks_lots)
    select (array['Nitrile gloves','Composite','Diamond bur','Needles','Cotton rolls','Impression material','Bonding agent','Suture','Gauze','Saliva ejectors'])[1 + g % 10]
             || ' ' || substr(md5(g::text), 1, 10),
           'BENCH-' || ${tag} || '-' || g, b.a[1 + g % 50], c.a[1 + g % 50], 'each', 'box', 1 + (g % 4) * 25, (5 + g % 200)::numeric, g % 3 = 0
      from generate_series(1, ${PRODUCTS}::int) g, b, c`);
  await db.execute(sql`
    insert into inventories (dental_practice_id, product_id, reorder_point, par_level, location)
    select pr, p.id, 10 + p.id % 40, 100 + p.id % 200, 'Shelf ' || (p.id % 30)
      from products p cross join unnest(${ids}) pr where p.sku like ${`BENCH-${tag}-%`}`);
  await db.execute(sql`
    insert into lots (inventory_id, lot_number, expiry_date, unit_cost, received_at)
    select i.id, case when p.tracks_lots then 'L' || i.id || '-' || n end,
           case when p.tracks_lots then current_date + ((i.id * 7 + n * 97) % 700 - 40)::int end,
           round(p.purchase_price / p.units_per_purchase_unit, 4), now() - interval '540 days'
      from inventories i join products p on p.id = i.product_id
      cross join generate_series(1, 2) n
     where i.dental_practice_id = any(${ids}) and (p.tracks_lots or n = 1)`);
  // Lots numbered 1…L; movement g lands on lot 1 + g % L: the first L movements are receipts, the rest consumptions.
  // A plain table, not a temporary one: on PostgreSQL each statement may run on another pooled connection.
  await db.execute(sql`create unlogged table bench_lots as select row_number() over (order by l.id) as rn, l.id, l.inventory_id, i.dental_practice_id, i.product_id, l.unit_cost from lots l join inventories i on i.id = l.inventory_id where i.dental_practice_id = any(${ids})`);
  const L = (await rowsOf(db, sqlRow({ n: sqlCol.int }), sql`select count(*) as n from bench_lots`))[0]!.n;
  await db.execute(sql`
    insert into stock_movements (dental_practice_id, inventory_id, product_id, lot_id, type, quantity, unit_cost, occurred_at)
    select b.dental_practice_id, b.inventory_id, b.product_id, b.id,
           case when g <= ${L}::int then 'receive' else 'consume' end,
           case when g <= ${L}::int then 1000 else -(1 + g % 3) end,
           b.unit_cost, now() - interval '540 days' + (g::float8 / ${movements}::int) * interval '540 days'
      from generate_series(0, ${movements}::int - 1) g join bench_lots b on b.rn = 1 + g % ${L}::int`);
  await db.execute(sql`update lots l set quantity = s.total from (select lot_id, sum(quantity) total from stock_movements where dental_practice_id = any(${ids}) group by lot_id) s where s.lot_id = l.id`);
  await db.execute(sql`update inventories i set on_hand = s.total from (select inventory_id, sum(quantity) total from stock_movements where dental_practice_id = any(${ids}) group by inventory_id) s where s.inventory_id = i.id`);
  // Some stock low or out, for the filters.
  await db.execute(sql`update inventories set reorder_point = on_hand + 5 where dental_practice_id = any(${ids}) and id % 17 = 0`);
  await db.execute(sql`drop table bench_lots`);
  if (process.env.BENCH_SETUP_SQL) for (const stmt of process.env.BENCH_SETUP_SQL.split(';')) if (stmt.trim()) await db.execute(sql.raw(stmt));
  for (const table of ['products', 'inventories', 'lots', 'stock_movements']) await db.execute(sql.raw(`analyze ${table}`));
  return practiceIds;
}

const SCENARIOS: Array<{ name: string; params: Record<string, string> }> = [
  { name: 'as it opens: by product name, page 1', params: { current_page: '1', pagesize: '25' } },
  { name: 'by product name, page 400', params: { current_page: '400', pagesize: '25' } },
  { name: 'by value, highest first', params: { sort_column: 'value', sort_direction: 'desc', pagesize: '25' } },
  { name: 'stock status = low, by nearest expiry', params: { sort_column: 'nearest_expiry', sort_direction: 'asc', pagesize: '25', column_filters: JSON.stringify([{ field: 'stock_status', condition: 'equal', value: 'low' }]) } },
  { name: 'search "gloves", by on hand', params: { search: 'gloves', sort_column: 'on_hand', sort_direction: 'asc', pagesize: '25' } },
];

async function benchOne(database: DatabaseHandle, movements: number) {
  const { db } = database;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  await database.migrate();
  await seedRoles(db);
  const loadStart = performance.now();
  const practiceIds = await load(db, movements);
  const loadMs = performance.now() - loadStart;
  const practiceId = practiceIds[1]!;
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const user = await createUser(db, { role: 'Practice Manager', practiceIds, email: `bench-inv-${Date.now()}@example.test` });
  const cookie = await signIn(base, user.email, user.password);
  const client = (db as unknown as { $client: RawClient }).$client;
  const results: Record<string, Record<string, number | string>> = {};
  const plans: string[] = [];
  for (const s of SCENARIOS) {
    const params = { ...s.params, dental_practice_id: String(practiceId) };
    const url = `${base}/api/admin/list/inventories?${new URLSearchParams(params).toString()}`;
    const first = await fetch(url, { headers: { cookie } });
    if (first.status !== 200) throw new Error(`${s.name}: HTTP ${first.status} ${await first.text()}`);
    const body = (await first.json()) as { meta: { total: number } };
    const q = listQueries(db, inventoryList, listQuerySchema.parse(s.params), eq(inventories.dentalPracticeId, practiceId));
    const page = q.page.toSQL();
    const count = q.count.toSQL();
    if (process.env.BENCH_EXPLAIN) {
      for (const [label, stmt] of [['page', page], ['count', count]] as const) {
        const plan = (await client.query(`explain analyze ${stmt.sql}`, stmt.params)) as { rows: Array<Record<string, string>> };
        plans.push(`-- ${s.name} (${label}, ${database.kind})`, ...plan.rows.map((r) => Object.values(r)[0]!));
      }
    }
    const http = await measure(async () => {
      const res = await fetch(url, { headers: { cookie } });
      if (res.status !== 200) throw new Error(`HTTP ${res.status}`);
      await res.arrayBuffer();
    });
    const direct = await measure(async () => {
      await Promise.all([client.query(page.sql, page.params), client.query(count.sql, count.params)]);
    });
    results[`${s.name} (${database.kind})`] = {
      rows: body.meta.total,
      'HTTP p50 ms': +http.p50.toFixed(2), 'HTTP p99 ms': +http.p99.toFixed(2),
      'SQL p50 ms': +direct.p50.toFixed(2), 'SQL p99 ms': +direct.p99.toFixed(2),
      'p50 ratio': +(http.p50 / direct.p50).toFixed(2), 'p99 ratio': +(http.p99 / direct.p99).toFixed(2),
    };
  }
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return { results, plans, loadMs };
}

export async function run(): Promise<void> {
  const all: Record<string, Record<string, number | string>> = {};
  const lines: string[] = [];
  const notes: string[] = [];
  const embeddedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-db-'));
  const embedded = await openDatabase({ dataDir: embeddedDir });
  try {
    const { results, plans, loadMs } = await benchOne(embedded, EMBEDDED_MOVEMENTS);
    Object.assign(all, results);
    lines.push(...plans);
    notes.push(`embedded: ${PRACTICES} practices × ${PRODUCTS.toLocaleString('en')} products × ${EMBEDDED_MOVEMENTS.toLocaleString('en')} movements, loaded in ${(loadMs / 1000).toFixed(1)}s`);
  } finally {
    await embedded.close();
    fs.rmSync(embeddedDir, { recursive: true, force: true });
  }
  if (process.env.BENCH_DATABASE_URL) {
    const fresh = await freshPostgres(process.env.BENCH_DATABASE_URL);
    const database = await openDatabase({ url: fresh.url });
    try {
      const { results, plans, loadMs } = await benchOne(database, MOVEMENTS);
      Object.assign(all, results);
      lines.push(...plans);
      notes.push(`postgres: ${PRACTICES} practices × ${PRODUCTS.toLocaleString('en')} products × ${MOVEMENTS.toLocaleString('en')} movements, loaded in ${(loadMs / 1000).toFixed(1)}s`);
    } finally {
      await database.close();
      await fresh.drop();
    }
  } else notes.push('postgres: skipped (set BENCH_DATABASE_URL for the full 2,000,000-movement scale)');
  console.log(`\nGET /api/admin/list/inventories for one practice (${PRODUCTS.toLocaleString('en')} inventories in it)`);
  for (const note of notes) console.log(`  ${note}`);
  console.log(`${ITERATIONS} sequential requests per figure after ${WARMUP} warm-up; "SQL" = the list engine's page and count statements on the database client directly`);
  console.table(all);
  if (lines.length) console.log(lines.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
