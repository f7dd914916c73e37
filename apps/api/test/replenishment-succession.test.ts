import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { forecastRuns, forecastSeries, inventories, lots, practiceSettings, supplierOffers, suppliers } from '@enamel/db';
import { orderSuggestionListContract, replacedStockSchema, type OrderSuggestionRow } from '@enamel/contracts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * Order suggestions across a succession (docs/product-rules.md#succession), hand-computed: from the succession date
 * the successor's suggestion is net of the replaced product's usable stock (× the factor), expired lots not counted;
 * the replaced product's lots are used first at the successor's demand, and what of them will expire unused is
 * warned of (GET /api/replenishment/replaced-stock) and is the expiry-waste report's figure too. Before the date
 * nothing of this happens.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const db = () => t.database.db;

async function product(name: string, usageUnit: string) {
  const res = await admin.post('/api/product/create', { name: `${name} ${uid()}`, sku: `RSU-${uid()}`, usage_unit: usageUnit, purchase_unit: 'case', units_per_purchase_unit: 1, purchase_price: '5.00', tracks_lots: true });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

async function receive(practiceId: number, productId: number, quantity: number, lotNumber: string, expiryDate: string, unitCost = '0.50') {
  const res = await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity: String(quantity), unit_cost: unitCost, lot_number: lotNumber, expiry_date: expiryDate });
  expect(res.statusCode, res.body).toBe(200);
}

async function levels(practiceId: number, productId: number, values: Partial<typeof inventories.$inferInsert>) {
  await db().update(inventories).set({ updatedAt: new Date(), ...values }).where(sql`${inventories.dentalPracticeId} = ${practiceId} and ${inventories.productId} = ${productId}`);
}

async function succeed(oldId: number, successorId: number, date: string, factor: string) {
  const res = await admin.request('PUT', `/api/product/${oldId}/successor`, { json: { successor_id: successorId, succession_date: date, succession_factor: factor } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A succeeded run for today with a flat weekly forecast (no spread) per product. */
async function run(practiceId: number, series: Array<{ productId: number; weekly: number }>) {
  const [r] = await db().insert(forecastRuns).values({ dentalPracticeId: practiceId, forecastDate: day(0), status: 'succeeded', horizonWeeks: 12, level: '0.95', finishedAt: new Date() }).returning();
  for (const s of series) {
    const mean = Array(12).fill(s.weekly);
    await db().insert(forecastSeries).values({
      runId: r!.id, kind: 'product', refId: s.productId, method: 'mean', demandClass: 'smooth', source: 'history', historyStart: day(-365),
      history: [], booked: [], mean, lower: mean, upper: mean, sd: Array(12).fill(0), distribution: 'normal',
    } as typeof forecastSeries.$inferInsert);
  }
}

async function suggestions(practiceId: number): Promise<OrderSuggestionRow[]> {
  const res = await admin.get(`/api/admin/list/order-suggestions?dental_practice_id=${practiceId}&pagesize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: unknown) => orderSuggestionListContract.row.parse(r));
}

async function replaced(practiceId: number) {
  const res = await admin.get(`/api/replenishment/replaced-stock?dental_practice_id=${practiceId}`);
  expect(res.statusCode, res.body).toBe(200);
  return replacedStockSchema.parse(res.json().data);
}

async function reasoningSteps(practiceId: number, productId: number) {
  const [inventory] = await db().select({ id: inventories.id }).from(inventories).where(sql`${inventories.dentalPracticeId} = ${practiceId} and ${inventories.productId} = ${productId}`);
  const res = await admin.get(`/api/replenishment/order-suggestions/${inventory!.id}/reasoning`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { position: string; on_hand: string; steps: Array<{ key: string; values: Record<string, unknown> }> };
}

/**
 * A practice with the old product A (used by the bottle: lot A1 of 30 bottles expiring in 14 days at 0.50, lot A2 of
 * 10 bottles already expired) and its successor B (used by the vial: one bottle of A = 0.5 vial of B, factor 0.5), B at 0
 * on hand, typed reorder point 50 and par 100 (manual), ordered one vial at a time; B's forecast 7 vials a week.
 */
async function scene() {
  const practice = await createPractice(db(), { currency: 'GBP' });
  await db().insert(practiceSettings).values({ dentalPracticeId: practice.id, leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: '0.95' });
  const a = await product('Bond 5 ml', 'bottle');
  const b = await product('Bond 2.5 ml', 'vial');
  await receive(practice.id, a.id, 30, 'A1', day(14));
  await receive(practice.id, a.id, 10, 'A2', day(30));
  // A2 expired two days ago (a lot is good up to and including its expiry day).
  await db().update(lots).set({ expiryDate: day(-2) }).where(sql`${lots.lotNumber} = 'A2' and ${lots.inventoryId} in (select id from inventories where dental_practice_id = ${practice.id})`);
  const add = await admin.post('/api/inventory/add', { dental_practice_id: practice.id, product_id: b.id, reorder_point: '50', par_level: '100' });
  expect(add.statusCode, add.body).toBe(201);
  await levels(practice.id, b.id, { policyMode: 'manual' });
  const [s] = await db().insert(suppliers).values({ name: `Supplier ${uid()}`, currency: 'GBP', leadTimeDays: 7 }).returning();
  await db().insert(supplierOffers).values({ supplierId: s!.id, productId: b.id, purchaseUnit: 'vial', unitsPerPurchaseUnit: '1', price: '2.00' });
  await run(practice.id, [{ productId: b.id, weekly: 7 }]);
  return { practice, a, b };
}

describe('order suggestions across a succession', () => {
  it('before the succession date nothing changes: the successor orders its full shortfall, the old lots wait at their own (no) demand', async () => {
    const { practice, a, b } = await scene();
    await succeed(a.id, b.id, day(3), '0.5');
    const rows = await suggestions(practice.id);
    // B: position 0 ≤ 50 → 100 − 0 = 100 vials.
    expect(rows.find((r) => r.product_id === b.id)).toMatchObject({ on_hand: '0.0000', order_units: '100.0000', order_packs: 100 });
    expect((await reasoningSteps(practice.id, b.id)).steps.map((s) => s.key)).not.toContain('replacedStock');
    expect((await replaced(practice.id)).products).toEqual([]);
    // A has no forecast of its own: all of A1 is expected to expire unused (30 × 0.50).
    const waste = (await admin.get(`/api/replenishment/expiry-waste?dental_practice_id=${practice.id}&days=90`)).json().data;
    expect(waste.lots.find((l: { lot_number: string }) => l.lot_number === 'A1')).toMatchObject({ expected_waste: '30.0000', expected_waste_value: '15.0000' });
  });

  it('from the succession date: the successor is net of the old product’s usable stock × the factor, expired lots not counted, and says so', async () => {
    const { practice, a, b } = await scene();
    await succeed(a.id, b.id, day(-1), '0.5');
    const rows = await suggestions(practice.id);
    // A: 40 on hand, of which 10 expired → 30 usable bottles = 30 × 0.5 = 15 vials. B: position 0 + 15 = 15 ≤ 50 → 100 − 15 = 85.
    expect(rows.find((r) => r.product_id === b.id)).toMatchObject({ on_hand: '0.0000', order_units: '85.0000', order_packs: 85, line_total: '170.0000' });
    expect(rows.find((r) => r.product_id === a.id)).toBeUndefined();
    const reasoning = await reasoningSteps(practice.id, b.id);
    expect(reasoning.on_hand).toBe('0.0000');
    expect(reasoning.position).toBe('15.0000');
    expect(reasoning.steps).toContainEqual({ key: 'replacedStock', values: { product: a.name, usable: '30.0000', oldUnit: 'bottle', factor: 0.5, counts: '15.0000', unit: 'vial' } });
    expect(reasoning.steps).toContainEqual({ key: 'positionWithReplaced', values: { onHand: '0.0000', replaced: '15.0000', inDraft: '0.0000', sent: '0.0000', position: '15.0000', unit: 'vial' } });
    expect(reasoning.steps.map((s) => s.key)).not.toContain('position');
  });

  it('warns of the old stock that will expire unused: its lots used first at the successor’s demand, in the successor’s units', async () => {
    const { practice, a, b } = await scene();
    await succeed(a.id, b.id, day(-1), '0.5');
    // A1: 30 bottles = 15 vials; B uses 7 vials a week, 14 over the 14 days to A1's expiry: 1 vial = 2 bottles left, 2 × 0.50 = 1.00.
    const data = await replaced(practice.id);
    expect(data).toMatchObject({ forecast_date: day(0), currency: 'GBP', total_value: '1.00' });
    expect(data.products).toHaveLength(1);
    expect(data.products[0]).toMatchObject({
      product_id: a.id, product_name: a.name, usage_unit: 'bottle', succession_date: day(-1), successor_id: b.id, successor_name: b.name, successor_usage_unit: 'vial',
      factor: '0.500000', usable: '30.0000', counts_as: '15.0000', expected_waste: '2.0000', expected_waste_value: '1.0000',
    });
    // The expiry-waste report says the same of lot A1.
    const waste = (await admin.get(`/api/replenishment/expiry-waste?dental_practice_id=${practice.id}&days=90`)).json().data;
    expect(waste.lots.find((l: { lot_number: string }) => l.lot_number === 'A1')).toMatchObject({ expected_waste: '2.0000', expected_waste_value: '1.0000' });
  });

  it('a chain: A → B → C with both dates passed, A’s and B’s stock count towards C with the factors multiplied', async () => {
    const practice = await createPractice(db(), { currency: 'GBP' });
    await db().insert(practiceSettings).values({ dentalPracticeId: practice.id, leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: '0.95' });
    const a = await product('Etch A', 'syringe');
    const b = await product('Etch B', 'syringe');
    const c = await product('Etch C', 'syringe');
    await receive(practice.id, a.id, 8, 'EA', day(300));
    await receive(practice.id, b.id, 4, 'EB', day(300));
    const add = await admin.post('/api/inventory/add', { dental_practice_id: practice.id, product_id: c.id, reorder_point: '20', par_level: '40' });
    expect(add.statusCode, add.body).toBe(201);
    await succeed(a.id, b.id, day(-10), '0.5');
    await succeed(b.id, c.id, day(-5), '2');
    // A: 8 × 0.5 × 2 = 8; B: 4 × 2 = 8; C: 0 + 16 = 16 ≤ 20 → 40 − 16 = 24 syringes (catalog pack of 1).
    const rows = await suggestions(practice.id);
    expect(rows.find((r) => r.product_id === c.id)).toMatchObject({ order_units: '24.0000' });
    expect(rows.find((r) => r.product_id === b.id)).toBeUndefined();
    const data = await replaced(practice.id);
    expect(data.products.map((p) => [p.product_id, p.successor_id, p.factor, p.counts_as])).toEqual(
      [[a.id, c.id, '1.000000', '8.0000'], [b.id, c.id, '2.000000', '8.0000']].sort((x, y) => (x[0] as number) - (y[0] as number)),
    );
    // No forecast for C: nothing of the old stock is expected to be used, all of it expires unused (at day 300).
    expect(data.products.map((p) => p.expected_waste)).toEqual(['8.0000', '4.0000']);
  });

  it('bad input: unknown practice, another practice, a practice id that is not a number', async () => {
    const mine = await createPractice(db(), {});
    const theirs = await createPractice(db(), {});
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [mine.id] });
    expect((await manager.get(`/api/replenishment/replaced-stock?dental_practice_id=${theirs.id}`)).statusCode).toBe(404);
    expect((await manager.get(`/api/replenishment/replaced-stock?dental_practice_id=${mine.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/replenishment/replaced-stock?dental_practice_id=999999999')).statusCode).toBe(404);
    for (const bad of ['x', '0', '']) {
      const res = await admin.get(`/api/replenishment/replaced-stock?dental_practice_id=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.body).toContain('dental_practice_id');
    }
  });
});
