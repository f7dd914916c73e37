import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { inventories, lots, stockMovements } from '@enamel/db';
import { dayIn } from '../src/core/active-practice.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';
import { uid } from './ledgers.ts';

/**
 * A lot past its expiry date is never consumed, only written off. "Past" is judged on the later of
 * the practice's today and the procedure's performed day, both in the practice's time zone; a lot is
 * still good on its expiry day. Receiving a lot that has already expired needs `confirm_expired`.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const DAY = 86_400_000;
/** The day `offset` days from today in UTC (the factories' practices are in UTC). */
const day = (offset: number) => dayIn('UTC', new Date(Date.now() + offset * DAY));

async function product() {
  const res = await admin.post('/api/product/create', { name: `Lidocaine ${uid()}`, sku: `LID-${uid()}`, usage_unit: 'carpule', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '50.00', tracks_lots: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}
const receive = (practiceId: number, productId: number, quantity: string, lot: string, expiry: string, extra: Record<string, unknown> = {}) =>
  admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, lot_number: lot, expiry_date: expiry, ...extra });
async function received(practiceId: number, productId: number, quantity: string, lot: string, expiry: string) {
  const res = await receive(practiceId, productId, quantity, lot, expiry, { confirm_expired: true });
  expect(res.statusCode, res.body).toBe(200);
}
async function code() {
  return (await admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 16), name: 'Extraction', category: 'oral_surgery' })).json().data as { id: number };
}
const procedure = (practiceId: number, codeId: number, productId: number, quantity: string, performedAt = new Date().toISOString()) =>
  admin.post('/api/procedure/create', { dental_practice_id: practiceId, procedure_code_id: codeId, performed_at: performedAt, status: 'completed', items: [{ product_id: productId, quantity }] });
async function lotQuantities(practiceId: number, productId: number) {
  const rows = await t.database.db
    .select({ lot: lots.lotNumber, quantity: lots.quantity })
    .from(lots)
    .innerJoin(inventories, eq(inventories.id, lots.inventoryId))
    .where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)))
    .orderBy(lots.lotNumber);
  return Object.fromEntries(rows.map((r) => [r.lot, Number(r.quantity)]));
}

describe('FEFO never consumes an expired lot', () => {
  it('skips the lot that expired yesterday, takes the one expiring today, and leaves the expired one to be written off', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    const c = await code();
    await received(practice.id, p.id, '5', 'OLD', day(-1));
    await received(practice.id, p.id, '2', 'TODAY', day(0));
    await received(practice.id, p.id, '10', 'NEW', day(200));
    const res = await procedure(practice.id, c.id, p.id, '3');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.items[0].lots.map((l: { lot_number: string; quantity: string }) => [l.lot_number, l.quantity])).toEqual([['TODAY', '2.0000'], ['NEW', '1.0000']]);
    expect(await lotQuantities(practice.id, p.id)).toEqual({ NEW: 9, OLD: 5, TODAY: 0 });
    // Writing off the expired lot still works: that is what it is for.
    const oldLot = (await t.database.db.select({ id: lots.id }).from(lots).where(eq(lots.lotNumber, 'OLD')).innerJoin(inventories, and(eq(inventories.id, lots.inventoryId), eq(inventories.dentalPracticeId, practice.id))))[0]!;
    const written = await admin.post('/api/inventory/write-off', { dental_practice_id: practice.id, lot_id: oldLot.id, type: 'expire', reason: 'Expired' });
    expect(written.statusCode, written.body).toBe(200);
    expect(await lotQuantities(practice.id, p.id)).toEqual({ NEW: 9, OLD: 0, TODAY: 0 });
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });

  it('when only expired stock is left, the 409 says how much is expired and to write it off, and nothing is written', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    const c = await code();
    await received(practice.id, p.id, '5', 'OLD', day(-3));
    await received(practice.id, p.id, '1', 'GOOD', day(90));
    const before = (await t.database.db.select({ n: count() }).from(stockMovements))[0]!.n;
    const refused = await procedure(practice.id, c.id, p.id, '3');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(`Not enough usable ${p.name} in stock: 2 more needed (1 available). 5 more are past their expiry date — write them off.`);
    expect((await t.database.db.select({ n: count() }).from(stockMovements))[0]!.n).toBe(before);
    expect(await lotQuantities(practice.id, p.id)).toEqual({ GOOD: 1, OLD: 5 });
  });

  it('a procedure dated ahead skips a lot that will have expired by then; transfers do not ship expired stock either', async () => {
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const p = await product();
    const c = await code();
    await received(practice.id, p.id, '4', 'SOON', day(5));
    await received(practice.id, p.id, '4', 'LATER', day(60));
    await received(practice.id, p.id, '4', 'GONE', day(-10));
    const ahead = await procedure(practice.id, c.id, p.id, '1', new Date(Date.now() + 10 * DAY).toISOString());
    expect(ahead.statusCode, ahead.body).toBe(201);
    expect(await lotQuantities(practice.id, p.id)).toEqual({ GONE: 4, LATER: 3, SOON: 4 });
    const moved = await admin.post('/api/inventory/transfer', { dental_practice_id: practice.id, to_dental_practice_id: other.id, product_id: p.id, quantity: '6' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await lotQuantities(practice.id, p.id)).toEqual({ GONE: 4, LATER: 1, SOON: 0 });
    expect(await lotQuantities(other.id, p.id)).toEqual({ LATER: 2, SOON: 4 });
    const tooMuch = await admin.post('/api/inventory/transfer', { dental_practice_id: practice.id, to_dental_practice_id: other.id, product_id: p.id, quantity: '2' });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('4 more are past their expiry date');
    expect(await findLedgerDifferences(t.database.db)).toEqual([]);
  });
});

describe('receiving an expired lot', () => {
  it('is refused with a 422 on expiry_date unless confirmed, and changes nothing; today or later needs no confirmation', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product();
    const refused = await receive(practice.id, p.id, '5', 'X1', day(-1));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ expiry_date: [`This lot expired on ${day(-1)}. Confirm that you are receiving expired stock, or correct the expiry date.`] });
    expect(await lotQuantities(practice.id, p.id)).toEqual({});
    expect((await receive(practice.id, p.id, '5', 'X1', day(-1), { confirm_expired: false })).statusCode).toBe(422);
    expect((await receive(practice.id, p.id, '5', 'X1', day(-1), { confirm_expired: 'yes' })).statusCode).toBe(422);
    const confirmed = await receive(practice.id, p.id, '5', 'X1', day(-1), { confirm_expired: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await receive(practice.id, p.id, '2', 'T1', day(0))).statusCode).toBe(200);
    expect(await lotQuantities(practice.id, p.id)).toEqual({ T1: 2, X1: 5 });
  });

  it('"past" is the practice’s own today, in its time zone', async () => {
    // Kiritimati (UTC+14) is always a day or two ahead of Pago Pago (UTC−11).
    const east = await createPractice(t.database.db, { timeZone: 'Pacific/Kiritimati' });
    const west = await createPractice(t.database.db, { timeZone: 'Pacific/Pago_Pago' });
    const p = await product();
    const westToday = dayIn('Pacific/Pago_Pago', new Date());
    expect((await receive(west.id, p.id, '1', 'W', westToday)).statusCode).toBe(200);
    const east422 = await receive(east.id, p.id, '1', 'E', westToday);
    expect(east422.statusCode).toBe(422);
    expect(Object.keys(east422.json().errors)).toEqual(['expiry_date']);
  });
});
