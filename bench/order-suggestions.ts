/**
 * Order suggestions, transfer suggestions and expiry waste ahead (issue 24, Speed: order suggestions for a demo
 * practice ≤ 300 ms warm on PostgreSQL and ≤ 600 ms embedded; transfer suggestions across the three demo practices
 * ≤ 1 s), over HTTP (session, abilities, practice check, list engine, serialisation) for the demo practice with the
 * most inventories, warm, on the embedded database and, with BENCH_DATABASE_URL (or TEST_DATABASE_URL), on
 * PostgreSQL in a fresh database created next to it and dropped afterwards. The demo data is seeded as
 * `npm run seed` does (with its forecasts for today); when it has no supplier offers yet, suppliers, two offers per
 * product and open purchase orders are added (set-based), so that the chosen offer and on-order netting are read.
 * Each route's figures are printed next to floors: the same computation called directly (no HTTP), and the bare
 * candidate statement (every active inventory of the practice with its offer, on order and stored forecast).
 * BENCH_ITERATIONS (30); BENCH_EXPLAIN=1 prints the candidate statement's plan.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { rowsOf, type Database, type DatabaseHandle } from '@enamel/db';
import { sqlCol, sqlRow } from '../apps/api/src/core/sql-rows.ts';
import { analyzeStaleTables } from '../apps/api/src/core/table-statistics.ts';
import { practiceContext } from '../apps/api/src/features/practice-context/index.ts';
import { candidatesSql, neededSuggestions } from '../apps/api/src/features/replenishment/candidates.ts';
import { expiryWaste } from '../apps/api/src/features/replenishment/expiry-waste.ts';
import { suggestionRow } from '../apps/api/src/features/replenishment/order-suggestions.list.ts';
import { transferSuggestions } from '../apps/api/src/features/replenishment/transfers.ts';
import { onEachDatabase, seededApp } from './bench-databases.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 30);
const WARMUP = 3;
const ADMIN = { email: 'bench-suggestions@example.test', password: 'Tooth-Fairy-2026!' };

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function measure(fn: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const countRow = sqlRow({ n: sqlCol.int });

/** Suppliers, two offers per product (one preferred for a third of them) and open and received purchase orders in each practice, when the demo data has no offers. */
async function ensureSupplyData(db: Database): Promise<boolean> {
  const [offers] = await rowsOf(db, countRow, sql`select count(*)::int as n from supplier_offers`);
  if (offers!.n > 0) return false;
  await db.execute(sql`insert into suppliers (name, currency, lead_time_days, email)
    select 'Bench supplier ' || g, 'GBP', 3 + g * 2, 'orders' || g || '@supplier.test' from generate_series(1, 4) g`);
  await db.execute(sql`
    insert into supplier_offers (supplier_id, product_id, supplier_sku, purchase_unit, units_per_purchase_unit, price, minimum_order_quantity, lead_time_days, preferred)
    select s.id, p.id, 'S' || s.id || '-' || p.id, 'box', (1 + (p.id % 4) * 5)::numeric, round(p.purchase_price * (0.9 + k * 0.1), 4), 1 + p.id % 3,
           case when p.id % 5 = 0 then null else 2 + (p.id + k) % 9 end, k = 0 and p.id % 3 = 0
      from products p cross join generate_series(0, 1) k
      join lateral (select id from suppliers where name like 'Bench supplier %' order by id offset (p.id + k) % 4 limit 1) s on true`);
  // Per practice: 6 open purchase orders (2 draft, 1 approved, 2 sent, 1 partially received) and 20 received ones, 12 lines each.
  await db.execute(sql`
    insert into purchase_orders (dental_practice_id, supplier_id, number, status, currency)
    select dp.id, (select id from suppliers where name like 'Bench supplier %' order by id offset g % 4 limit 1), 'BENCH-' || dp.id || '-' || g,
           case when g < 6 then (array['draft', 'draft', 'approved', 'sent', 'sent', 'partially_received'])[1 + g] else 'received' end, 'GBP'
      from dental_practices dp cross join generate_series(0, 25) g`);
  await db.execute(sql`
    insert into purchase_order_lines (purchase_order_id, product_id, purchase_unit, units_per_purchase_unit, quantity, unit_price, received_quantity)
    select o.id, i.product_id, 'box', 5, 2 + i.id % 3, 10, case o.status when 'received' then 2 + i.id % 3 when 'partially_received' then 1 else 0 end
      from purchase_orders o
      join lateral (select i.id, i.product_id from inventories i where i.dental_practice_id = o.dental_practice_id
                    order by (i.id * 7919 + o.id * 104729) % 1000 limit 12) i on true
     where o.number like 'BENCH-%'`);
  return true;
}

async function benchOne(label: string, env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>): Promise<void> {
  const { database, base, cookie, close } = await seededApp(env, open, ADMIN);
  try {
    const { db } = database;
    const added = await ensureSupplyData(db);
    // The rows just added (the seeder analyzed what it loaded itself).
    if (added) await analyzeStaleTables(db);
    const [largest] = await rowsOf(
      db,
      sqlRow({ id: sqlCol.int, name: sqlCol.text, n: sqlCol.int }),
      sql`select p.id, p.name, count(*)::int as n from inventories i join dental_practices p on p.id = i.dental_practice_id where i.status = 'active' group by p.id, p.name order by n desc, p.id limit 1`,
    );
    const practiceId = largest!.id;
    const ctx = await practiceContext(db, { dental_practice_id: practiceId });
    const get = async (path: string) => {
      const res = await fetch(`${base}${path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return res.json() as Promise<{ meta?: { total: number }; data: { data?: unknown[]; total_lots?: number } }>;
    };
    const q = `dental_practice_id=${practiceId}`;
    const listPath = `/api/admin/list/order-suggestions?${q}`;
    const sortedPath = `/api/admin/list/order-suggestions?${q}&sort_column=line_total&sort_direction=desc&column_filters=${encodeURIComponent(JSON.stringify([{ field: 'order_packs', condition: 'greater_than_equal', value: 1 }]))}`;
    const transfersPath = `/api/replenishment/transfer-suggestions?${q}`;
    const wastePath = `/api/replenishment/expiry-waste?${q}&days=90`;
    const total = (await get(listPath)).meta!.total;
    const transfers = (await get(transfersPath)).data.data!.length;
    const lots = (await get(wastePath)).data.total_lots!;

    const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }> } }).$client;
    const dialect = new PgDialect();
    const bare = dialect.sqlToQuery(candidatesSql(ctx));
    const mayNeed = dialect.sqlToQuery(candidatesSql(ctx, undefined, 'may need'));
    if (process.env.BENCH_EXPLAIN) {
      for (const [what, stmt] of [['every inventory', bare], ['may need an order', mayNeed]] as const) {
        const plan = await client.query(`explain analyze ${stmt.sql}`, stmt.params);
        console.log(`-- candidate statement, ${what} (${label})\n${plan.rows.map((r) => Object.values(r)[0]).join('\n')}`);
      }
    }
    const scope = 'all' as const;
    const rows: Record<string, Record<string, number | string>> = {};
    const row = (name: string, answer: string, http: { p50: number; p95: number }, direct: { p50: number; p95: number }, target: string) => {
      rows[name] = {
        answer,
        'HTTP p50 ms': +http.p50.toFixed(1), 'HTTP p95 ms': +http.p95.toFixed(1),
        'direct p50 ms': +direct.p50.toFixed(1), 'direct p95 ms': +direct.p95.toFixed(1),
        target,
      };
    };
    const ownCtx = () => practiceContext(db, { dental_practice_id: practiceId });
    row('order suggestions (list page)', `${total} rows`, await measure(() => get(listPath)),
      await measure(async () => { const c = await ownCtx(); return (await neededSuggestions(c)).map((s) => suggestionRow(s, c.date)); }),
      label === 'embedded' ? '≤ 600 ms' : '≤ 300 ms');
    row('  sorted by line total, filtered', `${total} rows`, await measure(() => get(sortedPath)), { p50: NaN, p95: NaN }, '');
    row('transfer suggestions', `${transfers} transfers`, await measure(() => get(transfersPath)),
      await measure(async () => { const c = await ownCtx(); return transferSuggestions(c, await neededSuggestions(c), scope); }), '≤ 1000 ms');
    row('expiry waste ahead (90 days)', `${lots} lots`, await measure(() => get(wastePath)), await measure(async () => expiryWaste(await ownCtx(), 90)), '');
    const floorAll = await measure(() => client.query(bare.sql, bare.params));
    const floorNeed = await measure(() => client.query(mayNeed.sql, mayNeed.params));
    row('floor: bare candidate statement, every inventory', `${(await client.query(bare.sql, bare.params)).rows.length} rows`, floorAll, floorAll, '');
    row('floor: bare candidate statement, may need an order', `${(await client.query(mayNeed.sql, mayNeed.params)).rows.length} rows`, floorNeed, floorNeed, '');
    console.log(`\n${label}: ${largest!.name} (${largest!.n} inventories), forecast date ${ctx.date}${ctx.run ? `, run #${ctx.run.id}` : ', no stored run'}${added ? '; bench suppliers, offers and purchase orders added' : ''}`);
    console.log(`${ITERATIONS} sequential requests per figure after ${WARMUP} warm-up; "direct" = the route's computation called in-process (no HTTP); the floor rows are one statement on the database client`);
    console.table(rows);
  } finally {
    await close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase('order_suggestions', benchOne);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
