import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { forecastSeries, inventories, practiceSettings } from '@enamel/db';
import { orderSuggestionListContract, type OrderSuggestionRow } from '@enamel/contracts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, runForecastToEnd, uid } from './ledgers.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';
import { forecastAll } from '../src/features/forecasts/forecast-run.ts';
import type { WeeklyInput } from '../src/features/forecasts/forecast-series.ts';

/**
 * The forecast run across a succession (docs/product-rules.md#succession, issue 28): a year of weekly use of A, which
 * names B as its successor three weeks ago with a factor of 0.5; B has only its three weeks since. The run forecasts B
 * on A's history × 0.5 (source predecessor) and A at zero (method succeeded), so the suggestions order B and never A;
 * the same ledger without the succession leaves B thin (no levels) and A forecast. An ended series forecasts zero.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const db = () => t.database.db;

async function product(name: string, extra: Record<string, unknown> = {}) {
  const res = await admin.post('/api/product/create', { name: `${name} ${uid()}`, sku: `FS-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '5.00', tracks_lots: false, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; name: string };
}

/**
 * Stocks a product with `weekly` uses written into the ledger (index 0 = the week before today, 1 the one before…),
 * a receipt before them leaving `onHand`, in forecast policy mode with typed levels `typed`.
 */
async function stockWithUse(practiceId: number, productId: number, weekly: number[], onHand: number, typed = { reorderPoint: '0', parLevel: '0' }) {
  const used = weekly.reduce((a, b) => a + b, 0);
  const res = await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity: String(used + onHand), unit_cost: '0.50' });
  expect(res.statusCode, res.body).toBe(200);
  const first = weekly.length * 7 - 1; // in the week of the oldest use, before it
  await db().execute(sql`update stock_movements set occurred_at = now() - make_interval(days => ${first}) where dental_practice_id = ${practiceId} and product_id = ${productId}`);
  const [inventory] = await db().select().from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  const uses = weekly.flatMap((q, k) => (q > 0 ? [{ q, k }] : []));
  if (uses.length > 0) {
    await db().execute(sql`insert into stock_movements (dental_practice_id, inventory_id, product_id, type, quantity, unit_cost, occurred_at)
      select ${practiceId}, ${inventory!.id}, ${productId}, 'consume', -(u->>'q')::numeric, 0.5, now() - make_interval(days => 7 * (u->>'k')::int + 3)
      from jsonb_array_elements(${JSON.stringify(uses)}::jsonb) u`);
  }
  await db().update(inventories).set({ onHand: String(onHand), policyMode: 'forecast', ...typed, updatedAt: new Date() }).where(eq(inventories.id, inventory!.id));
}

/** A's weekly use (newest first): nothing in the three weeks since the switch, ~20 a week for a year before. */
const usesOfA = [0, 0, 0, ...Array.from({ length: 52 }, (_, k) => 18 + ((k * 7) % 5))];
/** B's own weeks since the switch (newest first): a little low while A's last stock was used up. */
const usesOfB = [10, 6, 4];

async function practice() {
  const p = await createPractice(db(), { currency: 'GBP' });
  await db().insert(practiceSettings).values({ dentalPracticeId: p.id, leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: '0.95' });
  return p;
}

async function seriesOf(runId: number, refId: number) {
  const [row] = await db().select().from(forecastSeries).where(and(eq(forecastSeries.runId, runId), eq(forecastSeries.kind, 'product'), eq(forecastSeries.refId, refId)));
  return row;
}

async function suggestions(practiceId: number): Promise<OrderSuggestionRow[]> {
  const res = await admin.get(`/api/admin/list/order-suggestions?dental_practice_id=${practiceId}&pagesize=100`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.map((r: unknown) => orderSuggestionListContract.row.parse(r));
}

/** The pair A → B stocked in a new practice (A with typed levels that would order it), with or without the succession. */
async function pair(withSuccession: boolean) {
  const p = await practice();
  const a = await product('Composite A');
  const b = await product('Composite B');
  await stockWithUse(p.id, a.id, usesOfA, 6, { reorderPoint: '10', parLevel: '40' });
  await stockWithUse(p.id, b.id, usesOfB, 2);
  if (withSuccession) {
    const res = await admin.request('PUT', `/api/product/${a.id}/successor`, { json: { successor_id: b.id, succession_date: day(-21), succession_factor: '0.5' } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return { p, a, b };
}

const average = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
const demandOfA = average(usesOfA.slice(3));

describe('forecast runs across a succession', () => {
  it('the successor is forecast on its predecessor’s history × the factor, the replaced product at zero; suggestions order the successor only', async () => {
    const { p, a, b } = await pair(true);
    const run = await runForecastToEnd(admin, p.id);
    expect(run.status).toBe('succeeded');

    const sb = (await seriesOf(run.id, b.id))!;
    expect(sb).toMatchObject({ source: 'predecessor', thin: false });
    // The combined history: A's 52 weeks × 0.5, then B's own three weeks (oldest first); the ledger is not rewritten.
    expect(sb.history).toHaveLength(55);
    expect(sb.history.slice(-3)).toEqual([...usesOfB].reverse());
    expect(sb.history.slice(0, 52)).toEqual(usesOfA.slice(3).reverse().map((x) => x * 0.5));
    expect(sb.mean[0]).toBeGreaterThan(0.8 * demandOfA * 0.5);
    expect(sb.mean[0]).toBeLessThan(1.2 * demandOfA * 0.5);

    const sa = (await seriesOf(run.id, a.id))!;
    expect(sa).toMatchObject({ method: 'succeeded', source: 'successor' });
    expect(sa.history).toEqual(usesOfA.slice().reverse()); // its own history as it happened
    expect(sa.mean.every((m) => m === 0) && sa.upper.every((m) => m === 0)).toBe(true);

    const [ia] = await db().select().from(inventories).where(and(eq(inventories.dentalPracticeId, p.id), eq(inventories.productId, a.id)));
    const [ib] = await db().select().from(inventories).where(and(eq(inventories.dentalPracticeId, p.id), eq(inventories.productId, b.id)));
    expect(ia!.suggestedReorderPoint).toBeNull();
    expect(Number(ib!.suggestedReorderPoint)).toBeGreaterThan(0);

    const rows = await suggestions(p.id);
    expect(rows.some((r) => r.product_id === b.id)).toBe(true);
    // A is below its typed reorder point, yet replaced: used up, not ordered.
    expect(rows.some((r) => r.product_id === a.id)).toBe(false);
    const reasoning = await admin.get(`/api/replenishment/order-suggestions/${ia!.id}/reasoning?dental_practice_id=${p.id}`);
    expect(reasoning.statusCode, reasoning.body).toBe(200);
    expect(reasoning.json().data.steps).toContainEqual({ key: 'replaced', values: { date: day(-21) } });

    // The forecast chart of each marks the succession date: B replaces A, A is replaced by B.
    const chart = async (refId: number) => {
      const res = await admin.get(`/api/admin/dashboard/demand-forecast-data?dental_practice_id=${p.id}&ref_id=${refId}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.selected as { id: number; source: string; successions: unknown[] };
    };
    expect(await chart(b.id)).toMatchObject({ id: b.id, source: 'predecessor', successions: [{ relation: 'replaces', product_id: a.id, name: a.name, date: day(-21) }] });
    expect(await chart(a.id)).toMatchObject({ id: a.id, source: 'successor', successions: [{ relation: 'replaced_by', product_id: b.id, name: b.name, date: day(-21) }] });
    const codes = await admin.get(`/api/admin/dashboard/procedure-forecast-data?dental_practice_id=${p.id}`);
    expect(codes.statusCode, codes.body).toBe(200);
  });

  it('without the succession: B is thin (its own three weeks, no levels) and A is still forecast and ordered', async () => {
    const { p, a, b } = await pair(false);
    const run = await runForecastToEnd(admin, p.id);
    const sb = (await seriesOf(run.id, b.id))!;
    expect(sb).toMatchObject({ source: 'history', thin: true, history: [...usesOfB].reverse() });
    expect(sb.mean[0]).toBeLessThan(0.8 * demandOfA * 0.5);
    const sa = (await seriesOf(run.id, a.id))!;
    expect(sa.source).toBe('history');
    expect(sa.mean[0]).toBeGreaterThan(0);
    const rows = await suggestions(p.id);
    expect(rows.some((r) => r.product_id === a.id)).toBe(true);
    expect(rows.some((r) => r.product_id === b.id)).toBe(false);
  });

  it('a succession dated after the run’s date is not in force yet: both products are forecast on their own', async () => {
    const { p, a, b } = await pair(false);
    const res = await admin.request('PUT', `/api/product/${a.id}/successor`, { json: { successor_id: b.id, succession_date: day(-21), succession_factor: '0.5' } });
    expect(res.statusCode, res.body).toBe(200);
    const run = await runForecastToEnd(admin, p.id, day(-28));
    expect((await seriesOf(run.id, a.id))!.source).toBe('history');
    expect(await seriesOf(run.id, b.id)).toBeUndefined(); // no movement of B before that date
  });

  it('a series that ended (regular demand, then none for months) forecasts zero and is not suggested', async () => {
    const p = await practice();
    const e = await product('Discontinued bur');
    await stockWithUse(p.id, e.id, [...new Array<number>(16).fill(0), ...Array.from({ length: 40 }, (_, k) => 5 + (k % 3))], 1);
    const run = await runForecastToEnd(admin, p.id);
    const se = (await seriesOf(run.id, e.id))!;
    expect(se.method).toBe('ended');
    expect(se.mean.every((m) => m === 0)).toBe(true);
    const [ie] = await db().select().from(inventories).where(and(eq(inventories.dentalPracticeId, p.id), eq(inventories.productId, e.id)));
    expect(ie!.suggestedReorderPoint).toBeNull();
    expect((await suggestions(p.id)).some((r) => r.product_id === e.id)).toBe(false);
  });
});

describe('a thin product borrows its start from its templates’ procedures, else its category, and says which', () => {
  it('a new product on a template the practice’s procedures use is forecast from them (procedures); one with only a category from its peers (category); one with neither has no forecast, as before', async () => {
    const p = await practice();
    const category = await admin.post('/api/category/create', { name: `Bonding ${uid()}` });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = category.json().data.id as number;
    const code = await admin.post('/api/procedure-code/create', { code: `TP${uid()}`.toUpperCase().slice(0, 16), name: `Filling ${uid()}`, category: 'restorative' });
    expect(code.statusCode, code.body).toBe(201);
    const codeId = code.json().data.id as number;
    // A bonding agent with 20 weeks of ~6 a week; its new version in the same category; an etchant new on the filling's
    // template (2 a filling); wipes with neither. The three new ones are received today: no history before the date.
    const peer = await product('Bonding agent', { category_id: categoryId });
    const inCategory = await product('Bonding agent v2', { category_id: categoryId });
    const onTemplate = await product('Etchant');
    const neither = await product('Wipes');
    const peerUse = Array.from({ length: 20 }, (_, k) => 5 + (k % 3));
    await stockWithUse(p.id, peer.id, peerUse, 10);
    for (const x of [inCategory, onTemplate, neither]) {
      const res = await admin.post('/api/inventory/receive', { dental_practice_id: p.id, product_id: x.id, quantity: '20', unit_cost: '1.00' });
      expect(res.statusCode, res.body).toBe(200);
    }
    const template = await admin.post('/api/procedure-template/create', { name: `Class II ${uid()}`, procedure_code_id: codeId, items: [{ product_id: onTemplate.id, quantity: '2' }] });
    expect(template.statusCode, template.body).toBe(201);
    // Four fillings a week for 20 weeks, done with the template (their recorded items predate the etchant).
    await db().execute(sql`insert into procedures (dental_practice_id, procedure_code_id, procedure_template_id, performed_at, status)
      select ${p.id}, ${codeId}, ${template.json().data.id as number}, now() - make_interval(days => 7 * w + 1 + d), 'completed'
      from generate_series(0, 19) w, generate_series(0, 3) d`);

    const run = await runForecastToEnd(admin, p.id);
    expect(run.status).toBe('succeeded');
    const st = (await seriesOf(run.id, onTemplate.id))!;
    expect(st).toMatchObject({ source: 'procedures', thin: true, history: [] });
    expect(st.method).toBe('procedures-prior');
    expect(st.mean[0]).toBeGreaterThan(8 * 0.7);
    expect(st.mean[0]).toBeLessThan(8 * 1.3);
    const sc = (await seriesOf(run.id, inCategory.id))!;
    expect(sc).toMatchObject({ source: 'category', thin: true, history: [], method: 'category-prior' });
    const peerAverage = average(peerUse);
    expect(sc.mean[0]).toBeGreaterThan(peerAverage * 0.9);
    expect(sc.mean[0]).toBeLessThan(peerAverage * 1.1);
    expect(sc.upper[0]).toBeGreaterThan(sc.mean[0]!);
    expect(await seriesOf(run.id, neither.id)).toBeUndefined();
    // The peer with its own history is forecast on it.
    expect((await seriesOf(run.id, peer.id))!.source).toBe('history');

    // The chart says where a borrowed forecast came from.
    const chart = await admin.get(`/api/admin/dashboard/demand-forecast-data?dental_practice_id=${p.id}&ref_id=${inCategory.id}`);
    expect(chart.statusCode, chart.body).toBe(200);
    expect(chart.json().data.selected).toMatchObject({ id: inCategory.id, source: 'category', thin: true, successions: [] });
  });
});

describe('forecastAll with successions (pure, no database)', () => {
  const weeks = 40;
  const flat = (n: number, v: number) => new Array<number>(n).fill(v);
  const input = (over: Partial<WeeklyInput>): WeeklyInput => ({
    start: '2026-01-05', weeks, usage: new Map(), procedures: new Map(), usagePerProcedure: [], bookedProcedures: new Map(), bookedUsage: new Map(), successions: [], ...over,
  });

  it('a chain A → B → C combines both predecessors with the factors multiplied; A and B forecast zero; booked use of A moves to C', () => {
    // A used 8 a week until week 20; B (factor 0.5 from A) from week 20 to 30, 4 a week, plus a trial of 1 in week 10; C (factor 2 from B) from week 30.
    const usage = new Map([
      [1, { offset: 0, values: [...flat(20, 8), ...flat(20, 0)] }],
      [2, { offset: 10, values: [1, ...flat(9, 0), ...flat(10, 4), ...flat(10, 0)] }],
      [3, { offset: 30, values: flat(10, 8) }],
    ]);
    const booked = [...flat(1, 0), 3, ...flat(10, 0)];
    const out = forecastAll(input({ usage, bookedUsage: new Map([[1, booked]]), successions: [
      { productId: 1, successorId: 2, week: 20, factor: 0.5 },
      { productId: 2, successorId: 3, week: 30, factor: 2 },
    ] }), 12, 0.95);
    const of = (id: number) => out.filter((s) => s.kind === 'product' && s.refId === id);
    expect(of(1)).toHaveLength(1);
    expect(of(2)).toHaveLength(1);
    for (const id of [1, 2]) expect(of(id)[0]).toMatchObject({ method: 'succeeded', source: 'successor', mean: flat(12, 0), booked: flat(12, 0) });
    const c = of(3)[0]!;
    // In C's units: A × 0.5 × 2 = 8 before week 20 (plus B's trial × 2 in week 10), B × 2 = 8 to week 30, C's own 8 since.
    const expected = flat(40, 8);
    expected[10] = 8 + 2;
    expect(c).toMatchObject({ source: 'predecessor', thin: false, historyStart: '2026-01-05', history: expected });
    expect(c.booked).toEqual(booked.map((b) => b * 0.5 * 2));
    expect(c.mean[1]! - c.booked[1]!).toBeGreaterThan(6);
    expect(c.mean[1]! - c.booked[1]!).toBeLessThan(10);
  });

  it('a thin product with a few weeks of its own pools them with its category’s average (weight n / (n + 8)); a stocked product with no history and no prior has no series', () => {
    const usage = new Map([
      [1, { offset: 0, values: flat(40, 10) }],
      [2, { offset: 36, values: [2, 2, 2, 2] }],
    ]);
    const products = new Map([
      [1, { categoryId: 7, unit: 'each' }],
      [2, { categoryId: 7, unit: 'each' }],
      [3, { categoryId: null, unit: 'each' }],
      [4, { categoryId: 7, unit: 'box' }], // another unit: not averaged with the eaches
    ]);
    const out = forecastAll(input({ usage, products }), 4, 0.95);
    const thin = out.find((s) => s.refId === 2)!;
    expect(thin).toMatchObject({ source: 'category', thin: true, method: 'category-prior+mean', history: [2, 2, 2, 2] });
    // 4 / 12 of its own 2 a week, 8 / 12 of the category's 10.
    expect(thin.mean[0]).toBeCloseTo((4 / 12) * 2 + (8 / 12) * 10, 6);
    expect(out.some((s) => s.refId === 3 || s.refId === 4)).toBe(false);
  });

  it('a successor with no use of its own yet takes its predecessor’s history up to the date and zeros since', () => {
    const usage = new Map([[1, { offset: 0, values: [...flat(36, 6), ...flat(4, 0)] }]]);
    const out = forecastAll(input({ usage, successions: [{ productId: 1, successorId: 2, week: 36, factor: 1 }] }), 4, 0.95);
    const b = out.find((s) => s.refId === 2)!;
    expect(b).toMatchObject({ source: 'predecessor', history: [...flat(36, 6), ...flat(4, 0)] });
  });
});
