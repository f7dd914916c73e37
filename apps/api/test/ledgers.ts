import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, dayIn } from '@enamel/contracts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import type { TestApp } from './test-app.ts';

let seq = 0;
export const uid = () => `${Date.now().toString(36)}${++seq}`;

/** YYYY-MM-DD `days` from today in UTC (the factories' practices are in UTC). */
export const day = (days: number) => addDays(dayIn('UTC'), days);

/**
 * A small ledger whose every figure is known: gloves received 28 days ago (100 pairs at 0.18) and used 3, 5,
 * 0, 2 in the four weeks since by one exam a week; mirrors received 120 days ago and never used; composite
 * received 60 days ago in a lot expiring in ten days. Built through the API, receipts then backdated.
 */
export async function handMadeLedger(t: TestApp, admin: Agent) {
  const db = t.database.db;
  const practice = await createPractice(db, { currency: 'GBP' });
  const product = async (name: string, tracksLots = false) =>
    (await admin.post('/api/product/create', { name: `${name} ${uid()}`, sku: `SKU-${uid()}`, usage_unit: 'pair', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '9.00', tracks_lots: tracksLots })).json().data;
  const gloves = await product('Gloves');
  const mirrors = await product('Mirrors');
  const composite = await product('Composite', true);
  for (const [p, extra] of [[gloves, {}], [mirrors, {}], [composite, { lot_number: 'C1', expiry_date: day(10) }]] as const) {
    const res = await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity: '100', unit_cost: '0.18', ...extra });
    expect(res.statusCode, res.body).toBe(200);
  }
  await db.execute(sql`update stock_movements set occurred_at = now() - make_interval(days => case product_id when ${mirrors.id} then 120 when ${gloves.id} then 28 else 60 end) where dental_practice_id = ${practice.id}`);
  const code = (await admin.post('/api/procedure-code/create', { code: `E${uid()}`.slice(0, 16), name: 'Exam', category: 'diagnostic' })).json().data;
  for (const [daysAgo, quantity] of [[27, '3'], [20, '5'], [6, '2']] as const) {
    const res = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: `${day(-daysAgo)}T12:00:00Z`, items: [{ product_id: gloves.id, quantity }] });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { practice, gloves, mirrors, composite, code };
}

/** Asks for a forecast run and waits until it has finished. */
export async function runForecastToEnd(admin: Agent, practiceId: number, date?: string) {
  const asked = (await admin.post('/api/forecast/run', { dental_practice_id: practiceId, ...(date ? { forecast_date: date } : {}) })).json().data;
  for (let i = 0; i < 200; i++) {
    const run = (await admin.get(`/api/forecast/run/${asked.id}`)).json().data;
    if (run.status === 'succeeded' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the forecast run did not finish');
}
