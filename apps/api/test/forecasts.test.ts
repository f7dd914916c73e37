import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { forecastRuns, forecastSeries } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';
import { uid } from './ledgers.ts';

/**
 * Forecast runs over a small hand-made ledger: what a run reads is exactly what the ledger says per
 * week before the forecast date, planned procedures add exactly their items to the weeks they fall in,
 * a double request makes one run, and bad requests change nothing.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());


/** YYYY-MM-DD `days` from today in UTC (the factories' practices are in UTC). */
const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function runToEnd(body: Record<string, unknown>) {
  const asked = await admin.post('/api/forecast/run', body);
  expect(asked.statusCode, asked.body).toBe(202);
  return followToEnd(asked.json().data.id as number);
}

/** Follows a run until it has finished. */
async function followToEnd(id: number) {
  for (let i = 0; i < 200; i++) {
    const run = (await admin.get(`/api/forecast/run/${id}`)).json().data;
    if (run.status === 'succeeded' || run.status === 'failed') return run;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the run did not finish');
}

async function seriesOf(runId: number, kind: 'product' | 'procedure_code', refId: number) {
  const [row] = await t.database.db.select().from(forecastSeries).where(and(eq(forecastSeries.runId, runId), eq(forecastSeries.kind, kind), eq(forecastSeries.refId, refId)));
  return row!;
}

/** A practice whose only product was consumed 3, 5, 0, 2 in the four weeks before today, by one procedure a week. */
async function ledger() {
  const practice = await createPractice(t.database.db);
  const product = (await admin.post('/api/product/create', { name: `Gloves ${uid()}`, sku: `GLV-${uid()}`, usage_unit: 'pair', purchase_unit: 'box', units_per_purchase_unit: 50, purchase_price: '9.00', tracks_lots: false })).json().data;
  expect((await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '100' })).statusCode).toBe(200);
  const code = (await admin.post('/api/procedure-code/create', { code: `F${uid()}`.slice(0, 16), name: 'Exam', category: 'diagnostic' })).json().data;
  const template = (await admin.post('/api/procedure-template/create', { name: `Exam kit ${uid()}`, procedure_code_id: code.id, items: [{ product_id: product.id, quantity: '4' }] })).json().data;
  // Weeks counted back from today: [-28, -21), [-21, -14), [-14, -7), [-7, 0).
  for (const [daysAgo, quantity] of [[27, '3'], [20, '5'], [6, '2']] as const) {
    const res = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: `${day(-daysAgo)}T12:00:00Z`, items: [{ product_id: product.id, quantity }] });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { practice, product, code, template };
}

describe('forecast runs', () => {
  it('reads the weekly history the ledger holds, and a planned procedure adds exactly its template items to its week', async () => {
    const { practice, product, code, template } = await ledger();
    const before = await runToEnd({ dental_practice_id: practice.id });
    expect(before).toMatchObject({ status: 'succeeded', forecast_date: day(0), series_count: 2, horizon_weeks: 12, dental_practice_name: practice.name, error: null });
    const used = await seriesOf(before.id, 'product', product.id);
    expect(used.history).toEqual([3, 5, 0, 2]);
    expect(used).toMatchObject({ historyStart: day(-28), thin: true, source: 'history' });
    expect(used.mean).toHaveLength(12);
    for (const [i, m] of used.mean.entries()) {
      expect(m).toBeGreaterThanOrEqual(0);
      expect(used.lower[i]).toBeLessThanOrEqual(m);
      expect(used.upper[i]).toBeGreaterThanOrEqual(m);
    }
    expect((await seriesOf(before.id, 'procedure_code', code.id)).history).toEqual([1, 1, 0, 1]);

    // Next week (forecast week 2: days 7 to 13 from today), one planned exam with the kit's 4 pairs.
    const planned = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, procedure_template_id: template.id, performed_at: `${day(9)}T10:00:00Z`, status: 'planned' });
    expect(planned.statusCode, planned.body).toBe(201);
    const after = await runToEnd({ dental_practice_id: practice.id });
    expect(after.id).not.toBe(before.id);
    const withPlan = await seriesOf(after.id, 'product', product.id);
    expect(withPlan.history).toEqual([3, 5, 0, 2]);
    expect(withPlan.booked.slice(0, 3)).toEqual([0, 4, 0]);
    expect(withPlan.mean[1]! - used.mean[1]!).toBeCloseTo(4, 4);
    expect(withPlan.mean[0]).toBeCloseTo(used.mean[0]!, 4);
    expect((await seriesOf(after.id, 'procedure_code', code.id)).booked.slice(0, 2)).toEqual([0, 1]);
  });

  it('a past forecast date reads only the history before it', async () => {
    const { practice, product } = await ledger();
    const run = await runToEnd({ dental_practice_id: practice.id, forecast_date: day(-7) });
    expect(run.forecast_date).toBe(day(-7));
    // Before that date: weeks [-28, -21), [-21, -14), [-14, -7) used 3, 5, 0.
    expect((await seriesOf(run.id, 'product', product.id)).history).toEqual([3, 5, 0]);
  });

  it('a back-test run is scored against what happened next: WAPE and the share of weeks inside its bounds, in the list', async () => {
    const { practice, product } = await ledger();
    const run = await runToEnd({ dental_practice_id: practice.id, forecast_date: day(-14) });
    const stored = await seriesOf(run.id, 'product', product.id);
    // The two forecast weeks since day −14 used 0 and 2 (scoring follows the completion: wait for it).
    let listed: { accuracy: { weeks: number; wape: number | null; coverage: number } | null } | undefined;
    for (let i = 0; i < 100 && !listed?.accuracy; i++) {
      listed = (await admin.get(`/api/admin/list/forecast_date?column_filters=${encodeURIComponent(JSON.stringify([{ field: 'id', condition: 'equal', value: run.id }]))}`)).json().data[0];
      if (!listed?.accuracy) await new Promise((r) => setTimeout(r, 50));
    }
    const [m0, m1] = stored.mean;
    const inside = [0, 2].filter((a, w) => a >= (stored.lower)[w]! - 1e-6 && a <= (stored.upper)[w]! + 1e-6).length;
    const others = (await t.database.db.select().from(forecastSeries).where(and(eq(forecastSeries.runId, run.id), eq(forecastSeries.kind, 'product')))).length;
    expect(others, 'one product was used').toBe(1);
    expect(listed!.accuracy).toEqual({ weeks: 2, wape: expect.closeTo((Math.abs(0 - m0!) + Math.abs(2 - m1!)) / 2, 3), coverage: inside / 2 });
    // A run as of today has no passed week yet.
    const current = await runToEnd({ dental_practice_id: practice.id });
    expect((await admin.get(`/api/forecast/run/${current.id}`)).json().data.accuracy).toBeNull();
    // The list sorts and filters by the scores.
    expect((await admin.get('/api/admin/list/forecast_date?sort_column=wape&sort_direction=asc')).statusCode).toBe(200);
  });

  it('a practice with no history completes with no series (the widgets say why)', async () => {
    const practice = await createPractice(t.database.db);
    const run = await runToEnd({ dental_practice_id: practice.id });
    expect(run).toMatchObject({ status: 'succeeded', series_count: 0 });
  });

  it('a request while a run is under way for that practice and date answers that run (a double click, two managers)', async () => {
    const { practice } = await ledger();
    const [running] = await t.database.db.insert(forecastRuns).values({ dentalPracticeId: practice.id, forecastDate: day(0), status: 'running', horizonWeeks: 12, level: '0.95' }).returning();
    const again = await admin.post('/api/forecast/run', { dental_practice_id: practice.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ id: running!.id, status: 'running' });
    // Another date is another run.
    expect((await admin.post('/api/forecast/run', { dental_practice_id: practice.id, forecast_date: day(-1) })).statusCode).toBe(202);
  });

  it('a run left under way by a stopped server does not block its date: past its time it is marked failed and a new one starts', async () => {
    const { practice } = await ledger();
    const [stuck] = await t.database.db
      .insert(forecastRuns)
      .values({ dentalPracticeId: practice.id, forecastDate: day(0), status: 'running', horizonWeeks: 12, level: '0.95', startedAt: new Date(Date.now() - 16 * 60_000) })
      .returning();
    const again = await admin.post('/api/forecast/run', { dental_practice_id: practice.id });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.id).not.toBe(stuck!.id);
    const [old] = await t.database.db.select().from(forecastRuns).where(eq(forecastRuns.id, stuck!.id));
    expect(old).toMatchObject({ status: 'failed', error: expect.stringContaining('interrupted') });
    expect((await followToEnd(again.json().data.id as number)).status).toBe('succeeded');
  });

  it('requests racing each other never leave two runs under way for one practice and date', async () => {
    const { practice } = await ledger();
    const answers = await Promise.all(Array.from({ length: 6 }, () => admin.post('/api/forecast/run', { dental_practice_id: practice.id, forecast_date: day(-3) })));
    expect(answers.map((a) => a.statusCode).every((s) => s === 200 || s === 202)).toBe(true);
    const active = await t.database.db.select().from(forecastRuns).where(and(eq(forecastRuns.dentalPracticeId, practice.id), inArray(forecastRuns.status, ['queued', 'running'])));
    expect(active.length).toBeLessThanOrEqual(1);
  });

  it('refuses bad requests with the field, and changes nothing', async () => {
    const { practice } = await ledger();
    const future = await admin.post('/api/forecast/run', { dental_practice_id: practice.id, forecast_date: day(2) });
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.forecast_date[0]).toMatch(/cannot be after today/);
    for (const body of [{}, { dental_practice_id: 'x' }, { dental_practice_id: practice.id, forecast_date: '2026-02-30' }, { dental_practice_id: practice.id, extra: 1 }]) {
      expect((await admin.post('/api/forecast/run', body)).statusCode).toBe(422);
    }
    expect((await admin.post('/api/forecast/run', { dental_practice_id: 2 ** 52 })).statusCode).toBe(404);
    const filter = encodeURIComponent(JSON.stringify([{ field: 'dental_practice_id', condition: 'equal', value: practice.id }]));
    const list = (await admin.get(`/api/admin/list/forecast_date?column_filters=${filter}`)).json();
    expect(list.meta.total).toBe(0);
    expect((await admin.get('/api/forecast/run/0')).statusCode).toBe(422);
  });

  it('a deactivated practice is not forecast (409)', async () => {
    const practice = await createPractice(t.database.db, { status: 'inactive' });
    expect((await admin.post('/api/forecast/run', { dental_practice_id: practice.id })).statusCode).toBe(409);
  });

  it('lists runs only of the practices the reader may see, and hides another practice’s run (404)', async () => {
    const { practice } = await ledger();
    const run = await runToEnd({ dental_practice_id: practice.id });
    const mine = await createPractice(t.database.db);
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [mine.id] });
    expect((await manager.get(`/api/forecast/run/${run.id}`)).statusCode).toBe(404);
    expect((await manager.post('/api/forecast/run', { dental_practice_id: practice.id })).statusCode).toBe(404);
    const seen = (await manager.get('/api/admin/list/forecast_date')).json();
    expect(seen.data.map((r: { dental_practice_id: number }) => r.dental_practice_id).filter((id: number) => id !== mine.id)).toEqual([]);
    const all = (await admin.get(`/api/admin/list/forecast_date?search=${encodeURIComponent(practice.name)}`)).json();
    expect(all.data[0]).toMatchObject({ id: run.id, status: 'succeeded', series_count: 2, requested_by_email: expect.stringContaining('@') });
  });
});
