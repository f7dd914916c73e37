import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { effectiveLevels, forecastLevels, type PolicyMode } from '@enamel/forecast';
import { activityLogs, forecastRuns, forecastSeries, inventories, rowsOf, supplierOffers, suppliers } from '@enamel/db';
import { sqlCol, sqlRow } from '../src/core/sql-rows.ts';
import { refreshSuggestedLevels } from '../src/features/forecasts/index.ts';
import { effectiveOrderUpToSql, effectiveReorderPointSql, lowStockRows } from '../src/features/stock/index.ts';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, runForecastToEnd, uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * Reorder levels from the forecast (docs/product-rules.md#reorder-levels): suggested levels from a stored run against
 * hand-computed figures, the fallbacks, the effective levels in SQL equal to the forecast package's `effectiveLevels`,
 * forecast mode with the typed floor in low stock and stock status, the run updating them, and applying suggestions.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const flat = (n: number, x: number) => Array<number>(n).fill(x);

async function product(name: string) {
  const res = await admin.post('/api/product/create', { name: `${name} ${uid()}`, sku: `LV-${uid()}`, usage_unit: 'pair', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00', tracks_lots: false });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}

async function stock(practiceId: number, productId: number, quantity: string, unitCost = '1') {
  const res = await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: productId, quantity, unit_cost: unitCost });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function detail(id: number) {
  const res = await admin.get(`/api/inventory/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown> & { suggestion: Record<string, unknown> | null };
}

/** A succeeded run as of today with the given product series (history, mean, sd, distribution). */
async function storedRun(practiceId: number, series: Array<{ productId: number; history: number[]; mean: number[]; sd: number[]; distribution: 'normal' | 'count' }>) {
  const db = t.database.db;
  const [run] = await db.insert(forecastRuns).values({ dentalPracticeId: practiceId, forecastDate: day(0), status: 'succeeded', horizonWeeks: 12, level: '0.9', seriesCount: series.length }).returning();
  for (const s of series) {
    await db.insert(forecastSeries).values({
      runId: run!.id, kind: 'product', refId: s.productId, method: 'test', demandClass: 'smooth', source: 'history', thin: false,
      historyStart: day(-7 * s.history.length), history: s.history, booked: flat(12, 0), mean: s.mean, lower: s.mean, upper: s.mean, sd: s.sd, distribution: s.distribution,
    });
  }
  return run!;
}

/**
 * A practice (lead time 14 days, review 7, service level 0.95) and five products: normal demand 10 ± 2 a week;
 * the same with a preferred offer of 21 days' lead time (review 7); count demand 2 a week (Poisson); 5 weeks of
 * history; 10 weeks with only 2 of them used.
 */
async function practiceWithRun() {
  const db = t.database.db;
  const practice = await createPractice(db);
  expect((await admin.post('/api/configuration/create', { dental_practice_id: practice.id, lead_time_days: 14, review_period_days: 7, service_level: 0.95 })).statusCode).toBe(201);
  const [normal, offered, count, young, sparse, unseen] = [await product('Normal'), await product('Offered'), await product('Count'), await product('Young'), await product('Sparse'), await product('Unseen')];
  const ids: Record<string, number> = {};
  for (const [k, p] of Object.entries({ normal, offered, count, young, sparse, unseen })) ids[k] = await stock(practice.id, p.id, '100');
  const [supplier] = await db.insert(suppliers).values({ name: `Dental Depot ${uid()}`, currency: 'GBP', leadTimeDays: 10 }).returning();
  await db.insert(supplierOffers).values({ supplierId: supplier!.id, productId: offered.id, purchaseUnit: 'box', price: '10', leadTimeDays: 21, preferred: true });
  const tenWeeks = [9, 11, 10, 8, 12, 10, 9, 11, 10, 10];
  const run = await storedRun(practice.id, [
    { productId: normal.id, history: tenWeeks, mean: flat(12, 10), sd: flat(12, 2), distribution: 'normal' },
    { productId: offered.id, history: tenWeeks, mean: flat(12, 10), sd: flat(12, 2), distribution: 'normal' },
    { productId: count.id, history: [2, 1, 3, 2, 0, 2, 4, 1, 2, 3], mean: flat(12, 2), sd: flat(12, Math.SQRT2), distribution: 'count' },
    { productId: young.id, history: [3, 4, 2, 5, 3], mean: flat(12, 3), sd: flat(12, 1), distribution: 'normal' },
    { productId: sparse.id, history: [0, 0, 5, 0, 0, 0, 7, 0, 0, 0], mean: flat(12, 1.2), sd: flat(12, 2), distribution: 'normal' },
  ]);
  return { practice, run, ids, products: { normal, offered, count, young, sparse, unseen } };
}

describe('suggested levels from the stored run', () => {
  it('match the hand-computed levels: lead time of the preferred offer or the practice, review period, service level, distribution', async () => {
    const { practice, run, ids } = await practiceWithRun();
    await refreshSuggestedLevels(t.database.db, practice.id);

    // Lead 2 weeks: mean 20, variance 2 × 4 = 8; s = 20 + z(0.95) √8 = 20 + 1.644854 × 2.828427 = 24.6523;
    // S = s + one week's mean (10) = 34.6523 (the fill-rate level, 32.4, is lower).
    const normal = await detail(ids.normal!);
    expect(normal).toMatchObject({ policy_mode: 'manual', suggested_reorder_point: '24.6523', suggested_order_up_to: '34.6523', effective_reorder_point: '0.0000', effective_order_up_to: '0.0000' });
    expect(normal.suggestion).toEqual({
      run_id: run.id, run_date: day(0), distribution: 'normal', lead_time_days: 14, lead_time_source: 'practice', review_period_days: 7, service_level: 0.95,
      mean_lead_time_demand: 20, mean_cycle_demand: 30, safety_stock: 4.6523, fallback: null, practice_service_level: 0.95,
    });
    // The preferred offer's 21 days: mean 30, variance 12; s = 30 + 1.644854 × 3.464102 = 35.6979; S = s + 10.
    const offered = await detail(ids.offered!);
    expect(offered).toMatchObject({ suggested_reorder_point: '35.6979', suggested_order_up_to: '45.6979' });
    expect(offered.suggestion).toMatchObject({ lead_time_days: 21, lead_time_source: 'offer', mean_lead_time_demand: 30, safety_stock: 5.6979 });
    // Poisson(4) over two weeks: P(D ≤ 7) = 0.949, P(D ≤ 8) = 0.979 → s = 8; S = s + 2 = 10.
    const count = await detail(ids.count!);
    expect(count).toMatchObject({ suggested_reorder_point: '8.0000', suggested_order_up_to: '10.0000' });
    expect(count.suggestion).toMatchObject({ distribution: 'count', mean_lead_time_demand: 4, safety_stock: 4 });

    for (const id of [ids.young!, ids.sparse!, ids.unseen!]) {
      const d = await detail(id);
      expect(d).toMatchObject({ suggested_reorder_point: null, suggested_order_up_to: null });
      expect(d.suggestion).toMatchObject({ run_id: run.id, fallback: 'too_little_history', mean_lead_time_demand: null });
    }
    // Without the offer's own lead time, its supplier's (10 days) applies.
    await t.database.db.update(supplierOffers).set({ leadTimeDays: null }).where(eq(supplierOffers.productId, (await detail(ids.offered!)).product_id as number));
    await refreshSuggestedLevels(t.database.db, practice.id);
    expect((await detail(ids.offered!)).suggestion).toMatchObject({ lead_time_days: 10, lead_time_source: 'supplier' });
  });

  it('share the practice service level out by cost: the dear product lower, the cheap one higher, the use-weighted mean the practice’s', async () => {
    const db = t.database.db;
    const practice = await createPractice(db);
    expect((await admin.post('/api/configuration/create', { dental_practice_id: practice.id, lead_time_days: 14, review_period_days: 7, service_level: 0.95 })).statusCode).toBe(201);
    const [cheap, dear] = [await product('Cheap gloves'), await product('Dear implant')];
    // Gloves at 0.05 a unit, 40 a week; implants at 250 a unit, 1 a week.
    const ids = { cheap: await stock(practice.id, cheap.id, '100', '0.05'), dear: await stock(practice.id, dear.id, '5', '250') };
    const tenWeeks = flat(10, 40);
    await storedRun(practice.id, [
      { productId: cheap.id, history: tenWeeks, mean: flat(12, 40), sd: flat(12, 6), distribution: 'normal' },
      { productId: dear.id, history: flat(10, 1), mean: flat(12, 1), sd: flat(12, 1), distribution: 'normal' },
    ]);
    await refreshSuggestedLevels(db, practice.id);
    const [c, d] = [await detail(ids.cheap), await detail(ids.dear)];
    const [a, b] = [c.suggestion!.service_level as number, d.suggestion!.service_level as number];
    expect(c.suggestion).toMatchObject({ practice_service_level: 0.95 });
    expect(d.suggestion).toMatchObject({ practice_service_level: 0.95 });
    // By hand: holding a unit for the 7-day review costs 0.05 × 25 % × 7/365 = 0.00024 (gloves) and 250 × … = 1.1986
    // (implant); one shortage cost p gives α = p / (p + holding), and (40 α₁ + 1 α₂) / 41 = 0.95.
    expect(a).toBeGreaterThan(0.95);
    expect(b).toBeLessThan(0.95);
    expect((40 * a + b) / 41).toBeCloseTo(0.95, 3);
    const p = (a / (1 - a)) * 0.05 * 0.25 * (7 / 365);
    expect(b).toBeCloseTo(Math.max(0.5, p / (p + 250 * 0.25 * (7 / 365))), 3);
    // The levels are the package's at each product's own level.
    const dearLevels = forecastLevels({ mean: flat(12, 1), sd: flat(12, 1), distribution: 'normal' }, { leadTimeDays: 14, reviewPeriodDays: 7, serviceLevel: b })!;
    expect(d).toMatchObject({ suggested_reorder_point: dearLevels.reorderPoint.toFixed(4), suggested_order_up_to: dearLevels.orderUpTo.toFixed(4) });
    const atPractice = forecastLevels({ mean: flat(12, 1), sd: flat(12, 1), distribution: 'normal' }, { leadTimeDays: 14, reviewPeriodDays: 7, serviceLevel: 0.95 })!;
    expect(dearLevels.reorderPoint).toBeLessThan(atPractice.reorderPoint);
    // In forecast mode the suggestion's reasoning says the product's own level and the practice's it came from.
    expect((await admin.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id, inventory_ids: [ids.dear], mode: 'forecast' })).statusCode).toBe(200);
    const reasoning = (await admin.get(`/api/replenishment/order-suggestions/${ids.dear}/reasoning?dental_practice_id=${practice.id}`)).json().data;
    expect(reasoning).toMatchObject({ level_source: 'forecast', service_level: b, practice_service_level: 0.95 });
    expect(reasoning.steps).toContainEqual({ key: 'serviceLevelByCost', values: { serviceLevel: Math.round(b * 1000) / 10, practiceServiceLevel: 95 } });
    // The cheap product in manual mode keeps the practice's level in its reasoning (typed levels in force).
    const typed = (await admin.get(`/api/replenishment/order-suggestions/${ids.cheap}/reasoning?dental_practice_id=${practice.id}`)).json().data;
    expect(typed).toMatchObject({ level_source: 'typed', service_level: 0.95, practice_service_level: 0.95 });
  });

  it('agree with the forecast package on the stored series', async () => {
    const { practice, ids } = await practiceWithRun();
    await refreshSuggestedLevels(t.database.db, practice.id);
    const expected = forecastLevels({ mean: flat(12, 2), sd: flat(12, Math.SQRT2), distribution: 'count' }, { leadTimeDays: 14, reviewPeriodDays: 7, serviceLevel: 0.95 })!;
    expect(await detail(ids.count!)).toMatchObject({ suggested_reorder_point: expected.reorderPoint.toFixed(4), suggested_order_up_to: expected.orderUpTo.toFixed(4) });
  });

  it('a practice without a run has no suggestion (no_run); the list rows carry the same fields', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product('Lonely');
    const id = await stock(practice.id, p.id, '5');
    expect(await refreshSuggestedLevels(t.database.db, practice.id)).toEqual({ runId: null, updated: 1 });
    expect((await detail(id)).suggestion).toMatchObject({ run_id: null, fallback: 'no_run' });
    const list = (await admin.get(`/api/admin/list/inventories?dental_practice_id=${practice.id}`)).json().data as Array<Record<string, unknown>>;
    expect(list[0]).toMatchObject({ id, policy_mode: 'manual', suggested_reorder_point: null, effective_reorder_point: '0.0000', suggestion: { fallback: 'no_run' } });
  });

  it('a forecast run updates the levels of the practice (the run job)', async () => {
    const practice = await createPractice(t.database.db);
    const p = await product('Gloves');
    const id = await stock(practice.id, p.id, '200');
    await t.database.db.execute(sql`update stock_movements set occurred_at = now() - interval '80 days' where dental_practice_id = ${practice.id}`);
    const code = (await admin.post('/api/procedure-code/create', { code: `L${uid()}`.slice(0, 16), name: 'Exam', category: 'diagnostic' })).json().data;
    for (const [daysAgo, quantity] of [[75, '4'], [60, '6'], [45, '5'], [30, '3'], [16, '6'], [3, '4']] as const) {
      const res = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: `${day(-daysAgo)}T12:00:00Z`, items: [{ product_id: p.id, quantity }] });
      expect(res.statusCode, res.body).toBe(201);
    }
    expect((await detail(id)).suggestion).toBeNull();
    const run = await runForecastToEnd(admin, practice.id);
    expect(run.status).toBe('succeeded');
    const [series] = await t.database.db.select().from(forecastSeries).where(and(eq(forecastSeries.runId, run.id), eq(forecastSeries.kind, 'product'), eq(forecastSeries.refId, p.id)));
    const expected = forecastLevels({ mean: series!.mean, sd: series!.sd, distribution: series!.distribution as 'normal' | 'count' }, { leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: 0.95 })!;
    const after = await detail(id);
    expect(after.suggestion).toMatchObject({ run_id: run.id, fallback: null, lead_time_days: 7, review_period_days: 7, service_level: 0.95 });
    expect(Number(after.suggested_reorder_point)).toBeCloseTo(expected.reorderPoint, 3);
    expect(Number(after.suggested_order_up_to)).toBeCloseTo(expected.orderUpTo, 3);
  });
});

describe('effective levels', () => {
  it('the SQL twin equals effectiveLevels on a grid of cases', async () => {
    const cases: Array<{ mode: PolicyMode; tr: number; tu: number; sr: number | null; su: number | null }> = [];
    for (const mode of ['manual', 'forecast'] as const)
      for (const tr of [0, 5, 30])
        for (const tu of [0, 3, 40])
          for (const [sr, su] of [[null, null], [10, 20], [24.6523, 34.6523], [0, 0], [50, 45], [10, null]] as const) cases.push({ mode, tr, tu, sr, su });
    const row = sqlRow({ i: sqlCol.int, rp: sqlCol.number, out: sqlCol.number });
    const c = { mode: sql`v.mode`, typedReorderPoint: sql`v.tr`, typedOrderUpTo: sql`v.tu`, suggestedReorderPoint: sql`v.sr`, suggestedOrderUpTo: sql`v.su` };
    const fromSql = await rowsOf(t.database.db, row, sql`select v.i, ${effectiveReorderPointSql(c)} as rp, ${effectiveOrderUpToSql(c)} as out
      from jsonb_to_recordset(${JSON.stringify(cases.map((x, i) => ({ i, ...x })))}::jsonb) as v(i int, mode text, tr numeric, tu numeric, sr numeric, su numeric) order by v.i`);
    expect(fromSql).toHaveLength(cases.length);
    for (const [i, x] of cases.entries()) {
      const ts = effectiveLevels({ mode: x.mode, typedReorderPoint: x.tr, typedOrderUpTo: x.tu, suggestedReorderPoint: x.sr, suggestedOrderUpTo: x.su });
      expect({ case: x, rp: fromSql[i]!.rp, out: fromSql[i]!.out }).toEqual({ case: x, rp: ts.reorderPoint, out: ts.orderUpTo });
    }
  });

  it('forecast mode with the typed floor drives stock status, low stock, the widget and the reorder list; manual mode ignores the suggestion', async () => {
    const { practice, ids, products } = await practiceWithRun();
    await refreshSuggestedLevels(t.database.db, practice.id);
    // On hand 100 is above every level: nothing low.
    const moment = { practiceId: practice.id, timeZone: 'UTC', date: day(0), today: day(0) };
    expect(await lowStockRows(t.database.db, moment)).toEqual([]);
    // Typed 120 / 0 in forecast mode: the typed reorder point is the floor (120 > 24.65), order up to max(0, 34.65, 120) = 120.
    const saved = await admin.post(`/api/inventory/update/${ids.normal}`, { reorder_point: '120', par_level: '0', location: null, policy_mode: 'forecast' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ policy_mode: 'forecast', effective_reorder_point: '120.0000', effective_order_up_to: '120.0000', stock_status: 'low' });
    // Forecast mode with nothing typed: the suggestion itself; on hand 20 is under 24.65.
    await admin.post(`/api/inventory/update/${ids.offered}`, { reorder_point: '0', par_level: '0', location: null, policy_mode: 'forecast' });
    await admin.post('/api/inventory/adjust', { dental_practice_id: practice.id, product_id: products.offered.id, counted: '20', reason: 'count' });
    // Manual mode with a suggestion but nothing typed: not managed, never low.
    await admin.post('/api/inventory/adjust', { dental_practice_id: practice.id, product_id: products.count.id, counted: '1', reason: 'count' });
    const low = await lowStockRows(t.database.db, moment);
    expect(low.map((r) => [r.inventory_id, r.reorder_point, r.par_level])).toEqual([
      [ids.offered, '35.6979', '45.6979'],
      [ids.normal, '120.0000', '120.0000'],
    ]);
    expect(low[0]).toMatchObject({ order_usage_units: '25.6979', order_purchase_units: 3 });
    const widget = (await admin.get(`/api/admin/dashboard/low-stock-data?dental_practice_id=${practice.id}`)).json().data.items as Array<{ product_id: number }>;
    expect(widget.map((w) => w.product_id).sort()).toEqual([products.normal.id, products.offered.id].sort());
    const report = (await admin.get(`/api/reports/report-data?report=reorder-list&dental_practice_id=${practice.id}`)).json().data.rows as unknown[];
    expect(report).toHaveLength(2);
    const list = (await admin.get(`/api/admin/list/inventories?dental_practice_id=${practice.id}&column_filters=${encodeURIComponent(JSON.stringify([{ field: 'stock_status', condition: 'equal', value: 'low' }]))}`)).json().data as Array<{ id: number }>;
    expect(list.map((r) => r.id).sort()).toEqual([ids.normal, ids.offered].sort());
  });
});

describe('POST /api/inventory/apply-suggestions', () => {
  it('copies one, a selection, or all into the typed levels, switches to forecast mode, and logs each change', async () => {
    const { practice, ids } = await practiceWithRun();
    await refreshSuggestedLevels(t.database.db, practice.id);
    const one = await admin.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id, inventory_ids: [ids.normal] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().data).toEqual({ changed: 1, skipped: 0 });
    expect(await detail(ids.normal!)).toMatchObject({ reorder_point: '24.6523', par_level: '34.6523', policy_mode: 'manual', effective_reorder_point: '24.6523' });

    // A selection: the one without a suggestion is skipped, the one already applied does not change again.
    const some = await admin.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id, inventory_ids: [ids.normal, ids.count, ids.young], mode: 'copy' });
    expect(some.json().data).toEqual({ changed: 1, skipped: 2 });
    expect(await detail(ids.count!)).toMatchObject({ reorder_point: '8.0000', par_level: '10.0000' });
    expect(await detail(ids.young!)).toMatchObject({ reorder_point: '0.0000', par_level: '0.0000' });

    const all = await admin.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id });
    expect(all.json().data).toEqual({ changed: 1, skipped: 2 });
    expect(await detail(ids.offered!)).toMatchObject({ reorder_point: '35.6979', par_level: '45.6979' });

    const forecast = await admin.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id, mode: 'forecast' });
    expect(forecast.json().data).toEqual({ changed: 3, skipped: 0 });
    expect(await detail(ids.count!)).toMatchObject({ policy_mode: 'forecast' });
    expect(await detail(ids.young!)).toMatchObject({ policy_mode: 'manual' });

    const logged = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.dentalPracticeId, practice.id), eq(activityLogs.subject, 'Inventory')));
    expect(logged.filter((l) => l.action === 'apply_suggestion')).toHaveLength(3);
    expect(logged.filter((l) => l.action === 'forecast_mode').map((l) => l.after)).toEqual(Array(3).fill({ policyMode: 'forecast' }));
    expect(logged.find((l) => l.action === 'apply_suggestion' && l.subjectId === String(ids.normal))).toMatchObject({ before: { reorderPoint: '0.0000', parLevel: '0.0000' }, after: { reorderPoint: '24.6523', parLevel: '34.6523' } });
  });

  it('refuses bad input (422), another practice’s inventories (404) and readers without update rights, changing nothing', async () => {
    const { practice, ids } = await practiceWithRun();
    await refreshSuggestedLevels(t.database.db, practice.id);
    const other = await practiceWithRun();
    for (const body of [
      { dental_practice_id: practice.id, inventory_ids: [] },
      { dental_practice_id: practice.id, inventory_ids: ['x'] },
      { dental_practice_id: practice.id, inventory_ids: [-1] },
      { dental_practice_id: practice.id, mode: 'typed' },
      { dental_practice_id: practice.id, extra: 1 },
      { inventory_ids: [ids.normal] },
    ]) {
      const res = await admin.post('/api/inventory/apply-suggestions', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const mixed = await admin.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id, inventory_ids: [ids.normal, other.ids.normal] });
    expect(mixed.statusCode).toBe(404);
    expect((await admin.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id, inventory_ids: [2 ** 40] })).statusCode).toBe(404);
    expect(await detail(ids.normal!)).toMatchObject({ reorder_point: '0.0000', policy_mode: 'manual' });

    const viewer = await signInAs(t, { role: 'Viewer', practiceIds: [practice.id] });
    expect([403, 404]).toContain((await viewer.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id })).statusCode);
    const outsider = await signInAs(t, { role: 'Practice Manager', practiceIds: [other.practice.id] });
    expect((await outsider.post('/api/inventory/apply-suggestions', { dental_practice_id: practice.id })).statusCode).toBe(404);
    expect(await detail(ids.normal!)).toMatchObject({ reorder_point: '0.0000', policy_mode: 'manual' });
    const [row] = await t.database.db.select().from(inventories).where(eq(inventories.id, ids.normal!));
    expect(row!.policyMode).toBe('manual');
  });

  it('the inventory settings update refuses an unknown policy mode (422)', async () => {
    const { ids } = await practiceWithRun();
    const res = await admin.post(`/api/inventory/update/${ids.normal}`, { reorder_point: '1', par_level: '2', location: null, policy_mode: 'auto' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty('policy_mode');
  });
});
