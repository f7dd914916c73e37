import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { forecastRuns, forecastSeries, inventories, practiceSettings, purchaseOrderLines, purchaseOrders, supplierOffers, suppliers } from '@enamel/db';
import { orderSuggestionListContract, type OrderSuggestionRow } from '@enamel/contracts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * Order suggestions through the HTTP list against hand-computed cases (docs/forecasting.md#replenishment):
 * typed and forecast levels, on order netted from PO lines, packs and MOQ, lead times, order-by and stock-out
 * dates; transfers before purchases; expiry waste ahead; bad input.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const db = () => t.database.db;

async function practiceWithSettings(settings: Partial<typeof practiceSettings.$inferInsert> = {}) {
  const practice = await createPractice(db(), { currency: 'GBP' });
  await db().insert(practiceSettings).values({ dentalPracticeId: practice.id, leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: '0.95', ...settings });
  return practice;
}

async function product(name: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/product/create', { name: `${name} ${uid()}`, sku: `RS-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '5.00', ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

/** Stocks a product (receiving `onHand`, or adding it empty) and sets its levels and policy directly. */
async function stock(practiceId: number, productId: number, onHand: number, levels: Partial<typeof inventories.$inferInsert> = {}, lot: Record<string, unknown> = {}) {
  if (onHand > 0) {
    const res = await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity: String(onHand), unit_cost: '0.50', ...lot });
    expect(res.statusCode, res.body).toBe(200);
  } else {
    const res = await admin.post('/api/inventory/add', { dental_practice_id: practiceId, product_id: productId, reorder_point: '0', par_level: '0' });
    expect(res.statusCode, res.body).toBe(201);
  }
  const [row] = await db().update(inventories).set({ updatedAt: new Date(), ...levels }).where(sql`${inventories.dentalPracticeId} = ${practiceId} and ${inventories.productId} = ${productId}`).returning();
  return row!;
}

async function supplier(extra: Partial<typeof suppliers.$inferInsert> = {}) {
  const [row] = await db().insert(suppliers).values({ name: `Supplier ${uid()}`, currency: 'EUR', leadTimeDays: 5, ...extra }).returning();
  return row!;
}

async function offer(supplierId: number, productId: number, extra: Partial<typeof supplierOffers.$inferInsert> = {}) {
  const [row] = await db().insert(supplierOffers).values({ supplierId, productId, purchaseUnit: 'case', unitsPerPurchaseUnit: '12', price: '30.00', ...extra }).returning();
  return row!;
}

/** A succeeded run for today with a flat weekly forecast per product. */
async function run(practiceId: number, series: Array<{ productId: number; weekly: number; distribution?: 'normal' | 'count' }>) {
  const [r] = await db().insert(forecastRuns).values({ dentalPracticeId: practiceId, forecastDate: day(0), status: 'succeeded', horizonWeeks: 12, level: '0.95', finishedAt: new Date() }).returning();
  for (const s of series) {
    const mean = Array(12).fill(s.weekly);
    await db().insert(forecastSeries).values({
      runId: r!.id, kind: 'product', refId: s.productId, method: 'mean', demandClass: 'smooth', source: 'history', historyStart: day(-365),
      history: [], booked: [], mean, lower: mean, upper: mean, sd: Array(12).fill(0), distribution: s.distribution ?? 'normal',
    } as typeof forecastSeries.$inferInsert);
  }
  return r!;
}

async function list(practiceId: number, query = ''): Promise<OrderSuggestionRow[]> {
  const res = await admin.get(`/api/admin/list/order-suggestions?dental_practice_id=${practiceId}&pagesize=100${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: unknown) => orderSuggestionListContract.row.parse(r));
}
const rowOf = (rows: OrderSuggestionRow[], productId: number) => rows.find((r) => r.product_id === productId);

describe('order suggestions: the arithmetic through the list', () => {
  it('typed levels: short of par, rounded up to whole packs of the chosen offer, priced in the supplier currency, due today', async () => {
    const practice = await practiceWithSettings();
    const p = await product('Gloves');
    await stock(practice.id, p.id, 10, { reorderPoint: '20', parLevel: '50' });
    const s = await supplier();
    const o = await offer(s.id, p.id, { leadTimeDays: 3 });
    const row = rowOf(await list(practice.id), p.id)!;
    // position 10 ≤ 20; 50 − 10 = 40 short → ⌈40 / 12⌉ = 4 cases = 48 each, 4 × 30.00 = 120.00 EUR.
    expect(row).toMatchObject({
      supplier_id: s.id, supplier_offer_id: o.id, supplier_name: s.name, purchase_unit: 'case', units_per_pack: '12.0000',
      on_hand: '10.0000', on_order: '0.0000', reorder_point: '20.0000', order_up_to: '50.0000', level_source: 'typed',
      order_packs: 4, order_units: '48.0000', currency: 'EUR', unit_price: '30.0000', line_total: '120.0000',
      order_by_date: day(0), stock_out_date: null, lead_time_days: 3,
    });
  });

  it('the minimum order quantity, the supplier lead time, and no offer: the catalog pack, the practice lead time and currency', async () => {
    const practice = await practiceWithSettings({ leadTimeDays: 9 });
    const withMoq = await product('Burs');
    const noOffer = await product('Mirrors', { purchase_unit: 'pack', units_per_purchase_unit: 25, purchase_price: '7.50' });
    await stock(practice.id, withMoq.id, 0, { reorderPoint: '5', parLevel: '10' });
    await stock(practice.id, noOffer.id, 3, { reorderPoint: '5', parLevel: '30' });
    const s = await supplier({ leadTimeDays: 4 });
    await offer(s.id, withMoq.id, { unitsPerPurchaseUnit: '10', minimumOrderQuantity: 3, price: '2.00' });
    const rows = await list(practice.id);
    // 10 short → 1 pack of 10, but at least 3 packs.
    expect(rowOf(rows, withMoq.id)).toMatchObject({ order_packs: 3, order_units: '30.0000', minimum_order_packs: 3, line_total: '6.0000', lead_time_days: 4 });
    // 27 short → ⌈27 / 25⌉ = 2 packs of the product's own unit; no supplier; the practice's 9 days and GBP.
    expect(rowOf(rows, noOffer.id)).toMatchObject({
      supplier_id: null, supplier_offer_id: null, supplier_name: null, purchase_unit: 'pack', units_per_pack: '25.0000',
      order_packs: 2, order_units: '50.0000', unit_price: '7.5000', line_total: '15.0000', currency: 'GBP', lead_time_days: 9,
    });
  });

  it('the chosen offer: preferred first, else the cheapest per usage unit, never an inactive supplier or offer', async () => {
    const practice = await practiceWithSettings();
    const p = await product('Composite');
    await stock(practice.id, p.id, 0, { reorderPoint: '1', parLevel: '2' });
    const a = await supplier();
    const b = await supplier();
    const closed = await supplier({ status: 'inactive' });
    await offer(a.id, p.id, { unitsPerPurchaseUnit: '10', price: '10.00' }); // 1.00 each
    const cheaper = await offer(b.id, p.id, { unitsPerPurchaseUnit: '20', price: '18.00' }); // 0.90 each
    await offer(closed.id, p.id, { unitsPerPurchaseUnit: '100', price: '1.00' }); // cheapest, but the supplier is inactive
    expect(rowOf(await list(practice.id), p.id)!.supplier_offer_id).toBe(cheaper.id);
    const [preferred] = await db().update(supplierOffers).set({ preferred: true }).where(eq(supplierOffers.supplierId, a.id)).returning();
    expect(rowOf(await list(practice.id), p.id)!.supplier_offer_id).toBe(preferred!.id);
    await db().update(supplierOffers).set({ status: 'inactive' }).where(eq(supplierOffers.id, preferred!.id));
    expect(rowOf(await list(practice.id), p.id)!.supplier_offer_id).toBe(cheaper.id);
  });

  it('on order netted from open PO lines (draft and sent apart), cancelled and received ones ignored', async () => {
    const practice = await practiceWithSettings();
    const p = await product('Needles');
    await stock(practice.id, p.id, 10, { reorderPoint: '45', parLevel: '80' });
    const s = await supplier();
    await offer(s.id, p.id);
    const po = async (status: string, quantity: string, received = '0') => {
      const [o] = await db().insert(purchaseOrders).values({ dentalPracticeId: practice.id, supplierId: s.id, number: `PO-${uid()}`, status, currency: 'EUR' }).returning();
      await db().insert(purchaseOrderLines).values({ purchaseOrderId: o!.id, productId: p.id, purchaseUnit: 'case', unitsPerPurchaseUnit: '12', quantity, unitPrice: '30', receivedQuantity: received });
    };
    await po('draft', '2'); // 24 in draft
    await po('sent', '1', '0.5'); // 6 sent, not received
    await po('cancelled', '10');
    await po('received', '10', '10');
    const row = rowOf(await list(practice.id), p.id)!;
    // position 10 + 24 + 6 = 40 ≤ 45 → 80 − 40 = 40 short → 4 cases.
    expect(row).toMatchObject({ on_order_in_draft: '24.0000', on_order_sent: '6.0000', on_order: '30.0000', order_packs: 4, order_units: '48.0000' });
    // Another draft of 2 cases brings the position to 64 > 45: nothing more to order (never drafted twice).
    await po('approved', '2');
    expect(rowOf(await list(practice.id), p.id)).toBeUndefined();
  });

  it('forecast levels with the typed floor, the review period, the order-by and the stock-out date; fallback to typed levels', async () => {
    const practice = await practiceWithSettings({ reviewPeriodDays: 7 });
    const steady = await product('Steady');
    const floored = await product('Floored');
    const noLevels = await product('No levels yet');
    const lasting = await product('Lasting');
    const s = await supplier();
    for (const p of [steady, floored, noLevels, lasting]) await offer(s.id, p.id, { unitsPerPurchaseUnit: '5', price: '4.00', leadTimeDays: 7 });
    await stock(practice.id, steady.id, 12, { policyMode: 'forecast', suggestedReorderPoint: '10', suggestedOrderUpTo: '20' });
    await stock(practice.id, floored.id, 12, { policyMode: 'forecast', reorderPoint: '15', suggestedReorderPoint: '10', suggestedOrderUpTo: '20' });
    await stock(practice.id, noLevels.id, 2, { policyMode: 'forecast', reorderPoint: '5', parLevel: '9' });
    await stock(practice.id, lasting.id, 30, { policyMode: 'forecast', suggestedReorderPoint: '10', suggestedOrderUpTo: '20' });
    // 7 a week = 1 a day.
    await run(practice.id, [steady, floored, noLevels, lasting].map((p) => ({ productId: p.id, weekly: 7 })));
    const rows = await list(practice.id);
    // Steady: position 12, 12 − 1 × 7 = 5 at the next review ≤ 10 → order 20 − 12 = 8 → 2 packs of 5;
    // order by (12 − 10) / 1 = 2 days; out of stock in 12 days.
    expect(rowOf(rows, steady.id)).toMatchObject({ level_source: 'forecast', reorder_point: '10.0000', order_up_to: '20.0000', order_packs: 2, order_units: '10.0000', order_by_date: day(2), stock_out_date: day(12) });
    // Floored: the typed 15 is the floor of the reorder point → due now (12 ≤ 15).
    expect(rowOf(rows, floored.id)).toMatchObject({ level_source: 'forecast', reorder_point: '15.0000', order_up_to: '20.0000', order_packs: 2, order_by_date: day(0) });
    // No suggested levels: the typed ones.
    expect(rowOf(rows, noLevels.id)).toMatchObject({ level_source: 'typed', reorder_point: '5.0000', order_up_to: '9.0000', order_packs: 2, order_units: '10.0000' });
    // Lasting: 30 − 7 = 23 > 10 at the next review: not yet.
    expect(rowOf(rows, lasting.id)).toBeUndefined();

    const why = await admin.get(`/api/replenishment/order-suggestions/${(await inventoryOf(practice.id, steady.id)).id}/reasoning`);
    expect(why.statusCode, why.body).toBe(200);
    const r = why.json().data;
    expect(r).toMatchObject({
      needed: true, level_source: 'forecast', fallback: null, on_hand: '12.0000', position: '12.0000', position_at_next_review: '5.0000',
      short_of_order_up_to: '8.0000', order_packs: 2, order_by_days: 2, lead_time_days: 7, lead_time_source: 'offer', review_period_days: 7,
      service_level: 0.95, mean_daily_demand: 1, mean_lead_time_demand: 7, distribution: 'normal', run_id: expect.any(Number),
    });
    expect(r.suggestion.order_packs).toBe(2);
    expect(r.steps.map((s: { key: string }) => s.key)).toEqual(['levelsForecast', 'forecastFigures', 'position', 'atNextReviewNeeded', 'shortfall', 'packs', 'orderBy', 'stockOut']);
    const typed = (await admin.get(`/api/replenishment/order-suggestions/${(await inventoryOf(practice.id, noLevels.id)).id}/reasoning`)).json().data;
    expect(typed).toMatchObject({ level_source: 'typed', fallback: 'no_forecast_levels' });
    const fine = (await admin.get(`/api/replenishment/order-suggestions/${(await inventoryOf(practice.id, lasting.id)).id}/reasoning`)).json().data;
    expect(fine).toMatchObject({ needed: false, suggestion: null, order_packs: 0 });
  });

  it('search, sort, filters by supplier, category and brand, and CSV through the list engine', async () => {
    const practice = await practiceWithSettings();
    const category = (await admin.post('/api/category/create', { name: `Cat ${uid()}` })).json().data;
    const brand = (await admin.post('/api/brand/create', { name: `Brand ${uid()}` })).json().data;
    const a = await product('Alpha', { category_id: category.id, brand_id: brand.id });
    const b = await product('Beta');
    await stock(practice.id, a.id, 0, { reorderPoint: '1', parLevel: '100' });
    await stock(practice.id, b.id, 0, { reorderPoint: '1', parLevel: '5' });
    const s = await supplier();
    await offer(s.id, a.id);
    const filter = (f: object[]) => `&column_filters=${encodeURIComponent(JSON.stringify(f))}`;
    expect((await list(practice.id, '&search=alpha')).map((r) => r.product_id)).toEqual([a.id]);
    expect((await list(practice.id, filter([{ field: 'supplier_id', condition: 'equal', value: s.id }]))).map((r) => r.product_id)).toEqual([a.id]);
    expect((await list(practice.id, filter([{ field: 'category_id', condition: 'equal', value: category.id }]))).map((r) => r.product_id)).toEqual([a.id]);
    expect((await list(practice.id, filter([{ field: 'brand_id', condition: 'equal', value: brand.id }]))).map((r) => r.product_id)).toEqual([a.id]);
    expect((await list(practice.id, filter([{ field: 'supplier_id', condition: 'is_null' }]))).map((r) => r.product_id)).toEqual([b.id]);
    expect((await list(practice.id, '&sort_column=order_units&sort_direction=desc')).map((r) => r.product_id)).toEqual([a.id, b.id]);
    expect((await list(practice.id, filter([{ field: 'order_by_date', condition: 'equal', value: day(0) }]))).length).toBe(2);
    const page = await admin.get(`/api/admin/list/order-suggestions?dental_practice_id=${practice.id}&pagesize=1`);
    expect(page.json().meta).toMatchObject({ total: 2, last_page: 2 });
    const csv = await admin.get(`/api/admin/list/order-suggestions?dental_practice_id=${practice.id}&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toContain('product_name');
    expect(csv.body).toContain('Alpha');
    const bad = await admin.get(`/api/admin/list/order-suggestions?dental_practice_id=${practice.id}&sort_column=nope`);
    expect(bad.statusCode).toBe(422);
  });
});

async function inventoryOf(practiceId: number, productId: number) {
  const [row] = await db().select().from(inventories).where(sql`${inventories.dentalPracticeId} = ${practiceId} and ${inventories.productId} = ${productId}`);
  return row!;
}

describe('transfers before purchases', () => {
  it('suggests what another practice can spare, only from practices the user may act in, and makes it through the stock transfer', async () => {
    const needy = await practiceWithSettings();
    const rich = await practiceWithSettings();
    const hidden = await practiceWithSettings();
    const p = await product('Shared');
    await stock(needy.id, p.id, 10, { reorderPoint: '20', parLevel: '50' });
    await stock(rich.id, p.id, 100, { reorderPoint: '10', parLevel: '20' });
    await stock(hidden.id, p.id, 100, { reorderPoint: '10', parLevel: '20' });
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [needy.id, rich.id] });

    const res = await manager.get(`/api/replenishment/transfer-suggestions?dental_practice_id=${needy.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // Need 50 − 10 = 40; the rich practice keeps its reorder point 10 (no forecast): 90 spare → 40.
    expect(res.json().data.data).toEqual([expect.objectContaining({ product_id: p.id, from_practice_id: rich.id, need: '40.0000', surplus: '90.0000', quantity: '40.0000' })]);
    // The other practice's data stays invisible to one who may not act in it.
    expect(res.body).not.toContain(hidden.name);

    // Accepting from a practice the manager cannot see is a 404, nothing moves.
    const refused = await manager.post('/api/replenishment/transfer-suggestions/accept', { from_practice_id: hidden.id, to_practice_id: needy.id, product_id: p.id, quantity: '40' });
    expect(refused.statusCode).toBe(404);
    expect((await inventoryOf(hidden.id, p.id)).onHand).toBe('100.0000');

    const viewer = await signInAs(t, { role: 'Viewer', practiceIds: [needy.id, rich.id] });
    expect((await viewer.post('/api/replenishment/transfer-suggestions/accept', { from_practice_id: rich.id, to_practice_id: needy.id, product_id: p.id, quantity: '40' })).statusCode).toBe(403);

    const done = await manager.post('/api/replenishment/transfer-suggestions/accept', { from_practice_id: rich.id, to_practice_id: needy.id, product_id: p.id, quantity: '40' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await inventoryOf(needy.id, p.id)).onHand).toBe('50.0000');
    expect((await inventoryOf(rich.id, p.id)).onHand).toBe('60.0000');
    // The need is met: no purchase, no transfer suggested any more.
    expect(rowOf(await list(needy.id), p.id)).toBeUndefined();
    expect((await manager.get(`/api/replenishment/transfer-suggestions?dental_practice_id=${needy.id}`)).json().data.data).toEqual([]);

    // More than the other practice holds: the transfer's own rule (409/422), nothing half-written.
    const tooMuch = await manager.post('/api/replenishment/transfer-suggestions/accept', { from_practice_id: rich.id, to_practice_id: needy.id, product_id: p.id, quantity: '1000' });
    expect([409, 422]).toContain(tooMuch.statusCode);
    expect((await inventoryOf(rich.id, p.id)).onHand).toBe('60.0000');
    const same = await manager.post('/api/replenishment/transfer-suggestions/accept', { from_practice_id: rich.id, to_practice_id: rich.id, product_id: p.id, quantity: '1' });
    expect(same.statusCode).toBe(422);
  });
});

describe('expiry waste ahead', () => {
  it('per lot, what will be left at expiry at forecast usage in FEFO order, valued at the lot cost, within the days asked', async () => {
    const practice = await practiceWithSettings();
    const unused = await product('Unused', { tracks_lots: true });
    const used = await product('Used', { tracks_lots: true });
    await stock(practice.id, unused.id, 50, {}, { lot_number: 'U1', expiry_date: day(20) });
    await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: unused.id, quantity: '10', unit_cost: '0.50', lot_number: 'U2', expiry_date: day(200) });
    // 7 a week for 14 days uses 14 of the first lot (14 days to expiry): 16 of 30 left; the second lot, behind it, expires after 28 days.
    await stock(practice.id, used.id, 30, {}, { lot_number: 'S1', expiry_date: day(14) });
    await run(practice.id, [{ productId: used.id, weekly: 7 }]);
    const res = await admin.get(`/api/replenishment/expiry-waste?dental_practice_id=${practice.id}&days=90`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.currency).toBe('GBP');
    const u1 = data.lots.find((l: { lot_number: string }) => l.lot_number === 'U1');
    expect(u1).toMatchObject({ expected_waste: '50.0000', expected_waste_value: '25.0000' });
    expect(data.lots.find((l: { lot_number: string }) => l.lot_number === 'U2')).toBeUndefined();
    const s1 = data.lots.find((l: { lot_number: string }) => l.lot_number === 'S1');
    expect(Number(s1.expected_waste)).toBeCloseTo(16, 0);
    expect(Number(data.total_value)).toBeCloseTo(25 + Number(s1.expected_waste_value), 2);
  });

  it('bad input: unknown practice, another practice, days out of range', async () => {
    const mine = await practiceWithSettings();
    const theirs = await practiceWithSettings();
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [mine.id] });
    expect((await manager.get(`/api/replenishment/expiry-waste?dental_practice_id=${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/replenishment/expiry-waste?dental_practice_id=999999999')).statusCode).toBe(404);
    expect((await admin.get('/api/admin/list/order-suggestions?dental_practice_id=999999999')).statusCode).toBe(404);
    expect((await manager.get(`/api/admin/list/order-suggestions?dental_practice_id=${theirs.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/replenishment/transfer-suggestions?dental_practice_id=${theirs.id}`)).statusCode).toBe(404);
    for (const days of ['0', '731', 'x', '1.5']) {
      const res = await admin.get(`/api/replenishment/expiry-waste?dental_practice_id=${mine.id}&days=${days}`);
      expect(res.statusCode, days).toBe(422);
      expect(res.body).toContain('days');
    }
    const p = await product('Theirs');
    const inv = await stock(theirs.id, p.id, 1, { reorderPoint: '5', parLevel: '10' });
    expect((await manager.get(`/api/replenishment/order-suggestions/${inv.id}/reasoning`)).statusCode).toBe(404);
    expect((await admin.get(`/api/replenishment/order-suggestions/${inv.id}/reasoning?dental_practice_id=${mine.id}`)).statusCode).toBe(404);
    expect((await admin.get('/api/replenishment/order-suggestions/999999999/reasoning')).statusCode).toBe(404);
  });
});
