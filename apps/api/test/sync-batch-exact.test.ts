import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SyncRow } from '@enamel/contracts';
import { rowsOf } from '@enamel/db';
import { applyRows, lockSync, type SyncCaller } from '../src/features/integrations/sync-core.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { sqlCol, sqlRow } from '../src/core/sql-rows.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

/**
 * A sync batch records its new procedures together (one take of the ledger for all of them): the same batch applied
 * row by row (the savepoint path, each row through the procedure commands) must leave exactly the same ledger —
 * the same movements from the same lots at the same costs on the same days, the same rollups and closings, the same
 * stock — whatever the mix: new completed and planned procedures, a backdated one, deletions, an update of a procedure
 * recorded earlier in the same batch, a lot split by FEFO. A row refused for a shortfall is skipped and reported.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
});

const SOURCE = 'open-dental';
const ok = async (res: { statusCode: number; body: string; json(): { data: unknown } }) => {
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().data as Record<string, unknown> & { id: number };
};

async function product(tracksLots: boolean) {
  return ok(await admin.post('/api/product/create', { name: `Sync item ${uid()}`, sku: `SY-${uid()}`, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00', tracks_lots: tracksLots }));
}
async function code(items: Array<{ product_id: number; quantity: string }>) {
  const c = (await ok(await admin.post('/api/procedure-code/create', { code: `S${uid()}`.slice(0, 15).toUpperCase(), name: 'Sync code', category: 'restorative' }))) as { id: number; code: string };
  await ok(await admin.post('/api/procedure-template/create', { name: `Kit ${uid()}`, procedure_code_id: c.id, items }));
  return c.code;
}
const receive = (practiceId: number, productId: number, quantity: string, unitCost: string, lot?: { lot_number: string; expiry_date: string }) =>
  admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: unitCost, ...lot });

const caller: SyncCaller = { actor: { userId: null, email: null, ip: 'test', userAgent: 'test' }, may: () => true };

/** The fast path, as the sync route runs it (over HTTP). */
async function syncOverHttp(practiceId: number, rows: SyncRow[]) {
  const res = await admin.post(`/api/integrations/${SOURCE}/sync`, { dental_practice_id: practiceId, rows });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { applied: number; unchanged: number; unknown: number; skipped: number; skipped_rows: unknown[] };
}
/** The reference: the same rows one by one, a savepoint each (the path a refused row sends a batch to). */
async function syncRowByRow(practiceId: number, rows: SyncRow[]) {
  return t.database.db.transaction(async (tx) => {
    await lockSync(tx, practiceId, SOURCE);
    return applyRows(tx, caller, rows, { source: SOURCE, via: 'sync', practiceId, onRowError: 'skip', savepoints: true });
  });
}

const movementRow = sqlRow({ external_id: sqlCol.text, product_id: sqlCol.int, lot_number: sqlCol.text, type: sqlCol.text, quantity: sqlCol.text, unit_cost: sqlCol.text, occurred_at: sqlCol.text, item_cost: sqlCol.text });
const rollupRow = sqlRow({ product_id: sqlCol.int, day: sqlCol.text, consumed_quantity: sqlCol.text, consumed_cost: sqlCol.text, net_quantity: sqlCol.text, movement_count: sqlCol.int, closing_quantity: sqlCol.text, closing_value: sqlCol.text });
const stockRow = sqlRow({ product_id: sqlCol.int, lot_number: sqlCol.text, quantity: sqlCol.text, on_hand: sqlCol.text });
const procedureRow = sqlRow({ external_id: sqlCol.text, status: sqlCol.text, performed_at: sqlCol.text, items: sqlCol.text });

/** Everything the sync wrote in a practice, without its ids (two practices' ledgers compared). */
async function ledgerOf(practiceId: number) {
  const db = t.database.db;
  return {
    movements: await rowsOf(
      db,
      movementRow,
      sql`select coalesce(p.external_id, '-') as external_id, m.product_id, coalesce(l.lot_number, '-') as lot_number, m.type, m.quantity::text as quantity, m.unit_cost::text as unit_cost,
            to_char(m.occurred_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as occurred_at, coalesce(i.cost::text, '-') as item_cost
          from stock_movements m left join procedures p on p.id = m.procedure_id left join procedure_items i on i.id = m.procedure_item_id left join lots l on l.id = m.lot_id
          where m.dental_practice_id = ${practiceId} order by m.id`,
    ),
    rollups: await rowsOf(
      db,
      rollupRow,
      sql`select product_id, day::text as day, consumed_quantity::text as consumed_quantity, consumed_cost::text as consumed_cost, net_quantity::text as net_quantity, movement_count::int as movement_count,
            closing_quantity::text as closing_quantity, closing_value::text as closing_value
          from ledger_day_totals where dental_practice_id = ${practiceId} order by product_id, day`,
    ),
    stock: await rowsOf(
      db,
      stockRow,
      sql`select i.product_id, coalesce(l.lot_number, '-') as lot_number, l.quantity::text as quantity, i.on_hand::text as on_hand
          from inventories i join lots l on l.inventory_id = i.id where i.dental_practice_id = ${practiceId} order by i.product_id, l.lot_number`,
    ),
    procedures: await rowsOf(
      db,
      procedureRow,
      sql`select p.external_id, p.status, to_char(p.performed_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as performed_at,
            coalesce((select string_agg(i.product_id || ':' || i.quantity || ':' || i.cost, ',' order by i.product_id) from procedure_items i where i.procedure_id = p.id), '') as items
          from procedures p where p.dental_practice_id = ${practiceId} order by p.external_id`,
    ),
  };
}

describe('a sync batch recorded together', () => {
  it('leaves the same ledger as the same rows applied one by one (new, planned, backdated, deleted, amended in the batch, FEFO across lots)', async () => {
    const x = await product(true);
    const y = await product(false);
    const a = await code([{ product_id: x.id, quantity: '2' }]);
    const b = await code([{ product_id: x.id, quantity: '1' }, { product_id: y.id, quantity: '2' }]);
    const practices = [await createPractice(t.database.db), await createPractice(t.database.db)];
    for (const p of practices) {
      // FEFO: lot A (5, earliest expiry) first, then lot B; the third take of A splits across them.
      expect((await receive(p.id, x.id, '5', '1.0000', { lot_number: 'A', expiry_date: '2030-01-31' })).statusCode).toBe(200);
      expect((await receive(p.id, x.id, '100', '3.0000', { lot_number: 'B', expiry_date: '2031-06-30' })).statusCode).toBe(200);
      expect((await receive(p.id, y.id, '50', '0.5000')).statusCode).toBe(200);
    }
    const row = (practiceId: number, externalId: string, action: SyncRow['action'], sourceCode: string | null, performedAt: string | null, reason: string | null = null): SyncRow => ({
      dental_practice_id: practiceId, external_id: externalId, action, source_code: sourceCode, source_description: null, performed_at: performedAt, provider: 'DOK', reason,
    });
    const first = (p: number) => [row(p, 'e1', 'completed', a, '2026-01-05 09:00'), row(p, 'e2', 'completed', a, '2026-01-06 09:00'), row(p, 'e3', 'planned', b, '2026-01-07 09:00')];
    const second = (p: number) => [
      row(p, 'n1', 'completed', a, '2026-01-10 09:00'),
      row(p, 'n2', 'completed', b, '2026-01-11 09:00'),
      row(p, 'n3', 'planned', a, '2026-01-12 09:00'),
      row(p, 'e1', 'deleted', null, null),
      row(p, 'n4', 'completed', a, '2025-06-01 09:00'), // backdated: re-closes every later day
      row(p, 'e3', 'completed', b, '2026-01-07 09:00'),
      row(p, 'n5', 'completed', a, '2026-01-13 09:00'),
      row(p, 'n99', 'deleted', null, null), // never seen: unchanged
      row(p, 'n1', 'planned', a, '2026-01-10 09:00'), // recorded earlier in this batch: its stock given back
      row(p, 'n6', 'completed', b, '2026-01-14 09:00'),
      row(p, 'n7', 'completed', 'NOPE', '2026-01-14 09:00'), // unknown code: waits
      row(p, 'e2', 'skip', null, null, 'not_a_procedure'),
      row(p, 'n8', 'completed', a, '2026-01-15 09:00'),
    ];
    const [fast, slow] = [practices[0]!, practices[1]!];
    const fastReports = [await syncOverHttp(fast.id, first(fast.id)), await syncOverHttp(fast.id, second(fast.id))];
    const slowReports = [await syncRowByRow(slow.id, first(slow.id)), await syncRowByRow(slow.id, second(slow.id))];
    const counts = (r: { applied: number; unchanged: number; unknown: number; skipped: number }) => [r.applied, r.unchanged, r.unknown, r.skipped];
    expect(fastReports.map(counts)).toEqual([[3, 0, 0, 0], [11, 1, 1, 0]]);
    expect(fastReports.map(counts)).toEqual(slowReports.map(counts));
    const fastLedger = await ledgerOf(fast.id);
    expect(fastLedger).toEqual(await ledgerOf(slow.id));
    // Consumed exactly once by what stays completed (e1, e2 deleted and n1 planned again gave theirs back).
    const consumedX = 1 /* e3 */ + 1 /* n2 */ + 2 /* n4 */ + 2 /* n5 */ + 1 /* n6 */ + 2; /* n8 */
    expect(Number(fastLedger.stock.find((s) => s.product_id === x.id)!.on_hand)).toBe(105 - consumedX);
    expect(Number(fastLedger.stock.find((s) => s.product_id === y.id)!.on_hand)).toBe(50 - 2 - 2 - 2);
    expect(fastLedger.procedures.map((p) => [p.external_id, p.status])).toEqual([
      ['e3', 'completed'], ['n1', 'planned'], ['n2', 'completed'], ['n3', 'planned'], ['n4', 'completed'], ['n5', 'completed'], ['n6', 'completed'], ['n8', 'completed'],
    ]);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('a row short of stock is skipped and reported; the others are applied and consume exactly', async () => {
    const x = await product(false);
    const scarce = await product(false);
    const a = await code([{ product_id: x.id, quantity: '3' }]);
    const c = await code([{ product_id: scarce.id, quantity: '5' }]);
    const practice = await createPractice(t.database.db);
    expect((await receive(practice.id, x.id, '20', '2.0000')).statusCode).toBe(200);
    expect((await receive(practice.id, scarce.id, '4', '1.0000')).statusCode).toBe(200);
    const rows: SyncRow[] = ['s1', 's2', 's3'].map((id, i) => ({
      dental_practice_id: practice.id, external_id: id, action: 'completed', source_code: i === 1 ? c : a, source_description: null, performed_at: `2026-02-0${i + 1} 10:00`, provider: null, reason: null,
    }));
    const report = await syncOverHttp(practice.id, rows);
    expect([report.applied, report.skipped]).toEqual([2, 1]);
    expect(report.skipped_rows).toEqual([{ external_id: 's2', reason: 'stock.shortfall' }]);
    const ledger = await ledgerOf(practice.id);
    expect(ledger.stock.map((s) => [s.product_id, Number(s.on_hand)])).toEqual([[x.id, 14], [scarce.id, 4]].sort((p, q) => p[0]! - q[0]!));
    expect(ledger.procedures.map((p) => p.external_id)).toEqual(['s1', 's3']);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});
