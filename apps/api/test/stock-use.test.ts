import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { LOCALE_COOKIE, stockUseResultSchema } from '@enamel/contracts';
import { activityLogs, practiceSettings, stockMovements } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { consumptionByWeek, mostUsed } from '../src/features/stock/index.ts';
import { day, uid } from './ledgers.ts';

/** Scan to use: POST /api/stock/use takes supplies no template consumes out of stock, FEFO, as consumption. */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

type Json = ReturnType<typeof JSON.parse>;
async function ok(res: { statusCode: number; body: string; json: () => { data: unknown } }, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as Json;
}
const gloves = async (tracksLots = true) =>
  ok(await admin.post('/api/product/create', { name: `Nitrile gloves ${uid()}`, sku: `GLV-${uid()}`, usage_unit: 'pair', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '9.00', tracks_lots: tracksLots }), 201);
const receive = async (practiceId: number, productId: number, quantity: string, lot: string, expiry: string, unitCost = '0.1800') =>
  ok(await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: unitCost, lot_number: lot, expiry_date: expiry }));
const use = (agent: Agent, body: Record<string, unknown>) => agent.post('/api/stock/use', body);
const movementsOf = (practiceId: number, productId: number) =>
  t.database.db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, practiceId), eq(stockMovements.productId, productId))).orderBy(stockMovements.id);

describe('scan to use', () => {
  it('takes the earliest-expiring lots first as consume movements "used outside a procedure", logged, and the answer says what was taken', async () => {
    const practice = await createPractice(t.database.db);
    const p = await gloves();
    await receive(practice.id, p.id, '4', 'LATE', day(400));
    await receive(practice.id, p.id, '3', 'EARLY', day(100), '0.2000');
    const result = await ok(await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity: '5', note: 'Hygiene room' }));
    expect(stockUseResultSchema.parse(result)).toEqual(result);
    expect(result.on_hand).toBe('2.0000');
    expect(result.reason).toBe('Used outside a procedure: Hygiene room');
    expect(result.taken.map((part: Json) => [part.lot_number, part.quantity])).toEqual([['EARLY', '3.0000'], ['LATE', '2.0000']]);
    const moves = (await movementsOf(practice.id, p.id)).filter((m) => m.type === 'consume');
    expect(moves.map((m) => [m.quantity, m.reason, m.procedureId])).toEqual([
      ['-3.0000', 'Used outside a procedure: Hygiene room', null],
      ['-2.0000', 'Used outside a procedure: Hygiene room', null],
    ]);
    expect(moves.map((m) => m.id)).toEqual(result.taken.map((part: Json) => part.movement_id));
    const [log] = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.action, 'use'), eq(activityLogs.subjectId, String(result.inventory_id))));
    expect(log).toMatchObject({ subject: 'Inventory', dentalPracticeId: practice.id, after: expect.objectContaining({ product_id: p.id, quantity: '5.0000' }) });
    // The reason is written in the user's language.
    const before = admin.cookies.get(LOCALE_COOKIE);
    admin.cookies.set(LOCALE_COOKIE, 'fr');
    const fr = await ok(await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity: '1' }));
    if (before === undefined) admin.cookies.delete(LOCALE_COOKIE);
    else admin.cookies.set(LOCALE_COOKIE, before);
    expect(fr.reason).toBe("Utilisé hors d'un acte");
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('used at a location: its lots there go first, then the rest FEFO; another practice\'s or a deactivated location is a 422 that takes nothing', async () => {
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const location = async (practiceId: number, name: string) => ok(await admin.post('/api/storage-location/create', { dental_practice_id: practiceId, name, kind: 'operatory' }), 201);
    const op1 = await location(practice.id, `Operatory ${uid()}`);
    const theirs = await location(other.id, `Operatory ${uid()}`);
    const p = await gloves();
    await receive(practice.id, p.id, '5', 'STORE', day(100));
    await ok(await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity: '2', unit_cost: '0.1800', lot_number: 'OP', expiry_date: day(300), location_id: op1.id }));
    // The operatory's lot first although it expires later, then the store's.
    const result = await ok(await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity: '3', location_id: op1.id }));
    expect(result.taken.map((part: Json) => [part.lot_number, part.quantity])).toEqual([['OP', '2.0000'], ['STORE', '1.0000']]);
    const moves = (await movementsOf(practice.id, p.id)).filter((m) => m.type === 'consume');
    expect(moves.map((m) => m.quantity)).toEqual(['-2.0000', '-1.0000']);
    // Bad locations change nothing.
    for (const location_id of [theirs.id, 999_999_999]) {
      const refused = await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity: '1', location_id });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(Object.keys(refused.json<{ errors: Record<string, unknown> }>().errors)).toEqual(['location_id']);
    }
    await ok(await admin.post(`/api/storage-location/deactivate/${op1.id}`));
    expect((await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity: '1', location_id: op1.id })).statusCode).toBe(422);
    expect((await movementsOf(practice.id, p.id)).filter((m) => m.type === 'consume')).toHaveLength(2);
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('counts as consumption for the forecasts (the daily rollups and the weekly series read it)', async () => {
    const practice = await createPractice(t.database.db);
    const p = await gloves(false);
    await ok(await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity: '20', unit_cost: '0.1800' }));
    await ok(await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity: '6' }));
    const db = t.database.db;
    const used = await mostUsed(db, { practiceId: practice.id, timeZone: 'UTC', date: day(0), today: day(0) }, 7, 10);
    expect(used).toEqual([{ product_id: p.id, name: p.name, usage_unit: 'pair', quantity: '6.0000', cost: '1.0800' }]);
    const weeks = await consumptionByWeek(db, { practiceId: practice.id, timeZone: 'UTC', start: day(-6), weeks: 1 });
    expect(weeks.get(p.id)).toEqual([6]);
  });

  it('refuses bad input with the field named, more than on hand by the ledger’s shortfall rule, and writes nothing', async () => {
    const practice = await createPractice(t.database.db);
    const p = await gloves();
    await receive(practice.id, p.id, '2', 'L1', day(200));
    for (const quantity of ['0', '-1', 'ten']) {
      const res = await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity });
      expect(res.statusCode, quantity).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['quantity']);
    }
    const missing = await use(admin, { dental_practice_id: practice.id, product_id: p.id });
    expect(Object.keys(missing.json().errors)).toEqual(['quantity']);
    const unknown = await use(admin, { dental_practice_id: practice.id, product_id: 987654321, quantity: '1' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors)).toEqual(['product_id']);
    const unstocked = await gloves();
    const notHere = await use(admin, { dental_practice_id: practice.id, product_id: unstocked.id, quantity: '1' });
    expect(notHere.statusCode).toBe(422);
    expect(notHere.json().errors.product_id).toEqual(['This practice does not stock this product.']);
    const tooMuch = await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity: '3' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('1 more needed');
    expect((await movementsOf(practice.id, p.id)).map((m) => m.type)).toEqual(['receive']);
    // Where the practice allows negative stock, the rest goes below zero, as for a procedure.
    await t.database.db.insert(practiceSettings).values({ dentalPracticeId: practice.id, allowNegativeStock: true }).onConflictDoUpdate({ target: practiceSettings.dentalPracticeId, set: { allowNegativeStock: true } });
    expect((await ok(await use(admin, { dental_practice_id: practice.id, product_id: p.id, quantity: '3' }))).on_hand).toBe('-1.0000');
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('checks the permission and the practice: another practice is 404, a viewer is 403', async () => {
    const mine = await createPractice(t.database.db);
    const theirs = await createPractice(t.database.db);
    const p = await gloves();
    await receive(mine.id, p.id, '5', 'M1', day(200));
    await receive(theirs.id, p.id, '5', 'T1', day(200));
    const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: [mine.id] });
    expect((await use(staff, { dental_practice_id: theirs.id, product_id: p.id, quantity: '1' })).statusCode).toBe(404);
    expect((await ok(await use(staff, { dental_practice_id: mine.id, product_id: p.id, quantity: '1' }))).on_hand).toBe('4.0000');
    const viewer = await createUser(t.database.db, { role: 'Viewer', practiceIds: [mine.id] });
    const agent = new Agent(t.app);
    await agent.login(viewer.email, viewer.password);
    expect((await use(agent, { dental_practice_id: mine.id, product_id: p.id, quantity: '1' })).statusCode).toBe(403);
    const anonymous = new Agent(t.app);
    expect((await use(anonymous, { dental_practice_id: mine.id, product_id: p.id, quantity: '1' })).statusCode).toBe(401);
    expect((await movementsOf(theirs.id, p.id)).map((m) => m.type)).toEqual(['receive']);
    expect((await movementsOf(mine.id, p.id)).map((m) => m.type)).toEqual(['receive', 'consume']);
  });
});
