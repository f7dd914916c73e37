import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { stockTakeDetailSchema } from '@enamel/contracts';
import { inventories, lots, stockMovements, stockTakes, storageLocations } from '@enamel/db';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * A stock take of one storage location (docs/stock-takes.md#one-location): expected = what the location holds, the
 * movements since at that location only, approval adjusting that location's lots only, and the location's 422s.
 */
type Json = ReturnType<typeof JSON.parse>;
type Res = { statusCode: number; body: string; json: () => Json };

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

async function ok(res: Res, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data;
}
function refused(res: Res, status: number, field: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(Object.keys(res.json().errors ?? {}), res.body).toContain(field);
}

const product = async () =>
  ok(await admin.post('/api/product/create', { name: `Bib ${uid()}`, sku: `BIB-${uid()}`, usage_unit: 'each', purchase_unit: 'each', units_per_purchase_unit: 1, purchase_price: '2.00' }), 201);
const receive = (practiceId: number, productId: number, quantity: string, lot: string, extra: Record<string, unknown> = {}) =>
  admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: '2.0000', lot_number: lot, expiry_date: '2030-01-01', ...extra });
/** The product's lot at a location. */
const lotOf = async (practiceId: number, productId: number, locationId: number) => {
  const [row] = await t.database.db
    .select({ id: lots.id })
    .from(lots)
    .innerJoin(inventories, eq(inventories.id, lots.inventoryId))
    .where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId), eq(lots.locationId, locationId)));
  return row!.id;
};
const heldAt = async (locationId: number) =>
  (await t.database.db.select({ inventoryId: lots.inventoryId, quantity: lots.quantity }).from(lots).where(eq(lots.locationId, locationId))).reduce((s, l) => s + Number(l.quantity), 0);

/**
 * A practice with a main store and an operatory: `a` 10 received at the main store, 4 of them moved to the operatory;
 * `b` 5 at the main store only; `c` 3 received straight into the operatory.
 */
async function world() {
  const db = t.database.db;
  const practice = await createPractice(db);
  const [main] = await db.select().from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practice.id), eq(storageLocations.isMain, true)));
  const op = await ok(await admin.post('/api/storage-location/create', { dental_practice_id: practice.id, name: 'Operatory 1', kind: 'operatory' }), 201);
  const [a, b, c] = [await product(), await product(), await product()];
  const received = await ok(await receive(practice.id, a.id, '10', 'A1'));
  await ok(await receive(practice.id, b.id, '5', 'B1'));
  await ok(await receive(practice.id, c.id, '3', 'C1', { location_id: op.id }));
  await ok(await admin.post('/api/inventory/move', { dental_practice_id: practice.id, product_id: a.id, lot_id: received.lots[0].id, from_location_id: main!.id, to_location_id: op.id, quantity: '4' }));
  const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [practice.id] });
  return { practice, main: main!, op, a, b, c, manager };
}
type World = Awaited<ReturnType<typeof world>>;

const start = async (w: World, locationId: number) =>
  stockTakeDetailSchema.parse(await ok(await w.manager.post('/api/stock-takes', { dental_practice_id: w.practice.id, kind: 'location', location_id: locationId }), 201));
const count = async (w: World, id: number, productId: number, quantity: string) => stockTakeDetailSchema.parse(await ok(await w.manager.post(`/api/stock-takes/${id}/counts`, { product_id: productId, quantity })));
const lineOf = (detail: { lines: Array<{ product_id: number }> }, productId: number) => detail.lines.find((l) => l.product_id === productId) as ReturnType<typeof stockTakeDetailSchema.parse>['lines'][number] | undefined;
describe('a stock take of one location', () => {
  it('expects what the location holds (stock at two locations), shows the location, and the whole-practice take still expects the sum', async () => {
    const w = await world();
    const take = await start(w, w.op.id);
    expect([take.kind, take.location_id, take.location_name]).toEqual(['location', w.op.id, 'Operatory 1']);
    expect(take.lines.map((l) => [l.product_id, l.expected_quantity]).sort()).toEqual([[w.a.id, '4.0000'], [w.c.id, '3.0000']].sort());
    const ofMain = await start(w, w.main.id);
    expect(ofMain.lines.map((l) => [l.product_id, l.expected_quantity]).sort()).toEqual([[w.a.id, '6.0000'], [w.b.id, '5.0000']].sort());
    const all = stockTakeDetailSchema.parse(await ok(await w.manager.post('/api/stock-takes', { dental_practice_id: w.practice.id, kind: 'all' }), 201));
    expect(lineOf(all, w.a.id)!.expected_quantity).toBe('10.0000');
    const listed = (await w.manager.get(`/api/admin/list/stock-takes?dental_practice_id=${w.practice.id}`)).json();
    expect(listed.data.map((r: Json) => r.location_name).sort()).toEqual(['Main store', 'Operatory 1', null].sort());
  });

  it('reconciles a move out of the location during the count (no false variance), and counts a product moved in that was not there at the start', async () => {
    const w = await world();
    const take = await start(w, w.op.id);
    // During the count: 1 of `a` goes back to the main store, 2 of `b` come to the operatory.
    await ok(await admin.post('/api/inventory/move', { dental_practice_id: w.practice.id, product_id: w.a.id, lot_id: await lotOf(w.practice.id, w.a.id, w.op.id), from_location_id: w.op.id, to_location_id: w.main.id, quantity: '1' }));
    await ok(await admin.post('/api/inventory/move', { dental_practice_id: w.practice.id, product_id: w.b.id, lot_id: await lotOf(w.practice.id, w.b.id, w.main.id), from_location_id: w.main.id, to_location_id: w.op.id, quantity: '2' }));
    await count(w, take.id, w.a.id, '3');
    await count(w, take.id, w.c.id, '3');
    const review = await count(w, take.id, w.b.id, '2');
    expect(lineOf(review, w.a.id)).toMatchObject({ expected_quantity: '4.0000', movements_since: '-1.0000', expected_now: '3.0000', variance: '0.0000' });
    expect(lineOf(review, w.b.id)).toMatchObject({ expected_quantity: '0.0000', movements_since: '2.0000', expected_now: '2.0000', variance: '0.0000' });
    await ok(await w.manager.post(`/api/stock-takes/${take.id}/approve`));
    const adjusts = await t.database.db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, w.practice.id), eq(stockMovements.type, 'adjust')));
    expect(adjusts).toEqual([]);
  });

  it('approval adjusts only the location’s lots: found less out of its lots, found more into its lot or a new running lot there', async () => {
    const w = await world();
    const take = await start(w, w.op.id);
    const mainBefore = await heldAt(w.main.id);
    await count(w, take.id, w.a.id, '1'); // 3 fewer than the 4 there (6 more are at the main store: untouched)
    await count(w, take.id, w.c.id, '5'); // 2 more: into its lot at the operatory
    await count(w, take.id, w.b.id, '1'); // not there in the ledger: a new running lot at the operatory
    const approved = stockTakeDetailSchema.parse(await ok(await w.manager.post(`/api/stock-takes/${take.id}/approve`)));
    expect(approved.status).toBe('approved');
    expect(await heldAt(w.main.id)).toBe(mainBefore);
    expect(await heldAt(w.op.id)).toBe(1 + 5 + 1);
    const adjusts = await t.database.db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, w.practice.id), eq(stockMovements.type, 'adjust')));
    expect(adjusts.map((m) => [m.productId, m.quantity, m.locationId]).sort()).toEqual(
      [[w.a.id, '-3.0000', w.op.id], [w.b.id, '1.0000', w.op.id], [w.c.id, '2.0000', w.op.id]].sort(),
    );
    expect(approved.report!.by_location).toEqual([{ location_id: w.op.id, location_name: 'Operatory 1', lines: 3, accurate_lines: 0, variance_value: '0.0000', absolute_variance_value: '12.0000' }]);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('refuses another practice’s location, a deactivated one, none, and a location holding nothing (422 location_id); nothing written', async () => {
    const w = await world();
    const other = await createPractice(t.database.db);
    const [otherMain] = await t.database.db.select().from(storageLocations).where(eq(storageLocations.dentalPracticeId, other.id));
    const empty = await ok(await admin.post('/api/storage-location/create', { dental_practice_id: w.practice.id, name: 'Sterilisation', kind: 'sterilisation' }), 201);
    const closed = await ok(await admin.post('/api/storage-location/create', { dental_practice_id: w.practice.id, name: 'Old room', kind: 'other' }), 201);
    await ok(await admin.post(`/api/storage-location/deactivate/${closed.id}`));
    const post = (body: Record<string, unknown>) => w.manager.post('/api/stock-takes', { dental_practice_id: w.practice.id, kind: 'location', ...body });
    refused(await post({ location_id: otherMain!.id }), 422, 'location_id');
    refused(await post({ location_id: closed.id }), 422, 'location_id');
    refused(await post({}), 422, 'location_id');
    refused(await post({ location_id: empty.id }), 422, 'location_id');
    refused(await post({ location_id: 'x' }), 422, 'location_id');
    expect(await t.database.db.select().from(stockTakes).where(eq(stockTakes.dentalPracticeId, w.practice.id))).toEqual([]);
    // A product of another practice (no inventory in this one) is still refused on a location's take.
    const take = await start(w, w.op.id);
    const stranger = await product();
    refused(await w.manager.post(`/api/stock-takes/${take.id}/counts`, { product_id: stranger.id, quantity: '1' }), 422, 'product_id');
  });
});

describe('the stock-take report per location and category', () => {
  it('a whole-practice take is one group; the history report sums approved takes per location and category over the period', async () => {
    const w = await world();
    const ofOp = await start(w, w.op.id);
    await count(w, ofOp.id, w.a.id, '4'); // exact
    await count(w, ofOp.id, w.c.id, '2'); // 1 short: −2.00
    await ok(await w.manager.post(`/api/stock-takes/${ofOp.id}/approve`));
    const all = stockTakeDetailSchema.parse(await ok(await w.manager.post('/api/stock-takes', { dental_practice_id: w.practice.id, kind: 'all' }), 201));
    await count(w, all.id, w.a.id, '10'); // exact
    await count(w, all.id, w.b.id, '6'); // 1 more: +2.00
    const approved = stockTakeDetailSchema.parse(await ok(await w.manager.post(`/api/stock-takes/${all.id}/approve`)));
    expect(approved.report!.by_location).toEqual([{ location_id: null, location_name: null, lines: 2, accurate_lines: 1, variance_value: '2.0000', absolute_variance_value: '2.0000' }]);
    // An open take is not history.
    await start(w, w.op.id);

    const today = new Date().toISOString().slice(0, 10);
    const res = await w.manager.get(`/api/reports/report-data?report=stock-take-accuracy&dental_practice_id=${w.practice.id}&from=2025-01-01&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.columns.map((c: Json) => c.field)).toEqual(['location', 'category', 'takes', 'lines', 'accurate_lines', 'accuracy', 'variance_value', 'absolute_variance_value']);
    const rows = data.rows.map((r: Json) => [r.location, r.takes, r.lines, r.accurate_lines, r.accuracy, r.variance_value, r.absolute_variance_value]);
    expect(rows).toEqual([
      ['whole_practice', 1, 2, 1, '0.5000', '2.0000', '2.0000'],
      ['Operatory 1', 1, 2, 1, '0.5000', '-2.0000', '2.0000'],
    ]);
    const csv = await w.manager.get(`/api/reports/report-data?report=stock-take-accuracy&dental_practice_id=${w.practice.id}&from=2025-01-01&to=${today}&format=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain('Operatory 1,,1,2,1,0.5000,-2.0000,2.0000');
    // A period before the takes: no rows. Another practice's manager: 404.
    expect((await w.manager.get(`/api/reports/report-data?report=stock-take-accuracy&dental_practice_id=${w.practice.id}&from=2020-01-01&to=2020-12-31`)).json().data.rows).toEqual([]);
    const stranger = await signInAs(t, { role: 'Practice Manager', practiceIds: [(await createPractice(t.database.db)).id] });
    expect((await stranger.get(`/api/reports/report-data?report=stock-take-accuracy&dental_practice_id=${w.practice.id}`)).statusCode).toBe(404);
  });
});

describe('the approval threshold on the Setting screen', () => {
  it('is read and changed with the practice settings (≥ 0, cents; 422 naming the field) and the approval follows it', async () => {
    const w = await world();
    expect((await w.manager.get(`/api/configuration/${w.practice.id}`)).json().data.stock_take_approval_threshold).toBe(250);
    for (const bad of [-1, 10.005, '100', null, 1e13]) {
      const res = await w.manager.post(`/api/configuration/update/${w.practice.id}`, { stock_take_approval_threshold: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), res.body).toContain('stock_take_approval_threshold');
    }
    const saved = await w.manager.post(`/api/configuration/update/${w.practice.id}`, { stock_take_approval_threshold: 1.5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.stock_take_approval_threshold).toBe(1.5);
    // 1 short at 2.00 = 2.00 > 1.50: the manager who started and counted it may not approve it.
    const take = await start(w, w.op.id);
    expect(take.approval_threshold).toBe('1.50');
    const counted = await count(w, take.id, w.c.id, '2');
    expect(counted.needs_second_approver).toBe(true);
    expect((await w.manager.post(`/api/stock-takes/${take.id}/approve`)).statusCode).toBe(409);
    await ok(await w.manager.post(`/api/configuration/update/${w.practice.id}`, { stock_take_approval_threshold: 2 }));
    expect((await ok(await w.manager.post(`/api/stock-takes/${take.id}/approve`))).status).toBe('approved');
    // Clinical staff may not change settings.
    const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: [w.practice.id] });
    expect((await staff.post(`/api/configuration/update/${w.practice.id}`, { stock_take_approval_threshold: 5 })).statusCode).toBe(403);
  });
});
