import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../src/core/sql-rows.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { handMadeLedger } from './ledgers.ts';
import type { Agent } from './agent.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

/**
 * Migration 0024 (storage locations) run over a seeded database as it was before it: the test database is
 * migrated to the newest version, so the data is written first (the demo seeder's history and a hand-made ledger),
 * the schema is taken back to before 0024 (its columns, table and trigger dropped, and what later migrations added on
 * them), and the migration's own file is
 * run again. Nothing is lost: every practice gets one main store holding every lot, every movement is at its lot's
 * location, on hand, lots and the rollups are unchanged, and check:ledger is clean before and after.
 */
const MIGRATION = fileURLToPath(new URL('../../../packages/db/migrations/0024_storage_locations.sql', import.meta.url));
const statements = fs.readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint').map((s) => s.trim()).filter(Boolean);

const BEFORE_0024 = [
  // Later migrations that refer to the locations are taken back first: 0026 (par levels), 0027 (a stock take's location).
  'DROP TABLE location_par_levels',
  'ALTER TABLE stock_takes DROP COLUMN location_id',
  'ALTER TABLE procedures DROP COLUMN location_id',
  'ALTER TABLE stock_movements DROP COLUMN location_id',
  'ALTER TABLE lots DROP COLUMN location_id',
  'DROP TRIGGER dental_practices_main_store ON dental_practices',
  'DROP FUNCTION storage_locations_main_store()',
  'DROP TABLE storage_locations',
  'ALTER TABLE stock_movements DROP CONSTRAINT stock_movements_type',
  `ALTER TABLE stock_movements ADD CONSTRAINT stock_movements_type CHECK (type in ('receive', 'consume', 'adjust', 'transfer_out', 'transfer_in', 'expire', 'waste', 'return'))`,
];

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const figures = sqlRow({ key: sqlCol.text, figure: sqlCol.text });
/** Every stock figure that must survive the migration, one text per row (inventories, lots, movements, rollups). */
const snapshot = async () => {
  const db = t.database.db;
  const of = async (query: ReturnType<typeof sql>) => (await rowsOf(db, figures, query)).map((r) => `${r.key}=${r.figure}`);
  return {
    inventories: await of(sql`select id::text as key, on_hand::text as figure from inventories order by id`),
    lots: await of(sql`select id::text as key, concat_ws('|', inventory_id, lot_number, expiry_date, unit_cost, quantity) as figure from lots order by id`),
    movements: await of(sql`select id::text as key, concat_ws('|', lot_id, type, quantity, unit_cost, occurred_at) as figure from stock_movements order by id`),
    rollups: await of(sql`select concat_ws('|', dental_practice_id, product_id, day) as key, concat_ws('|', consumed_quantity, net_quantity, net_value, movement_count, closing_quantity, closing_value) as figure from ledger_day_totals order by 1`),
  };
};

describe('migration 0024: storage locations', () => {
  it('puts every lot and movement of every practice at its new main store, with nothing lost (seeded database)', { timeout: 600_000 }, async () => {
    const db = t.database.db;
    const seeded = await admin.post('/api/seeder/data', { months: 2, volume: 0.05 });
    expect(seeded.statusCode, seeded.body).toBe(200);
    await handMadeLedger(t, admin);
    expect(await findLedgerDifferences(db)).toEqual([]);
    const before = await snapshot();
    expect(before.lots.length).toBeGreaterThan(10);
    expect(before.movements.length).toBeGreaterThan(before.lots.length);

    for (const statement of BEFORE_0024) await db.execute(sql.raw(statement));
    for (const statement of statements) await db.execute(sql.raw(statement));

    expect(await snapshot()).toEqual(before);
    expect(await findLedgerDifferences(db)).toEqual([]);
    const shape = sqlRow({ practices: sqlCol.int, mains: sqlCol.int, lots_elsewhere: sqlCol.int, movements_elsewhere: sqlCol.int });
    const [check] = await rowsOf(db, shape, sql`select
      (select count(*)::int from dental_practices) as practices,
      (select count(*)::int from storage_locations where is_main and name = 'Main store' and kind = 'store_room' and status = 'active') as mains,
      (select count(*)::int from lots l join inventories i on i.id = l.inventory_id join storage_locations s on s.id = l.location_id where not s.is_main or s.dental_practice_id <> i.dental_practice_id) as lots_elsewhere,
      (select count(*)::int from stock_movements m join lots l on l.id = m.lot_id where m.location_id is distinct from l.location_id) as movements_elsewhere`);
    expect(check!.practices).toBeGreaterThan(1);
    expect(check).toEqual({ practices: check!.practices, mains: check!.practices, lots_elsewhere: 0, movements_elsewhere: 0 });

    // The migrated database works on: a receipt, a procedure and a new practice (its main store made by the trigger).
    const { practice } = await handMadeLedger(t, admin);
    const [main] = await rowsOf(db, sqlRow({ n: sqlCol.int }), sql`select count(*)::int as n from storage_locations where dental_practice_id = ${practice.id} and is_main`);
    expect(main!.n).toBe(1);
    expect(await findLedgerDifferences(db)).toEqual([]);
  });
});
