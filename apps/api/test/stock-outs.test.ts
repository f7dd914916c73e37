import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { inventories, practiceSettings, stockOutDays } from '@enamel/db';
import { runStockAlerts } from '../src/features/alerts/index.ts';
import { recordStockOuts } from '../src/features/stock/index.ts';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { day, handMadeLedger, runForecastToEnd, uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * Stock-out days: a procedure short of stock (recorded by the ledger as it consumes), and nothing on hand while the
 * stored forecast expects demand (recorded by the stock-alerts job, once a day); the Stock-outs report lists them.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const daysOf = (practiceId: number) =>
  t.database.db
    .select({ productId: stockOutDays.productId, day: stockOutDays.day, kind: stockOutDays.kind, short: stockOutDays.shortQuantity })
    .from(stockOutDays)
    .where(eq(stockOutDays.dentalPracticeId, practiceId))
    .orderBy(asc(stockOutDays.day), asc(stockOutDays.productId));

async function setup(allowNegative: boolean) {
  const practice = await createPractice(t.database.db, { currency: 'EUR', timeZone: 'Europe/Paris' });
  if (allowNegative) await t.database.db.insert(practiceSettings).values({ dentalPracticeId: practice.id, allowNegativeStock: true });
  const brand = (await admin.post('/api/brand/create', { name: `Brand ${uid()}` })).json().data;
  const product = (await admin.post('/api/product/create', { name: `Bur ${uid()}`, sku: `SKU-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '5.00', brand_id: brand.id })).json().data;
  const code = (await admin.post('/api/procedure-code/create', { code: `F${uid()}`.slice(0, 16), name: 'Filling', category: 'restorative' })).json().data;
  expect((await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '2', unit_cost: '0.5' })).statusCode).toBe(200);
  const procedure = (quantity: string, at: string) => admin.post('/api/procedure/create', { dental_practice_id: practice.id, procedure_code_id: code.id, performed_at: at, items: [{ product_id: product.id, quantity }] });
  return { practice, product, brand, procedure };
}

describe('stock-out days', () => {
  it('a procedure short of stock records its day (the practice’s) and the quantity short, adding up within the day', async () => {
    const { practice, product, procedure } = await setup(true);
    // 23:30 UTC on the day before is already today in Paris (UTC+1 or +2).
    const late = `${day(-1)}T23:30:00Z`;
    const first = await procedure('5', late);
    expect(first.statusCode, first.body).toBe(201);
    expect(await daysOf(practice.id)).toEqual([{ productId: product.id, day: day(0), kind: 'shortfall', short: '3.0000' }]);
    expect((await procedure('1', late)).statusCode).toBe(201);
    expect(await daysOf(practice.id)).toEqual([{ productId: product.id, day: day(0), kind: 'shortfall', short: '4.0000' }]);
    // Another day, its own row; a procedure served from stock records nothing.
    expect((await procedure('2', `${day(-3)}T10:00:00Z`)).statusCode).toBe(201);
    expect((await daysOf(practice.id)).map((d) => [d.day, d.short])).toEqual([[day(-3), '2.0000'], [day(0), '4.0000']]);
  });

  it('a practice that refuses negative stock refuses the procedure and records nothing', async () => {
    const { practice, procedure } = await setup(false);
    expect((await procedure('5', `${day(0)}T09:00:00Z`)).statusCode).toBe(409);
    expect((await procedure('2', `${day(0)}T09:00:00Z`)).statusCode).toBe(201);
    expect(await daysOf(practice.id)).toEqual([]);
  });

  it('the stock-alerts job records zero on hand where the forecast expects demand, once a day', async () => {
    const { practice, gloves, mirrors } = await handMadeLedger(t, admin);
    // Nothing recorded without a forecast to say there is demand.
    await admin.post('/api/inventory/adjust', { dental_practice_id: practice.id, product_id: gloves.id, counted: '0', reason: 'count' });
    await admin.post('/api/inventory/adjust', { dental_practice_id: practice.id, product_id: mirrors.id, counted: '0', reason: 'count' });
    expect(await recordStockOuts(t.database.db, practice.id, day(0))).toBe(0);
    expect((await runForecastToEnd(admin, practice.id)).status).toBe('succeeded');
    // The run raises the alerts, which already record the day (the job's step after the run is marked succeeded, so
    // waited for): start again from none to see the job do it.
    await expect.poll(() => daysOf(practice.id)).toHaveLength(1);
    await t.database.db.delete(stockOutDays).where(eq(stockOutDays.dentalPracticeId, practice.id));
    const first = await runStockAlerts(t.database.db, [practice.id]);
    // Gloves are used every week; mirrors never (no demand expected); composite still has stock.
    expect(first.stockOuts).toBe(1);
    expect(await daysOf(practice.id)).toEqual([{ productId: gloves.id, day: day(0), kind: 'zero_on_hand', short: '0.0000' }]);
    expect((await runStockAlerts(t.database.db, [practice.id])).stockOuts).toBe(0);
    await Promise.all([recordStockOuts(t.database.db, practice.id, day(0)), recordStockOuts(t.database.db, practice.id, day(0))]);
    expect(await daysOf(practice.id)).toHaveLength(1);
    // An inactive inventory is not counted.
    await t.database.db.update(inventories).set({ status: 'inactive' }).where(and(eq(inventories.dentalPracticeId, practice.id), eq(inventories.productId, gloves.id)));
    expect(await recordStockOuts(t.database.db, practice.id, day(1))).toBe(0);
  });

  it('a shortfall on a day already out on zero on hand turns it into a shortfall day with its quantity', async () => {
    const { practice, product, procedure } = await setup(true);
    const [inventory] = await t.database.db.select().from(inventories).where(eq(inventories.dentalPracticeId, practice.id));
    await t.database.db.insert(stockOutDays).values({ dentalPracticeId: practice.id, inventoryId: inventory!.id, productId: product.id, day: day(0), kind: 'zero_on_hand' });
    expect((await procedure('3', `${day(0)}T10:00:00Z`)).statusCode).toBe(201);
    expect(await daysOf(practice.id)).toEqual([{ productId: product.id, day: day(0), kind: 'shortfall', short: '1.0000' }]);
  });
});

describe('the Stock-outs report', () => {
  type Report = { columns: Array<{ field: string; total: boolean }>; rows: Array<Record<string, string | number | null>>; totals: Record<string, string>; filters: Record<string, unknown> };

  it('lists days out and quantity short per product and month, filtered by period, brand and category, and exports', async () => {
    const { practice, product, brand } = await setup(true);
    const other = (await admin.post('/api/product/create', { name: `Tip ${uid()}`, sku: `SKU-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '5.00' })).json().data;
    expect((await admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: other.id, quantity: '1', unit_cost: '0.5' })).statusCode).toBe(200);
    const inv = new Map((await t.database.db.select().from(inventories).where(eq(inventories.dentalPracticeId, practice.id))).map((i) => [i.productId, i.id]));
    const row = (productId: number, d: string, kind: string, short = '0') => ({ dentalPracticeId: practice.id, inventoryId: inv.get(productId)!, productId, day: d, kind, shortQuantity: short });
    await t.database.db.insert(stockOutDays).values([
      row(product.id, '2025-05-03', 'shortfall', '2.5'),
      row(product.id, '2025-05-04', 'zero_on_hand'),
      row(product.id, '2025-05-20', 'shortfall', '1'),
      row(product.id, '2025-06-01', 'zero_on_hand'),
      row(other.id, '2025-05-10', 'zero_on_hand'),
      row(product.id, '2025-07-01', 'shortfall', '9'),
    ]);
    const get = async (query: string): Promise<Report> => {
      const res = await admin.get(`/api/reports/report-data?report=stock-outs&dental_practice_id=${practice.id}&${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };
    const all = await get('from=2025-05-01&to=2025-06-30');
    expect(all.columns.map((c) => c.field)).toEqual(['month', 'product', 'sku', 'category', 'brand', 'days_out', 'shortfall_days', 'short_quantity', 'unit']);
    expect(all.rows).toEqual([
      { month: '2025-06', product: product.name, sku: product.sku, category: null, brand: brand.name, days_out: 1, shortfall_days: 0, short_quantity: '0.0000', unit: 'each' },
      { month: '2025-05', product: product.name, sku: product.sku, category: null, brand: brand.name, days_out: 3, shortfall_days: 2, short_quantity: '3.5000', unit: 'each' },
      { month: '2025-05', product: other.name, sku: other.sku, category: null, brand: null, days_out: 1, shortfall_days: 0, short_quantity: '0.0000', unit: 'each' },
    ]);
    expect(all.totals).toEqual({ days_out: '5', shortfall_days: '2' });
    expect((await get(`from=2025-05-01&to=2025-06-30&brand_id=${brand.id}`)).rows.map((r) => r.product)).toEqual([product.name, product.name]);
    expect((await get('from=2025-05-04&to=2025-05-31')).rows.map((r) => r.days_out)).toEqual([2, 1]);

    // Exports as the other reports do.
    const csv = await admin.get(`/api/reports/report-data?report=stock-outs&dental_practice_id=${practice.id}&from=2025-05-01&to=2025-06-30&format=csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('days_out,shortfall_days,short_quantity');
    const xlsx = await admin.get(`/api/reports/report-data?report=stock-outs&dental_practice_id=${practice.id}&from=2025-05-01&to=2025-06-30&format=xlsx`, { 'accept-language': 'fr' });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    expect(JSON.stringify(book.worksheets[0]!.getSheetValues())).toContain('Jours en rupture');
    const pdf = await admin.get(`/api/reports/report-data?report=stock-outs&dental_practice_id=${practice.id}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toMatch(/pdf/);

    // Another practice's manager sees none of it.
    const elsewhere = await signInAs(t, { role: 'Practice Manager', practiceIds: [(await createPractice(t.database.db)).id] });
    expect((await elsewhere.get(`/api/reports/report-data?report=stock-outs&dental_practice_id=${practice.id}`)).statusCode).toBe(404);
  });
});
