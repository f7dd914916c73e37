import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { locationParLevels, lots, stockMovements, storageLocations } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { uid } from './ledgers.ts';

/**
 * Par levels per location and the restock list (docs/locations.md#par-levels-and-restocking): setting and removing
 * pars, the list's rule (usable stock at the location below par, what the main store can give), the restock command
 * (FEFO from the main store through the ledger's move), and the rules' 4xx.
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
const fields = (res: { json: () => { errors?: Record<string, unknown> } }) => Object.keys(res.json().errors ?? {});
const ledgerAgrees = async () => expect(await findLedgerDifferences(t.database.db)).toEqual([]);
const product = async (name = `Gloves ${uid()}`, tracksLots = true) =>
  ok(await admin.post('/api/product/create', { name, sku: `PAR-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00', tracks_lots: tracksLots }), 201);
const mainStore = async (practiceId: number) =>
  (await t.database.db.select().from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practiceId), eq(storageLocations.isMain, true))))[0]!;
const location = async (practiceId: number, name: string, sortOrder = 10) =>
  ok(await admin.post('/api/storage-location/create', { dental_practice_id: practiceId, name, kind: 'operatory', sort_order: sortOrder }), 201);
const receive = async (practiceId: number, productId: number, quantity: string, lot: string, expiry: string | null, locationId?: number) =>
  ok(await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: '2.0000', confirm_expired: true, ...(expiry ? { lot_number: lot, expiry_date: expiry } : {}), ...(locationId ? { location_id: locationId } : {}) }));
const setPar = (locationId: number, productId: number, par: string) => admin.post('/api/location-par-level/set', { location_id: locationId, product_id: productId, par_quantity: par });
const list = async (practiceId: number, locationId?: number) => ok(await admin.get(`/api/restock?dental_practice_id=${practiceId}${locationId ? `&location_id=${locationId}` : ''}`));
const restock = (body: Record<string, unknown>) => admin.post('/api/restock', body);

describe('par levels', () => {
  it('are set (an upsert), listed with what the location holds, and removed; the main store and a bad quantity are 422', async () => {
    const practice = await createPractice(t.database.db);
    const op = await location(practice.id, 'Operatory 1');
    const p = await product();
    await receive(practice.id, p.id, '3', 'G1', '2030-01-01', op.id);
    const set = await ok(await setPar(op.id, p.id, '10'));
    expect([set.location_id, set.product_id, set.par_quantity, set.on_hand, set.product_name]).toEqual([op.id, p.id, '10.0000', '3.0000', p.name]);
    const again = await ok(await setPar(op.id, p.id, '12.5'));
    expect([again.id, again.par_quantity]).toEqual([set.id, '12.5000']);
    const page = await ok(await admin.get(`/api/admin/list/location-par-levels?location_id=${op.id}`));
    expect(page.map((r: Json) => [r.product_id, r.par_quantity, r.on_hand])).toEqual([[p.id, '12.5000', '3.0000']]);
    const main = await mainStore(practice.id);
    for (const [body, field] of [
      [{ location_id: main.id, product_id: p.id, par_quantity: '5' }, 'location_id'],
      [{ location_id: op.id, product_id: 99999999, par_quantity: '5' }, 'product_id'],
      [{ location_id: op.id, product_id: p.id, par_quantity: '0' }, 'par_quantity'],
      [{ location_id: op.id, product_id: p.id, par_quantity: '-2' }, 'par_quantity'],
      [{ location_id: op.id, product_id: p.id, par_quantity: '99999999999' }, 'par_quantity'],
    ] as const) {
      const res = await admin.post('/api/location-par-level/set', body);
      expect(res.statusCode, `${JSON.stringify(body)} ${res.body}`).toBe(422);
      expect(fields(res)).toEqual([field]);
    }
    expect((await admin.post('/api/location-par-level/set', { location_id: 99999999, product_id: p.id, par_quantity: '5' })).statusCode).toBe(404);
    const removed = await ok(await admin.request('DELETE', `/api/location-par-level/delete/${set.id}`));
    expect(removed.id).toBe(set.id);
    expect(await t.database.db.select().from(locationParLevels).where(eq(locationParLevels.locationId, op.id))).toEqual([]);
    expect((await admin.post(`/api/location-par-level/delete/${set.id}`)).statusCode).toBe(404);
  });

  it('another practice’s manager sees, sets and removes none of them (404), nor its restock list; a location of another practice in the query is a 422', async () => {
    const practice = await createPractice(t.database.db);
    const mine = await createPractice(t.database.db);
    const op = await location(practice.id, 'Operatory A');
    const myOp = await location(mine.id, 'Operatory M');
    const p = await product();
    const par = await ok(await setPar(op.id, p.id, '4'));
    const user = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [mine.id] });
    const pm = new Agent(t.app);
    await pm.login(user.email, user.password);
    expect((await pm.get(`/api/admin/list/location-par-levels?location_id=${op.id}`)).statusCode).toBe(404);
    expect((await pm.post('/api/location-par-level/set', { location_id: op.id, product_id: p.id, par_quantity: '1' })).statusCode).toBe(404);
    expect((await pm.post(`/api/location-par-level/delete/${par.id}`)).statusCode).toBe(404);
    expect((await pm.get(`/api/restock?dental_practice_id=${practice.id}`)).statusCode).toBe(404);
    expect((await pm.post('/api/restock', { dental_practice_id: practice.id, location_id: op.id, lines: [{ product_id: p.id, quantity: '1' }] })).statusCode).toBe(404);
    const foreign = await pm.get(`/api/restock?dental_practice_id=${mine.id}&location_id=${op.id}`);
    expect(foreign.statusCode, foreign.body).toBe(422);
    expect(fields(foreign)).toEqual(['location_id']);
    // Their own practice: fine.
    expect((await pm.post('/api/location-par-level/set', { location_id: myOp.id, product_id: p.id, par_quantity: '1' })).statusCode).toBe(200);
    // A viewer reads but does not set.
    const viewer = await createUser(t.database.db, { role: 'Viewer', practiceIds: [mine.id] });
    const v = new Agent(t.app);
    await v.login(viewer.email, viewer.password);
    expect((await v.get(`/api/restock?dental_practice_id=${mine.id}`)).statusCode).toBe(200);
    expect((await v.post('/api/location-par-level/set', { location_id: myOp.id, product_id: p.id, par_quantity: '2' })).statusCode).toBe(403);
  });

  it('go with their location when it is deleted with its practice (cascade)', async () => {
    const practice = await createPractice(t.database.db);
    const op = await location(practice.id, 'Operatory 1');
    const p = await product();
    await ok(await setPar(op.id, p.id, '4'));
    await t.database.db.delete(storageLocations).where(eq(storageLocations.id, op.id));
    expect(await t.database.db.select().from(locationParLevels).where(eq(locationParLevels.locationId, op.id))).toEqual([]);
  });
});

describe('the restock list', () => {
  it('lists each product below par at each non-main active location: usable stock there, shortfall, what the main store can give, and what to bring', async () => {
    const practice = await createPractice(t.database.db);
    const op1 = await location(practice.id, 'Operatory 1', 10);
    const op2 = await location(practice.id, 'Operatory 2', 20);
    const gloves = await product(`A gloves ${uid()}`);
    const bibs = await product(`B bibs ${uid()}`, false);
    const full = await product(`C full ${uid()}`);
    // Main store: 6 usable gloves (an expired lot of 50 does not count), 100 bibs, 5 of the full product.
    await receive(practice.id, gloves.id, '4', 'G1', '2031-01-01');
    await receive(practice.id, gloves.id, '2', 'G2', '2030-01-01');
    await receive(practice.id, gloves.id, '50', 'GX', '2020-01-01');
    await receive(practice.id, bibs.id, '100', '', null);
    await receive(practice.id, full.id, '5', 'F1', '2031-01-01');
    // Operatory 1: 2 usable gloves and 5 expired ones, the full product at par.
    await receive(practice.id, gloves.id, '2', 'G3', '2031-06-01', op1.id);
    await receive(practice.id, gloves.id, '5', 'GY', '2020-06-01', op1.id);
    await receive(practice.id, full.id, '3', 'F2', '2031-01-01', op1.id);
    await ok(await setPar(op1.id, gloves.id, '10'));
    await ok(await setPar(op1.id, bibs.id, '20'));
    await ok(await setPar(op1.id, full.id, '3'));
    await ok(await setPar(op2.id, gloves.id, '5'));
    const result = await list(practice.id);
    expect(result.main_store.id).toBe((await mainStore(practice.id)).id);
    expect(result.lines.map((l: Json) => [l.location_name, l.product_id, l.par_quantity, l.on_hand, l.shortfall, l.available, l.bring])).toEqual([
      ['Operatory 1', gloves.id, '10.0000', '2.0000', '8.0000', '6.0000', '6.0000'],
      ['Operatory 1', bibs.id, '20.0000', '0.0000', '20.0000', '100.0000', '20.0000'],
      // The main store's 6 gloves are all promised to Operatory 1 above.
      ['Operatory 2', gloves.id, '5.0000', '0.0000', '5.0000', '6.0000', '0.0000'],
    ]);
    expect((await list(practice.id, op2.id)).lines.map((l: Json) => [l.location_id, l.bring])).toEqual([[op2.id, '5.0000']]);
    // A deactivated location is not restocked.
    const spare = await location(practice.id, 'Spare', 30);
    await ok(await setPar(spare.id, bibs.id, '1'));
    await ok(await admin.post(`/api/storage-location/deactivate/${spare.id}`));
    expect((await list(practice.id)).lines.some((l: Json) => l.location_id === spare.id)).toBe(false);
  });
});

describe('restocking', () => {
  it('moves the quantities from the main store to the location, earliest expiry first, as pairs of move movements; the list then shows the location at par', async () => {
    const practice = await createPractice(t.database.db);
    const op = await location(practice.id, 'Operatory 1');
    const main = await mainStore(practice.id);
    const gloves = await product();
    const bibs = await product(`Bibs ${uid()}`, false);
    await receive(practice.id, gloves.id, '4', 'LATE', '2031-01-01');
    await receive(practice.id, gloves.id, '3', 'EARLY', '2030-01-01');
    await receive(practice.id, gloves.id, '9', 'EXPIRED', '2020-01-01');
    await receive(practice.id, bibs.id, '30', '', null);
    await ok(await setPar(op.id, gloves.id, '5'));
    await ok(await setPar(op.id, bibs.id, '12'));
    const lines = (await list(practice.id, op.id)).lines.map((l: Json) => ({ product_id: l.product_id, quantity: l.bring }));
    const done = await ok(await restock({ dental_practice_id: practice.id, location_id: op.id, lines, reason: 'Morning restock' }));
    expect(done.location_name).toBe('Operatory 1');
    expect(done.moved.map((m: Json) => [m.product_id, m.quantity, m.lots.map((l: Json) => [l.lot_number, l.quantity])])).toEqual([
      [gloves.id, '5.0000', [['EARLY', '3.0000'], ['LATE', '2.0000']]],
      [bibs.id, '12.0000', [[null, '12.0000']]],
    ].sort((a, b) => (a[0] as number) - (b[0] as number)));
    expect((await list(practice.id, op.id)).lines).toEqual([]);
    const held = await t.database.db.select({ lot: lots.lotNumber, quantity: lots.quantity }).from(lots).where(eq(lots.locationId, op.id));
    expect(held.map((l) => [l.lot, l.quantity]).sort()).toEqual([['EARLY', '3.0000'], ['LATE', '2.0000'], [null, '12.0000']].sort());
    const moves = await t.database.db.select({ quantity: stockMovements.quantity, location: stockMovements.locationId, reason: stockMovements.reason }).from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, practice.id), eq(stockMovements.type, 'move')));
    expect(moves).toHaveLength(6);
    expect(moves.every((m) => m.reason === 'Morning restock')).toBe(true);
    expect(moves.filter((m) => m.location === main.id).every((m) => Number(m.quantity) < 0)).toBe(true);
    await ledgerAgrees();
  });

  it('refuses more than the main store holds unexpired (409 naming the product), the main store, another practice’s location, a duplicate line, and writes nothing', async () => {
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const op = await location(practice.id, 'Operatory 1');
    const foreign = await location(other.id, 'Operatory 1');
    const main = await mainStore(practice.id);
    const gloves = await product(`Nitrile ${uid()}`);
    const bibs = await product(`Bibs ${uid()}`, false);
    await receive(practice.id, gloves.id, '4', 'OK', '2031-01-01');
    await receive(practice.id, gloves.id, '10', 'OLD', '2020-01-01');
    await receive(practice.id, bibs.id, '30', '', null);
    const count = async () => (await t.database.db.select({ id: stockMovements.id }).from(stockMovements).where(eq(stockMovements.dentalPracticeId, practice.id))).length;
    const start = await count();
    // Bibs would fit; gloves do not (4 usable, the 10 expired do not count): nothing moves.
    const tooMuch = await restock({ dental_practice_id: practice.id, location_id: op.id, lines: [{ product_id: bibs.id, quantity: '5' }, { product_id: gloves.id, quantity: '5' }] });
    expect(tooMuch.statusCode, tooMuch.body).toBe(409);
    expect(tooMuch.json().message).toContain(gloves.name);
    expect(tooMuch.json().message).toContain('4');
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ location_id: main.id }, 'location_id'],
      [{ location_id: foreign.id }, 'location_id'],
      [{ location_id: 99999999 }, 'location_id'],
      [{ lines: [{ product_id: bibs.id, quantity: '1' }, { product_id: bibs.id, quantity: '2' }] }, 'lines.1.product_id'],
      [{ lines: [{ product_id: 99999999, quantity: '1' }] }, 'lines.0.product_id'],
      [{ lines: [{ product_id: bibs.id, quantity: '0' }] }, 'lines.0.quantity'],
      [{ lines: [] }, 'lines'],
    ];
    for (const [change, field] of cases) {
      const res = await restock({ dental_practice_id: practice.id, location_id: op.id, lines: [{ product_id: bibs.id, quantity: '1' }], ...change });
      expect(res.statusCode, `${JSON.stringify(change)} ${res.body}`).toBe(422);
      expect(fields(res), JSON.stringify(change)).toEqual([field]);
    }
    expect(await count()).toBe(start);
    expect(await t.database.db.select().from(lots).where(eq(lots.locationId, op.id))).toEqual([]);
    await ledgerAgrees();
  });
});
