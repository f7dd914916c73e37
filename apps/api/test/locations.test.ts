import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { lots, rowsOf, stockMovements, storageLocations, supplierOffers, suppliers } from '@enamel/db';
import { sqlCol, sqlRow } from '../src/core/sql-rows.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { uid } from './ledgers.ts';

/**
 * Storage locations (docs/locations.md): a main store per practice, receipts into a location, moves between
 * locations (a pair of `move` movements), FEFO from the procedure's location first, and the rules' 4xx.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

type Json = ReturnType<typeof JSON.parse>;
async function ok(res: { statusCode: number; body: string; json: () => { data: unknown } }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as Json;
}
const ledgerAgrees = async () => expect(await findLedgerDifferences(t.database.db)).toEqual([]);
const product = async (tracksLots = true) =>
  ok(await admin.post('/api/product/create', { name: `Composite ${uid()}`, sku: `CMP-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00', tracks_lots: tracksLots }), 201);
const mainStore = async (practiceId: number) =>
  (await t.database.db.select().from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practiceId), eq(storageLocations.isMain, true))))[0]!;
const location = async (practiceId: number, name: string, kind = 'operatory', extra: Record<string, unknown> = {}) =>
  ok(await admin.post('/api/storage-location/create', { dental_practice_id: practiceId, name, kind, ...extra }), 201);
const receive = (practiceId: number, productId: number, quantity: string, lot: string, expiry: string, extra: Record<string, unknown> = {}) =>
  admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: '2.0000', lot_number: lot, expiry_date: expiry, ...extra });
const move = (body: Record<string, unknown>) => admin.post('/api/inventory/move', body);
const rollupRow = sqlRow({ consumed: sqlCol.text, net: sqlCol.text, value: sqlCol.text, count: sqlCol.int });
const rollup = async (practiceId: number, productId: number) =>
  (await rowsOf(
    t.database.db,
    rollupRow,
    sql`select coalesce(sum(consumed_quantity), 0)::text as consumed, coalesce(sum(net_quantity), 0)::text as net, coalesce(sum(net_value), 0)::text as value, coalesce(sum(movement_count), 0)::int as count
        from ledger_day_totals where dental_practice_id = ${practiceId} and product_id = ${productId}`,
  ))[0]!;

describe('storage locations', () => {
  it('a new practice has its main store; locations are listed, named uniquely per practice, and the main store stays active', async () => {
    const practice = await createPractice(t.database.db);
    const main = await mainStore(practice.id);
    expect([main.name, main.kind, main.status]).toEqual(['Main store', 'store_room', 'active']);
    const op = await location(practice.id, 'Operatory 1', 'operatory', { sort_order: 10 });
    expect([op.name, op.kind, op.is_main, op.status]).toEqual(['Operatory 1', 'operatory', false, 'active']);
    const dup = await admin.post('/api/storage-location/create', { dental_practice_id: practice.id, name: 'operatory 1' });
    expect(dup.statusCode).toBe(422);
    expect(Object.keys(dup.json().errors)).toEqual(['name']);
    // The same name in another practice is fine.
    const other = await createPractice(t.database.db);
    await location(other.id, 'Operatory 1');
    const list = await admin.get(`/api/admin/list/storage-locations?dental_practice_id=${practice.id}`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((l: Json) => l.name)).toEqual(['Main store', 'Operatory 1']);
    expect((await admin.post(`/api/storage-location/deactivate/${main.id}`)).statusCode).toBe(409);
    // Another location made main takes the flag; the old main store may then be deactivated.
    const made = await ok(await admin.post(`/api/storage-location/update/${op.id}`, { dental_practice_id: practice.id, name: 'Operatory 1', kind: 'operatory', sort_order: 10, is_main: true }));
    expect(made.is_main).toBe(true);
    expect((await mainStore(practice.id)).id).toBe(op.id);
    expect((await ok(await admin.post(`/api/storage-location/deactivate/${main.id}`))).status).toBe('inactive');
    expect((await ok(await admin.post(`/api/storage-location/restore/${main.id}`))).status).toBe('active');
  });

  it('a practice manager of another practice sees and changes none of its locations (404)', async () => {
    const practice = await createPractice(t.database.db);
    const mine = await createPractice(t.database.db);
    const op = await location(practice.id, 'Operatory A');
    const user = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [mine.id] });
    const pm = new Agent(t.app);
    await pm.login(user.email, user.password);
    expect((await pm.get(`/api/storage-location/${op.id}`)).statusCode).toBe(404);
    expect((await pm.post(`/api/storage-location/update/${op.id}`, { dental_practice_id: practice.id, name: 'Mine now' })).statusCode).toBe(404);
    expect((await pm.post(`/api/storage-location/deactivate/${op.id}`)).statusCode).toBe(404);
    expect((await pm.get(`/api/admin/list/storage-locations?dental_practice_id=${practice.id}`)).statusCode).toBe(404);
    expect((await pm.post('/api/storage-location/create', { dental_practice_id: practice.id, name: 'Sneaky' })).statusCode).toBe(404);
    // Their own practice: fine.
    expect((await pm.post('/api/storage-location/create', { dental_practice_id: mine.id, name: 'Operatory 1', kind: 'operatory' })).statusCode).toBe(201);
  });

  it('receives into the main store by default or into a named location; another practice’s or a deactivated location is a 422 naming location_id', async () => {
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const p = await product();
    const op = await location(practice.id, 'Operatory 1');
    const foreign = await location(other.id, 'Operatory 9');
    await ok(await receive(practice.id, p.id, '10', 'L1', '2030-01-01'));
    const detail = await ok(await receive(practice.id, p.id, '4', 'L1', '2030-01-01', { location_id: op.id }));
    // Same number and expiry at two locations: two lots.
    expect(detail.lots.map((l: Json) => [l.location_name, l.quantity]).sort()).toEqual([['Main store', '10.0000'], ['Operatory 1', '4.0000']]);
    expect(detail.on_hand).toBe('14.0000');
    expect(detail.locations.map((l: Json) => [l.name, l.on_hand])).toEqual([['Main store', '10.0000'], ['Operatory 1', '4.0000']]);
    for (const id of [foreign.id, 99999999]) {
      const res = await receive(practice.id, p.id, '1', 'L1', '2030-01-01', { location_id: id });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['location_id']);
    }
    const spare = await location(practice.id, 'Spare room', 'other');
    await ok(await admin.post(`/api/storage-location/deactivate/${spare.id}`));
    expect((await receive(practice.id, p.id, '1', 'L1', '2030-01-01', { location_id: spare.id })).statusCode).toBe(422);
    // A location holding stock is not deactivated.
    expect((await admin.post(`/api/storage-location/deactivate/${op.id}`)).statusCode).toBe(409);
    const moves = await t.database.db.select({ location: stockMovements.locationId }).from(stockMovements).where(eq(stockMovements.dentalPracticeId, practice.id));
    expect(moves.map((m) => m.location).sort()).toEqual([(await mainStore(practice.id)).id, op.id].sort());
    await ledgerAgrees();
  });
});

describe('moving stock between locations', () => {
  it('writes a pair of move movements in one transaction: on hand, value and consumption unchanged, stock per location follows', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    const op = await location(practice.id, 'Operatory 1');
    const main = await mainStore(practice.id);
    const received = await ok(await receive(practice.id, p.id, '10', 'M1', '2030-01-01'));
    const lotId = received.lots[0].id;
    const before = await rollup(practice.id, p.id);
    const moved = await ok(await move({ dental_practice_id: practice.id, product_id: p.id, lot_id: lotId, from_location_id: main.id, to_location_id: op.id, quantity: '3', reason: 'Stock the chair' }));
    expect(moved.on_hand).toBe('10.0000');
    expect(moved.locations.map((l: Json) => [l.name, l.on_hand, l.value])).toEqual([['Main store', '7.0000', '14.0000'], ['Operatory 1', '3.0000', '6.0000']]);
    const pair = moved.movements.filter((m: Json) => m.type === 'move').map((m: Json) => [m.quantity, m.location_name, m.lot_number, m.unit_cost]).sort();
    expect(pair).toEqual([['-3.0000', 'Main store', 'M1', '2.0000'], ['3.0000', 'Operatory 1', 'M1', '2.0000']]);
    const after = await rollup(practice.id, p.id);
    expect([after.consumed, after.net, Number(after.value), after.count]).toEqual([before.consumed, before.net, Number(before.value), before.count + 2]);
    // Again into the same destination lot: no new lot.
    const again = await ok(await move({ dental_practice_id: practice.id, product_id: p.id, lot_id: lotId, from_location_id: main.id, to_location_id: op.id, quantity: '2' }));
    expect(again.lots.filter((l: Json) => l.location_id === op.id).map((l: Json) => [l.lot_number, l.expiry_date, l.quantity])).toEqual([['M1', '2030-01-01', '5.0000']]);
    await ledgerAgrees();
  });

  it('refuses more than the lot holds (409), the same location, another practice’s location, a lot not at the source (422), and writes nothing', async () => {
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const p = await product();
    const op = await location(practice.id, 'Operatory 1');
    const foreign = await location(other.id, 'Operatory 1');
    const main = await mainStore(practice.id);
    const lotId = (await ok(await receive(practice.id, p.id, '5', 'R1', '2030-01-01'))).lots[0].id;
    const base = { dental_practice_id: practice.id, product_id: p.id, lot_id: lotId, from_location_id: main.id, to_location_id: op.id };
    const count = async () => (await t.database.db.select({ id: stockMovements.id }).from(stockMovements).where(eq(stockMovements.dentalPracticeId, practice.id))).length;
    const start = await count();
    const tooMuch = await move({ ...base, quantity: '6' });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json().message).toContain('5');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ to_location_id: main.id }, 'to_location_id'],
      [{ to_location_id: foreign.id }, 'to_location_id'],
      [{ from_location_id: foreign.id }, 'from_location_id'],
      [{ from_location_id: op.id, to_location_id: main.id }, 'lot_id'],
      [{ lot_id: 99999999 }, 'lot_id'],
      [{ quantity: '0' }, 'quantity'],
    ];
    for (const [change, field] of cases) {
      const res = await move({ ...base, quantity: '1', ...change });
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), JSON.stringify(change)).toEqual([field]);
    }
    expect(await count()).toBe(start);
    expect((await t.database.db.select().from(lots).where(eq(lots.locationId, op.id))).length).toBe(0);
    // Even a practice that allows negative stock cannot move what a lot does not hold.
    await t.database.db.execute(sql`insert into practice_settings (dental_practice_id, allow_negative_stock) values (${practice.id}, true) on conflict (dental_practice_id) do update set allow_negative_stock = true`);
    expect((await move({ ...base, quantity: '6' })).statusCode).toBe(409);
    await ledgerAgrees();
  });
});

describe('FEFO with locations', () => {
  it('a procedure at an operatory takes from there first in expiry order, then the rest of the practice in expiry order; without a location plain FEFO', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    const op = await location(practice.id, 'Operatory 1');
    const other = await createPractice(t.database.db);
    const foreign = await location(other.id, 'Operatory 1');
    // Main store: E1 expiring first (2029-01), E3 (2031-01). Operatory: E2 (2030-01), E4 (2032-01).
    await ok(await receive(practice.id, p.id, '5', 'E1', '2029-01-01'));
    await ok(await receive(practice.id, p.id, '5', 'E3', '2031-01-01'));
    await ok(await receive(practice.id, p.id, '2', 'E2', '2030-01-01', { location_id: op.id }));
    await ok(await receive(practice.id, p.id, '2', 'E4', '2032-01-01', { location_id: op.id }));
    const code = await ok(await admin.post('/api/procedure-code/create', { code: `L${uid()}`.slice(0, 16), name: 'Filling', category: 'restorative' }), 201);
    const record = (quantity: string, extra: Record<string, unknown> = {}) =>
      admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: '2026-11-20T10:30:00Z', items: [{ product_id: p.id, quantity }], ...extra });
    const takenFrom = (detail: Json) => detail.movements.filter((m: Json) => m.type === 'consume').map((m: Json) => [m.lot_number, m.quantity]);
    // 6 at the operatory: E2 (2), E4 (2) there first, then E1 (2) — the earliest elsewhere.
    const atOp = await ok(await record('6', { location_id: op.id }), 201);
    expect(atOp.location_id).toBe(op.id);
    expect(atOp.location_name).toBe('Operatory 1');
    expect(takenFrom(atOp)).toEqual([['E2', '-2.0000'], ['E4', '-2.0000'], ['E1', '-2.0000']]);
    // Without a location: plain FEFO over the practice (E1's remaining 3, then E3).
    const plain = await ok(await record('4'), 201);
    expect(takenFrom(plain)).toEqual([['E1', '-3.0000'], ['E3', '-1.0000']]);
    // A location of another practice: 422 naming location_id, nothing written.
    const bad = await record('1', { location_id: foreign.id });
    expect(bad.statusCode, bad.body).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['location_id']);
    // Amending the procedure's location keeps its consumption; the field is kept and cleared by the update.
    const amended = await ok(await admin.request('PATCH', `/api/procedure/${plain.id}`, { json: { location_id: op.id } }));
    expect(amended.location_id).toBe(op.id);
    expect((await admin.request('PATCH', `/api/procedure/${plain.id}`, { json: { location_id: foreign.id } })).statusCode).toBe(422);
    await ledgerAgrees();
  });
});

describe('the ledger check with locations', () => {
  it('reports a movement recorded at another location than its lot’s (scope location)', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    const op = await location(practice.id, 'Operatory 1');
    const received = await ok(await receive(practice.id, p.id, '3', 'C1', '2030-01-01'));
    await ledgerAgrees();
    // Someone edits the ledger behind its back: the receipt now claims the operatory, the lot is in the main store.
    await t.database.db.update(stockMovements).set({ locationId: op.id }).where(eq(stockMovements.lotId, received.lots[0].id));
    const found = await findLedgerDifferences(t.database.db);
    expect(found.map((d) => [d.product_id, d.scope, d.lot_number, d.measure, Number(d.recorded), Number(d.movements)])).toEqual([[p.id, 'location', 'C1', 'Operatory 1', 0, 3]]);
    await t.database.db.update(stockMovements).set({ locationId: received.lots[0].location_id }).where(eq(stockMovements.lotId, received.lots[0].id));
    await ledgerAgrees();
  });
});

describe('purchase order receipts', () => {
  it('put the goods away at the location named (default: the main store); another practice’s location is a 422 naming location_id', async () => {
    const db = t.database.db;
    const practice = await createPractice(db);
    const other = await createPractice(db);
    const p = await product();
    const op = await location(practice.id, 'Operatory 1');
    const foreign = await location(other.id, 'Operatory 1');
    const [supplier] = await db.insert(suppliers).values({ name: `Depot ${uid()}`, email: `orders-${uid()}@depot.test`, currency: practice.currency, leadTimeDays: 5 }).returning();
    const [offer] = await db.insert(supplierOffers).values({ supplierId: supplier!.id, productId: p.id, supplierSku: `DD-${uid()}`, purchaseUnit: 'box', unitsPerPurchaseUnit: '10', price: '20.0000', leadTimeDays: 5 }).returning();
    const po = await ok(await admin.post('/api/purchase-orders', { dental_practice_id: practice.id, supplier_id: supplier!.id, lines: [{ product_id: p.id, supplier_offer_id: offer!.id, quantity: '2' }] }), 201);
    await ok(await admin.post(`/api/purchase-orders/${po.id}/send`));
    const line = (lot: string) => ({ line_id: po.lines[0].id, quantity: '1', lot_number: lot, expiry_date: '2030-01-01' });
    const refused = await admin.post(`/api/purchase-orders/${po.id}/receive`, { lines: [line('P1')], location_id: foreign.id });
    expect(refused.statusCode, refused.body).toBe(422);
    expect(Object.keys(refused.json().errors)).toEqual(['location_id']);
    await ok(await admin.post(`/api/purchase-orders/${po.id}/receive`, { lines: [line('P1')], location_id: op.id }));
    await ok(await admin.post(`/api/purchase-orders/${po.id}/receive`, { lines: [line('P2')] }));
    const held = await db.select({ lot: lots.lotNumber, location: lots.locationId }).from(lots).where(eq(lots.locationId, op.id));
    expect(held).toEqual([{ lot: 'P1', location: op.id }]);
    const main = await mainStore(practice.id);
    expect((await db.select({ lot: lots.lotNumber }).from(lots).where(eq(lots.locationId, main.id))).map((l) => l.lot)).toEqual(['P2']);
    await ledgerAgrees();
  });
});
