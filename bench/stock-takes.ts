/**
 * Stock takes (issue 26, Speed: opening a stock take of 600 products ≤ 500 ms; approving 600 variances ≤ 2 s on
 * PostgreSQL). On a fresh migrated database (embedded, and PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL):
 * one practice stocking 600 products (half lot-tracked, two lots each), then, BENCH_ROUNDS times (3): start a full
 * stock take (expected quantities recorded, inventories locked), count every product off by a little (a third up, a
 * third down, a third exact: 400 variances) and approve it (one adjust movement per variance, one transaction).
 * The counts are written in one statement (the counting is people's time, not the server's). Prints figures, asserts nothing.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@enamel/db';
import { approveTake, startTake } from '../apps/api/src/features/stock-takes/stock-take.service.ts';
import { onEachDatabase } from './bench-databases.ts';

const PRODUCTS = 600;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const actor = { userId: null, email: null, ip: 'bench', userAgent: 'bench' };

async function benchOne(label: string, _env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>): Promise<void> {
  const database = await open();
  try {
    await database.migrate();
    const { db } = database;
    const [practice] = (await db.execute(sql`insert into dental_practices (name, code) values ('Bench stock takes', 'BENCH-ST') returning id`)).rows as Array<{ id: number }>;
    const practiceId = Number(practice!.id);
    await db.execute(sql`insert into products (name, sku, usage_unit, purchase_unit, purchase_price, tracks_lots)
      select 'Bench product ' || g, 'BST-' || g, 'each', 'box', 5 + g % 20, g % 2 = 0 from generate_series(1, ${PRODUCTS}) g`);
    await db.execute(sql`insert into inventories (dental_practice_id, product_id, on_hand)
      select ${practiceId}, id, 40 from products where sku like 'BST-%'`);
    // Lots are held at a location (migration 0024): the practice's main store, made with the practice.
    const store = sql`(select id from storage_locations where dental_practice_id = ${practiceId} and is_main)`;
    await db.execute(sql`insert into lots (inventory_id, location_id, lot_number, expiry_date, unit_cost, quantity)
      select i.id, ${store}, case when p.tracks_lots then 'L' || k end, case when p.tracks_lots then current_date + 100 * k end, p.purchase_price, case when p.tracks_lots then 20 else 40 end
        from inventories i join products p on p.id = i.product_id cross join generate_series(1, 2) k
       where i.dental_practice_id = ${practiceId} and (p.tracks_lots or k = 1)`);
    await db.execute(sql`insert into stock_movements (dental_practice_id, inventory_id, product_id, lot_id, location_id, type, quantity, unit_cost)
      select ${practiceId}, l.inventory_id, i.product_id, l.id, l.location_id, 'receive', l.quantity, l.unit_cost from lots l join inventories i on i.id = l.inventory_id where i.dental_practice_id = ${practiceId}`);
    await db.execute(sql`analyze`);
    const starts: number[] = [];
    const approvals: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      let began = performance.now();
      const id = await startTake(db, actor, { dental_practice_id: practiceId, kind: 'all', category_id: null, location_id: null, cycle_size: 30, blind: true });
      starts.push(performance.now() - began);
      await db.execute(sql`insert into stock_take_counts (stock_take_line_id, quantity)
        select id, greatest(expected_quantity + (id % 3) - 1, 0) from stock_take_lines where stock_take_id = ${id}`);
      began = performance.now();
      await approveTake(db, actor, id);
      approvals.push(performance.now() - began);
    }
    const fmt = (list: number[]) => list.map((ms) => `${Math.round(ms)} ms`).join(', ');
    console.log(`${label}: start a stock take of ${PRODUCTS} products: ${fmt(starts)} (target ≤ 500 ms on PostgreSQL)`);
    console.log(`${label}: approve ~${Math.round((PRODUCTS * 2) / 3)} variances: ${fmt(approvals)} (target ≤ 2 s on PostgreSQL)`);
  } finally {
    await database.close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase('stock-takes', benchOne);
}
