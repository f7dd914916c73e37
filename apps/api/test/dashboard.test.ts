import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inventories } from '@enamel/db';
import { practiceContext, runSeries } from '../src/features/practice-context/index.ts';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, handMadeLedger, runForecastToEnd } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * The dashboard's nine calls against the small hand-made ledger of ledgers.ts, whose every figure is known.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

async function widget(name: string, query: string, agent = admin) {
  const res = await agent.get(`/api/admin/dashboard/${name}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Record<string, unknown>; meta: { forecast_date: string; currency: string; run: { id: number } | null } }>();
}

describe('dashboard widgets on a hand-made ledger', () => {
  it('stock widgets: most used, dead stock, value, cost, low stock — each figure from the ledger', async () => {
    const { practice, gloves, mirrors, code } = await handMadeLedger(t, admin);
    const q = `dental_practice_id=${practice.id}`;

    const used = await widget('most-frequently-used-items', q);
    expect(used.meta).toMatchObject({ forecast_date: day(0), currency: 'GBP', run: null });
    expect(used.data).toEqual({ days: 90, items: [{ product_id: gloves.id, name: gloves.name, usage_unit: 'pair', quantity: '10.0000', cost: '1.8000' }] });

    const dead = await widget('dead-stock-data', q);
    expect(dead.data).toMatchObject({ days: 90, total_value: '18.0000', items: [{ product_id: mirrors.id, inventory_id: expect.any(Number), on_hand: '100.0000', value: '18.0000', last_used: null }] });

    const value = await widget('inventory-value-data', q);
    // 90 gloves + 100 mirrors + 100 composite at 0.18.
    expect(value.data.total).toBe('52.2000');
    expect(value.data.month_end).toHaveLength(12);
    expect((value.data.month_end as Array<{ value: string }>).at(-1)!.value).toBe('52.2000');

    const cost = await widget('cost-of-consumable-inventory', q);
    expect(cost.data.per_procedure_code).toEqual([{ procedure_code_id: code.id, code: code.code, name: 'Exam', procedures: 3, average_cost: '0.6000', total_cost: '1.8000' }]);
    const months = cost.data.by_month as Array<{ cost: string; procedures: number }>;
    expect(months.reduce((s, m) => s + Number(m.cost), 0)).toBeCloseTo(1.8, 4);
    expect(months.reduce((s, m) => s + m.procedures, 0)).toBe(3);

    await t.database.db.update(inventories).set({ reorderPoint: '95', parLevel: '150' }).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, gloves.id)));
    const low = await widget('low-stock-data', q);
    expect(low.data.items).toEqual([expect.objectContaining({ product_id: gloves.id, on_hand: '90.0000', reorder_point: '95.0000', par_level: '150.0000', order_usage_units: '60.0000', order_purchase_units: 2, purchase_unit: 'box' })]);
  });

  it('most used items over the chosen period: 30, 90 or 365 days, anything else refused', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const q = `dental_practice_id=${practice.id}`;
    // Within 30 days all three uses (3 + 5 + 2); the days say which period was read.
    expect((await widget('most-frequently-used-items', `${q}&period=30`)).data).toEqual({ days: 30, items: [expect.objectContaining({ product_id: gloves.id, quantity: '10.0000' })] });
    expect((await widget('most-frequently-used-items', `${q}&period=365`)).data.days).toBe(365);
    expect((await widget('most-frequently-used-items', q)).data.days).toBe(90);
    // Fourteen days back, the last 30 days held the 3 and the 5.
    expect((await widget('most-frequently-used-items', `${q}&period=30&forecast_date=${day(-14)}`)).data.items).toEqual([expect.objectContaining({ quantity: '8.0000' })]);
    for (const bad of ['45', '0', 'abc', '-30', '90.5']) {
      const res = await admin.get(`/api/admin/dashboard/most-frequently-used-items?${q}&period=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(res.json().errors, bad).toHaveProperty('period');
    }
  });

  it('a past date reads the ledger as it stood then', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const q = `dental_practice_id=${practice.id}&forecast_date=${day(-14)}`;
    // Before day −14 only the 3 and the 5 were used.
    expect((await widget('most-frequently-used-items', q)).data.items).toEqual([expect.objectContaining({ product_id: gloves.id, quantity: '8.0000' })]);
    expect((await widget('inventory-value-data', q)).data.total).toBe('52.5600');
    // 90 days before day −14 the mirrors had been in stock only 106 days… still dead: 120 − 14 ≥ 90.
    expect((await widget('dead-stock-data', q)).data.items).toHaveLength(1);
  });

  it('forecast widgets read the stored run; a past date shows what happened after it', async () => {
    const { practice, gloves, composite, code } = await handMadeLedger(t, admin);
    const q = `dental_practice_id=${practice.id}`;
    const before = await widget('demand-forecast-data', q);
    expect(before.data).toEqual({ options: [], selected: null });
    expect(before.meta.run).toBeNull();

    await runForecastToEnd(admin, practice.id);
    const demand = await widget('demand-forecast-data', `${q}&ref_id=${gloves.id}`);
    expect(demand.meta.run).not.toBeNull();
    expect(demand.data.selected).toMatchObject({ id: gloves.id, history: [3, 5, 0, 2], thin: true, forecast_start: day(0), actual: [] });
    expect((demand.data.selected as { mean: number[] }).mean).toEqual(Array(12).fill(2.5));
    const procedures = await widget('procedure-forecast-data', q);
    expect(procedures.data.selected).toMatchObject({ id: code.id, history: [1, 1, 0, 1] });

    // 90 pairs at 2.5 a week: 12 weeks use 30, the remaining 60 last 24 more weeks → 36 weeks = 252 days.
    // Each product names its stock record in the practice, so the screen can link to it.
    const [glovesStock] = await t.database.db.select({ id: inventories.id }).from(inventories).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, gloves.id)));
    const [compositeStock] = await t.database.db.select({ id: inventories.id }).from(inventories).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, composite.id)));
    const zero = await widget('day-to-zero-data', q);
    expect(zero.data.items).toEqual([expect.objectContaining({ product_id: gloves.id, inventory_id: glovesStock!.id, on_hand: 90, days: 252 })]);

    const critical = await widget('upcoming-month-critical-items-data', q);
    expect(critical.data.short).toEqual([]);
    expect(critical.data.expiring).toEqual([
      expect.objectContaining({ product_id: composite.id, inventory_id: compositeStock!.id, usage_unit: composite.usage_unit, lot_number: 'C1', expiry_date: day(10), quantity: '100.0000', value: '18.0000' }),
    ]);

    // Back-test: forecast as of day −14 (history 3, 5), then the two weeks that followed used 0 and 2.
    await runForecastToEnd(admin, practice.id, day(-14));
    const back = await widget('demand-forecast-data', `${q}&forecast_date=${day(-14)}&ref_id=${gloves.id}`);
    expect(back.data.selected).toMatchObject({ history: [3, 5], actual: [0, 2], forecast_start: day(-14) });
  });

  it('a succeeded run’s series are read once, shared frozen, and a newer run of the same date is read afresh', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    await runForecastToEnd(admin, practice.id);
    const ctx = await practiceContext(t.database.db, { dental_practice_id: practice.id });
    const [first, again] = await Promise.all([runSeries(ctx, 'product'), runSeries(ctx, 'product')]);
    expect(again).toBe(first);
    const glovesSeries = first.find((s) => s.refId === gloves.id)!;
    expect(Object.isFrozen(glovesSeries) && Object.isFrozen(glovesSeries.mean)).toBe(true);
    expect(() => glovesSeries.mean.push(1)).toThrow(TypeError);

    // Thirty pairs used today: the next run (same date, a new id) is what the widgets read.
    const used = await admin.post('/api/stock/use', { dental_practice_id: practice.id, product_id: gloves.id, quantity: '30' });
    expect(used.statusCode, used.body).toBeLessThan(300);
    const second = await runForecastToEnd(admin, practice.id);
    const later = await practiceContext(t.database.db, { dental_practice_id: practice.id });
    expect(later.run!.id).toBe(second.id);
    const fresh = await runSeries(later, 'product');
    expect(fresh).not.toBe(first);
    const zero = await widget('day-to-zero-data', `dental_practice_id=${practice.id}`);
    expect(zero.meta.run!.id).toBe(second.id);
    expect(zero.data.items).toEqual([expect.objectContaining({ product_id: gloves.id, on_hand: 60 })]);
  });

  it('with too little stock for the next 30 days, the product is critical', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const counted = await admin.post('/api/inventory/adjust', { dental_practice_id: practice.id, product_id: gloves.id, counted: '4', reason: 'count' });
    expect(counted.statusCode, counted.body).toBe(200);
    await runForecastToEnd(admin, practice.id);
    const critical = await widget('upcoming-month-critical-items-data', `dental_practice_id=${practice.id}`);
    const short = critical.data.short as Array<{ product_id: number; on_hand: number; demand: number; shortfall: number }>;
    expect(short).toEqual([expect.objectContaining({ product_id: gloves.id, inventory_id: expect.any(Number), on_hand: 4, demand: 10.71 })]);
    expect(short[0]!.shortfall).toBeGreaterThan(6.71);
  });

  it('refuses bad queries, hides other practices, and keeps money from those who may not read stock', async () => {
    const { practice } = await handMadeLedger(t, admin);
    expect((await admin.get('/api/admin/dashboard/low-stock-data')).statusCode).toBe(422);
    expect((await admin.get(`/api/admin/dashboard/low-stock-data?dental_practice_id=${practice.id}&forecast_date=2026-13-01`)).statusCode).toBe(422);
    expect((await admin.get(`/api/admin/dashboard/low-stock-data?dental_practice_id=${practice.id}&ref_id=-1`)).statusCode).toBe(422);
    expect((await admin.get(`/api/admin/dashboard/low-stock-data?dental_practice_id=${2 ** 52}`)).statusCode).toBe(404);
    // A date after today shows today.
    expect((await widget('low-stock-data', `dental_practice_id=${practice.id}&forecast_date=${day(5)}`)).meta.forecast_date).toBe(day(0));
    const elsewhere = await createPractice(t.database.db);
    const viewer = await signInAs(t, { role: 'Viewer', practiceIds: [elsewhere.id] });
    expect((await viewer.get(`/api/admin/dashboard/low-stock-data?dental_practice_id=${practice.id}`)).statusCode).toBe(404);
    expect((await viewer.get(`/api/admin/dashboard/inventory-value-data?dental_practice_id=${elsewhere.id}`)).statusCode).toBe(200);
  });
});

