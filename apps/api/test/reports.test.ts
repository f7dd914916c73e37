import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Big from 'big.js';
import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { dentalPractices, forecastSeries, inventories } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, handMadeLedger, runForecastToEnd, uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * The reports against the hand-made ledger of ledgers.ts, whose figures are known: gloves 100 received 28 days
 * ago at 0.18 and 10 used since (3 + 5 + 2); mirrors 100 at 0.18 received 120 days ago, never used; composite
 * 100 at 0.18 in lot C1, received 60 days ago, expiring in ten days.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

type Report = { columns: Array<{ field: string; total: boolean }>; rows: Array<Record<string, string | number | null>>; totals: Record<string, string>; currency: string; filters: Record<string, unknown> };

async function report(query: string, agent = admin): Promise<Report> {
  const res = await agent.get(`/api/reports/report-data?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('reports on a hand-made ledger', () => {
  it('inventory valuation: on hand × lot cost per product at a date, with the total', async () => {
    const { practice, gloves, mirrors, composite } = await handMadeLedger(t, admin);
    const now = await report(`report=inventory-valuation&dental_practice_id=${practice.id}`);
    expect(now.currency).toBe('GBP');
    const byName = new Map(now.rows.map((r) => [r.product, r]));
    expect(byName.get(gloves.name)).toMatchObject({ on_hand: '90.0000', value: '16.2000', unit: 'pair' });
    expect(byName.get(mirrors.name)).toMatchObject({ on_hand: '100.0000', value: '18.0000' });
    expect(byName.get(composite.name)).toMatchObject({ on_hand: '100.0000', value: '18.0000' });
    expect(now.totals).toEqual({ value: '52.2000' });
    // 30 days ago the gloves had not arrived: mirrors and composite only.
    const then = await report(`report=inventory-valuation&dental_practice_id=${practice.id}&as_of=${day(-30)}`);
    expect(then.rows.map((r) => r.product).sort()).toEqual([composite.name, mirrors.name].sort());
    expect(then.totals.value).toBe('36.0000');
  });

  it('movements by kind and consumption by product in a period', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const all = await report(`report=stock-movements&dental_practice_id=${practice.id}&from=${day(-200)}&to=${day(0)}`);
    expect(all.rows).toEqual([
      { kind: 'consume', movements: 3, products: 1, value: '-1.8000' },
      { kind: 'receive', movements: 3, products: 3, value: '54.0000' },
    ]);
    expect(all.totals).toEqual({ movements: '6', value: '52.2000' });
    // The default period is the last 30 days: the mirrors (120 days) and composite (60 days) receipts are outside.
    const recent = await report(`report=stock-movements&dental_practice_id=${practice.id}`);
    expect(recent.rows.find((r) => r.kind === 'receive')).toMatchObject({ movements: 1, value: '18.0000' });
    expect(recent.filters).toMatchObject({ from: day(-29), to: day(0) });

    const used = await report(`report=consumption-by-product&dental_practice_id=${practice.id}&from=${day(-10)}&to=${day(0)}`);
    expect(used.rows).toEqual([expect.objectContaining({ product: gloves.name, quantity: '2.0000', cost: '0.3600', share: '1.0000' })]);
    expect(used.totals).toEqual({ cost: '0.3600' });
  });

  it('a succession rewrites no history: after the gloves are replaced (from 20 days ago) their use and stock stay theirs in the reports', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const next = (await admin.post('/api/product/create', { name: `Gloves, new ${uid()}`, sku: `SKU-${uid()}`, usage_unit: 'pair', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '16.00' })).json().data;
    const before = await report(`report=consumption-by-product&dental_practice_id=${practice.id}&from=${day(-30)}&to=${day(0)}`);
    const res = await admin.request('PUT', `/api/product/${gloves.id}/successor`, { json: { successor_id: next.id, succession_date: day(-20), succession_factor: '0.5' } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await report(`report=consumption-by-product&dental_practice_id=${practice.id}&from=${day(-30)}&to=${day(0)}`);
    expect(after.rows).toEqual(before.rows);
    expect(after.rows.map((r) => r.product)).toEqual([gloves.name]);
    expect(after.rows[0]).toMatchObject({ quantity: '10.0000' });
    const valuation = await report(`report=inventory-valuation&dental_practice_id=${practice.id}`);
    expect(valuation.rows.find((r) => r.product === gloves.name)).toMatchObject({ on_hand: '90.0000', value: '16.2000' });
    expect(valuation.rows.some((r) => r.product === next.name)).toBe(false);
  });

  it('expiring lots within the days, the reorder list from the low-stock widget’s rows, dead stock', async () => {
    const { practice, gloves, mirrors, composite } = await handMadeLedger(t, admin);
    const expiring = await report(`report=expiring-lots&dental_practice_id=${practice.id}`);
    expect(expiring.rows).toEqual([expect.objectContaining({ product: composite.name, lot: 'C1', expiry_date: day(10), days_left: 10, quantity: '100.0000', value: '18.0000' })]);
    expect((await report(`report=expiring-lots&dental_practice_id=${practice.id}&days=5`)).rows).toEqual([]);

    await t.database.db.update(inventories).set({ reorderPoint: '95', parLevel: '150' }).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, gloves.id)));
    const reorder = await report(`report=reorder-list&dental_practice_id=${practice.id}`);
    const widget = (await admin.get(`/api/admin/dashboard/low-stock-data?dental_practice_id=${practice.id}`)).json().data.items;
    expect(reorder.rows).toEqual([{ brand: null, product: gloves.name, on_hand: '90.0000', reorder_point: '95.0000', par_level: '150.0000', unit: 'pair', order_quantity: 2, order_unit: 'box' }]);
    expect(reorder.rows.map((r) => r.order_quantity)).toEqual(widget.map((i: { order_purchase_units: number }) => i.order_purchase_units));

    const dead = await report(`report=dead-stock&dental_practice_id=${practice.id}`);
    expect(dead.rows).toEqual([{ product: mirrors.name, on_hand: '100.0000', unit: 'pair', value: '18.0000', last_used: null }]);
    expect(dead.totals).toEqual({ value: '18.0000' });
  });

  it('consumable cost per procedure code: the recorded cost, its average, and the template at catalog prices only in the same currency', async () => {
    const { practice, gloves, code } = await handMadeLedger(t, admin);
    const template = (await admin.post('/api/procedure-template/create', { name: `Exam kit ${uid()}`, procedure_code_id: code.id, items: [{ product_id: gloves.id, quantity: '4' }] })).json().data;
    const done = await admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, procedure_template_id: template.id, performed_at: `${day(-1)}T12:00:00Z`, items: [{ product_id: gloves.id, quantity: '5' }] });
    expect(done.statusCode, done.body).toBe(201);
    const query = `report=consumable-cost-per-code&dental_practice_id=${practice.id}&from=${day(-40)}&to=${day(0)}`;
    // 3 + 5 + 2 + 5 pairs at 0.18 over four exams; the practice is in GBP and the catalog in USD: no template cost.
    const gbp = await report(query);
    expect(gbp.totals).toEqual({ procedures: '4', actual_total: '2.7000' });
    expect(gbp.rows.every((r) => r.code === code.code && r.template_cost === null && r.variance === null)).toBe(true);
    // In the catalog's currency the template (4 pairs at 9.00 / 50) is compared with what was used.
    await t.database.db.update(dentalPractices).set({ currency: 'USD' }).where(eq(dentalPractices.id, practice.id));
    const usd = await report(query);
    const month = usd.rows.find((r) => r.template_cost !== null)!;
    expect(month.template_cost).toBe('0.7200');
    expect(month.variance).toBe(new Big(month.actual_average as string).minus('0.72').toFixed(4));
  });

  it('forecast against actual: the run made before the date, each series against what happened since', async () => {
    const { practice, gloves, code } = await handMadeLedger(t, admin);
    expect((await report(`report=forecast-vs-actual&dental_practice_id=${practice.id}`)).rows).toEqual([]);
    const run = await runForecastToEnd(admin, practice.id, day(-14));
    const [stored] = await t.database.db.select().from(forecastSeries).where(and(eq(forecastSeries.runId, run.id), eq(forecastSeries.kind, 'product'), eq(forecastSeries.refId, gloves.id)));
    const found = await report(`report=forecast-vs-actual&dental_practice_id=${practice.id}`);
    // The two weeks since day −14 used 0 and 2 gloves and saw 0 and 1 exams; the history before was 3, 5 (naive error 2).
    const [m0, m1] = stored!.mean;
    const mae = (Math.abs(m0! - 0) + Math.abs(m1! - 2)) / 2;
    const glovesRow = found.rows.find((r) => r.series === 'product' && r.series_name === gloves.name)!;
    expect(glovesRow).toMatchObject({ weeks: 2, actual: '2.00', forecast: (m0! + m1!).toFixed(2), mae: mae.toFixed(2), bias: ((m0! - 0 + (m1! - 2)) / 2).toFixed(2), mase: (mae / 2).toFixed(2) });
    expect(found.rows.find((r) => r.series === 'procedure_code')).toMatchObject({ series_name: `${code.code} · Exam`, weeks: 2, actual: '1.00' });
    // A product or a procedure code keeps its own series only.
    const onlyGloves = await report(`report=forecast-vs-actual&dental_practice_id=${practice.id}&product_id=${gloves.id}`);
    expect(onlyGloves.rows.map((r) => [r.series, r.series_name])).toEqual([['product', gloves.name]]);
    const onlyCode = await report(`report=forecast-vs-actual&dental_practice_id=${practice.id}&procedure_code_id=${code.id}`);
    expect(onlyCode.rows.map((r) => r.series)).toEqual(['procedure_code']);
    // A date before the run has nothing to compare.
    expect((await report(`report=forecast-vs-actual&dental_practice_id=${practice.id}&as_of=${day(-15)}`)).rows).toEqual([]);
  });

  it('filters by brand and by category with its sub-categories', async () => {
    const { practice } = await handMadeLedger(t, admin);
    const brand = (await admin.post('/api/brand/create', { name: `Brand ${uid()}` })).json().data;
    const parent = (await admin.post('/api/category/create', { name: `Parent ${uid()}` })).json().data;
    const child = (await admin.post('/api/category/create', { name: `Child ${uid()}`, parent_id: parent.id })).json().data;
    const branded = (await admin.post('/api/product/create', { name: `Bur ${uid()}`, sku: `B-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '5.00', brand_id: brand.id, category_id: child.id })).json().data;
    expect((await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: branded.id, quantity: '4', unit_cost: '0.50' })).statusCode).toBe(200);
    for (const filter of [`brand_id=${brand.id}`, `category_id=${parent.id}`, `category_id=${child.id}`]) {
      const found = await report(`report=inventory-valuation&dental_practice_id=${practice.id}&${filter}`);
      expect(found.rows, filter).toEqual([expect.objectContaining({ product: branded.name, brand: brand.name, category: child.name, value: '2.0000' })]);
    }
  });

  it('exports CSV with the totals last and formula-looking text neutralised', async () => {
    const { practice } = await handMadeLedger(t, admin);
    const risky = (await admin.post('/api/product/create', { name: `=HYPERLINK("x") ${uid()}`, sku: `R-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '5.00' })).json().data;
    expect((await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: risky.id, quantity: '1', unit_cost: '1.00' })).statusCode).toBe(200);
    const res = await admin.get(`/api/reports/report-data?report=inventory-valuation&dental_practice_id=${practice.id}&format=csv`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="inventory-valuation-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('product,sku,category,brand,on_hand,unit,value');
    expect(lines.some((l) => l.startsWith(`"'=HYPERLINK`))).toBe(true);
    expect(lines.at(-1)).toBe('Total,,,,,,53.2000');
  });

  it('exports XLSX with typed cells: numbers, money and dates as numbers and dates, the header in the reader’s language, the totals last', async () => {
    const { practice, composite } = await handMadeLedger(t, admin);
    const res = await admin.get(`/api/reports/report-data?report=expiring-lots&dental_practice_id=${practice.id}&format=xlsx`, { 'accept-language': 'es' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/filename="expiring-lots-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Producto', 'Lote', 'Caducidad', 'Días restantes', 'Cantidad', 'Unidad', 'Valor']);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(composite.name);
    expect(row.getCell(3).value).toEqual(new Date(`${day(10)}T00:00:00Z`));
    expect(row.getCell(4).value).toBe(10);
    expect(row.getCell(5).value).toBe(100);
    expect(row.getCell(7).value).toBe(18);
    expect(sheet.getRow(3).getCell(1).value).toBe('Total');
    expect(sheet.getRow(3).getCell(7).value).toBe(18);
  });

  it('refuses bad filters with the field’s message, and keeps other practices’ numbers from those who may not read them', async () => {
    const { practice } = await handMadeLedger(t, admin);
    const bad = await admin.get(`/api/reports/report-data?report=stock-movements&dental_practice_id=${practice.id}&from=${day(0)}&to=${day(-5)}`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toBeDefined();
    for (const query of ['report=nope', `report=dead-stock&dental_practice_id=${practice.id}&days=0`, `report=dead-stock&dental_practice_id=${practice.id}&as_of=2026-02-30`, `report=stock-movements&dental_practice_id=${practice.id}&from=${day(-2000)}`, `report=dead-stock&dental_practice_id=${practice.id}&format=html`]) {
      expect((await admin.get(`/api/reports/report-data?${query}`)).statusCode, query).toBe(422);
    }
    const elsewhere = await createPractice(t.database.db);
    const viewer = await signInAs(t, { role: 'Viewer', practiceIds: [elsewhere.id] });
    expect((await viewer.get(`/api/reports/report-data?report=inventory-valuation&dental_practice_id=${elsewhere.id}`)).statusCode).toBe(200);
    expect([403, 404]).toContain((await viewer.get(`/api/reports/report-data?report=inventory-valuation&dental_practice_id=${practice.id}`)).statusCode);
    expect((await new Agent(t.app).get(`/api/reports/report-data?report=inventory-valuation&dental_practice_id=${practice.id}`)).statusCode).toBe(401);
  });
});
