import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { REPORT_EXPORT_MAX_ROWS } from '@enamel/contracts';
import { dentalPractices, inventories, userPractices } from '@enamel/db';
import { createPractice, createUser } from './factories.ts';
import { day, handMadeLedger, uid } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';
import { Agent } from './agent.ts';
import { pdfPages } from './pdf-text.ts';

/**
 * Report exports parsed back (PDF text and pages, XLSX cells, CSV lines), their row limits, the movement lines
 * view and the product / procedure code filters, the reader's recent exports, and who may read which practice.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());


/** `n` receipts of the gloves spread over the last 20 days, written straight into the ledger (as an import of old history would). */
async function manyMovements(practiceId: number, productId: number, n: number) {
  const [inventory] = await t.database.db.select().from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  await t.database.db.execute(
    sql`insert into stock_movements (dental_practice_id, inventory_id, product_id, type, quantity, unit_cost, occurred_at)
        select ${practiceId}, ${inventory!.id}, ${productId}, 'receive', 1, 0.5, now() - (g % 20) * interval '1 day' - g * interval '1 second' from generate_series(1, ${n}) g`,
  );
}

describe('report exports', () => {
  it('PDF: the title, practice, filters, the table with its totals, and the generation date, in the reader’s language', async () => {
    const { practice, gloves, mirrors } = await handMadeLedger(t, admin);
    const res = await admin.get(`/api/reports/report-data?report=inventory-valuation&dental_practice_id=${practice.id}&format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="inventory-valuation-\d{4}-\d{2}-\d{2}\.pdf"/);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = await pdfPages(res.rawPayload);
    expect(pages).toHaveLength(1);
    const [page] = pages;
    for (const text of ['Inventory valuation', practice.name, 'amounts in GBP', 'As of', 'Product', 'On hand', 'Value', gloves.name, mirrors.name, '£16.20', 'Total', '£52.20', 'Generated', 'Page 1 of 1']) expect(page, text).toContain(text);

    const es = await pdfPages((await admin.get(`/api/reports/report-data?report=inventory-valuation&dental_practice_id=${practice.id}&format=pdf`, { 'accept-language': 'es' })).rawPayload);
    for (const text of ['Valoración del inventario', 'importes en GBP', 'Producto', 'Página 1 de 1']) expect(es[0], text).toContain(text);
  });

  it('PDF in Chinese and Bengali: the glyphs come from embedded Noto fonts that have them', async () => {
    const { practice } = await handMadeLedger(t, admin);
    const zh = await admin.get(`/api/reports/report-data?report=stock-movements&dental_practice_id=${practice.id}&format=pdf`, { 'accept-language': 'zh-CN' });
    expect(zh.statusCode).toBe(200);
    const [page] = await pdfPages(zh.rawPayload);
    for (const text of ['库存变动', '入库', '消耗', '合计', '第 1 页，共 1 页']) expect(page, text).toContain(text);
    expect(zh.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansSC/);

    const bn = await admin.get(`/api/reports/report-data?report=stock-movements&dental_practice_id=${practice.id}&format=pdf`, { 'accept-language': 'bn' });
    expect(bn.statusCode).toBe(200);
    expect(bn.rawPayload.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansBengali/);
    // Shaping reorders and joins Bengali glyphs, so the extracted text is checked by its letters.
    const [bnPage] = await pdfPages(bn.rawPayload);
    for (const letter of 'গৃহীতমট') expect(bnPage, letter).toContain(letter);
  });

  it('the lines view: one row per movement in order, CSV, XLSX with typed cells and a PDF over several pages with the header on each', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    await manyMovements(practice.id, gloves.id, 400);
    const query = `report=stock-movements&view=lines&dental_practice_id=${practice.id}&from=${day(-30)}&to=${day(0)}`;
    const json = (await admin.get(`/api/reports/report-data?${query}`)).json().data;
    // 400 receipts, the gloves' own receipt 28 days ago and the three exams.
    expect(json.row_count).toBe(404);
    expect(json.rows).toHaveLength(404);
    expect(json.filters.view).toBe('lines');
    expect(json.columns.map((c: { field: string }) => c.field)).toEqual(['date', 'kind', 'product', 'sku', 'lot', 'quantity', 'unit', 'unit_cost', 'value', 'reference']);
    expect(json.rows[0]).toMatchObject({ date: day(-28), kind: 'receive', product: gloves.name, quantity: '100.0000', unit_cost: '0.1800', value: '18.0000' });
    const dates = json.rows.map((r: { date: string }) => r.date);
    expect(dates).toEqual([...dates].sort());
    // 18 received, 1.80 consumed, 400 × 0.50 received.
    expect(json.totals).toEqual({ value: '216.2000' });

    const csv = await admin.get(`/api/reports/report-data?${query}&format=csv`);
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines).toHaveLength(1 + 404 + 1);
    expect(lines[0]).toBe('date,kind,product,sku,lot,quantity,unit,unit_cost,value,reference');
    expect(lines.at(-1)).toBe('Total,,,,,,,,216.2000,');

    const xlsx = await admin.get(`/api/reports/report-data?${query}&format=xlsx`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(1 + 404 + 1);
    expect(sheet.getRow(2).getCell(1).value).toEqual(new Date(`${day(-28)}T00:00:00Z`));
    expect(sheet.getRow(2).getCell(2).value).toBe('Received');
    expect(sheet.getRow(2).getCell(6).value).toBe(100);
    expect(sheet.getRow(2).getCell(9).value).toBe(18);
    expect(sheet.getRow(406).getCell(9).value).toBe(216.2);

    const pdf = await admin.get(`/api/reports/report-data?${query}&format=pdf`);
    expect(pdf.statusCode).toBe(200);
    const pages = await pdfPages(pdf.rawPayload);
    expect(pages.length).toBeGreaterThan(3);
    pages.forEach((page, i) => {
      expect(page).toContain('Unit cost');
      expect(page).toContain(`Page ${i + 1} of ${pages.length}`);
    });
    expect(pages[0]).toContain('One row per movement');
    expect(pages.at(-1)).toContain('£216.20');
    expect(pages.join(' ').match(/Received/g)!.length).toBe(401);
  });

  it('refuses an export past its format’s limit with a translated 422 on format, before anything is sent', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    await manyMovements(practice.id, gloves.id, REPORT_EXPORT_MAX_ROWS.pdf);
    const query = `report=stock-movements&view=lines&dental_practice_id=${practice.id}&from=${day(-30)}&to=${day(0)}`;
    const pdf = await admin.get(`/api/reports/report-data?${query}&format=pdf`);
    expect(pdf.statusCode).toBe(422);
    expect(pdf.headers['content-type']).toMatch(/^application\/json/);
    expect(pdf.json().errors.format[0]).toBe(`This report has ${REPORT_EXPORT_MAX_ROWS.pdf + 4} rows; a PDF file holds at most ${REPORT_EXPORT_MAX_ROWS.pdf}. Narrow the filters (a shorter period, a category, a brand or a product) and export again.`);
    const fr = await admin.get(`/api/reports/report-data?${query}&format=pdf`, { 'accept-language': 'fr' });
    expect(fr.json().errors.format[0]).toMatch(/^Ce rapport compte \d+ lignes/);
    // The screen's JSON still answers, with its first rows and the count; CSV still exports them all.
    const json = (await admin.get(`/api/reports/report-data?${query}`)).json().data;
    expect(json.row_count).toBe(REPORT_EXPORT_MAX_ROWS.pdf + 4);
    expect(json.rows).toHaveLength(REPORT_EXPORT_MAX_ROWS.pdf);
    expect(json.totals.value).toBe('2516.2000');
    expect((await admin.get(`/api/reports/report-data?${query}&format=csv`)).body.trim().split('\n')).toHaveLength(REPORT_EXPORT_MAX_ROWS.pdf + 4 + 2);

    await manyMovements(practice.id, gloves.id, REPORT_EXPORT_MAX_ROWS.csv - REPORT_EXPORT_MAX_ROWS.pdf);
    for (const format of ['csv', 'xlsx']) {
      const over = await admin.get(`/api/reports/report-data?${query}&format=${format}`);
      expect(over.statusCode, format).toBe(422);
      expect(over.json().errors.format[0]).toContain(`a ${format.toUpperCase()} file holds at most ${REPORT_EXPORT_MAX_ROWS.csv}`);
    }
    // The summary by kind of the same movements is three rows.
    expect((await admin.get(`/api/reports/report-data?report=stock-movements&dental_practice_id=${practice.id}&from=${day(-30)}&to=${day(0)}&format=pdf`)).statusCode).toBe(200);
  }, 120_000);

  it('filters by product and by procedure code where the report reads them', async () => {
    const { practice, gloves, mirrors, code } = await handMadeLedger(t, admin);
    const other = (await admin.post('/api/procedure-code/create', { code: `X${uid()}`.slice(0, 16), name: 'Other', category: 'diagnostic' })).json().data;
    const period = `from=${day(-200)}&to=${day(0)}`;
    const get = async (query: string) => (await admin.get(`/api/reports/report-data?dental_practice_id=${practice.id}&${period}&${query}`)).json().data;
    expect((await get(`report=stock-movements&product_id=${mirrors.id}`)).rows).toEqual([{ kind: 'receive', movements: 1, products: 1, value: '18.0000' }]);
    expect((await get(`report=inventory-valuation&product_id=${gloves.id}`)).rows.map((r: { product: string }) => r.product)).toEqual([gloves.name]);
    expect((await get(`report=consumption-by-product&procedure_code_id=${code.id}`)).rows).toEqual([expect.objectContaining({ product: gloves.name, quantity: '10.0000' })]);
    expect((await get(`report=consumption-by-product&procedure_code_id=${other.id}`)).rows).toEqual([]);
    const costs = await get(`report=consumable-cost-per-code&procedure_code_id=${other.id}`);
    expect(costs.rows).toEqual([]);
    expect(costs.filters.procedure_code_id).toBe(other.id);
    // A filter the report does not read is ignored, and said so (null) in the filters applied.
    const reorder = await get(`report=reorder-list&product_id=${mirrors.id}`);
    expect(reorder.filters).toMatchObject({ product_id: null, from: null, to: null });
  });

  it('covers several practices: each row names its practice and currency, money is totalled per currency, never converted', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const euro = await createPractice(t.database.db, { currency: 'EUR' });
    expect((await admin.post('/api/inventory/receive', { dental_practice_id: euro.id, product_id: gloves.id, quantity: '10', unit_cost: '2.00' })).statusCode).toBe(200);
    const query = `report=inventory-valuation&dental_practice_id=${practice.id}&practice_ids=${euro.id}`;
    const data = (await admin.get(`/api/reports/report-data?${query}`)).json().data;
    expect(data.columns.slice(0, 2).map((c: { field: string }) => c.field)).toEqual(['practice', 'currency']);
    expect(data.filters.practice_ids).toEqual([practice.id, euro.id]);
    expect(data.row_count).toBe(4);
    expect(data.rows.at(-1)).toMatchObject({ practice: euro.name, currency: 'EUR', product: gloves.name, value: '20.0000' });
    expect(data.rows.filter((r: { currency: string }) => r.currency === 'GBP')).toHaveLength(3);
    expect(data.subtotals).toEqual([
      { currency: 'GBP', totals: { value: '52.2000' } },
      { currency: 'EUR', totals: { value: '20.0000' } },
    ]);
    // No money total across two currencies; counts do add up.
    expect(data.totals).toEqual({});
    const moves = (await admin.get(`/api/reports/report-data?report=stock-movements&dental_practice_id=${practice.id}&practice_ids=${euro.id}&from=${day(-200)}&to=${day(0)}`)).json().data;
    expect(moves.totals).toEqual({ movements: '7' });
    expect(moves.subtotals).toEqual([
      { currency: 'GBP', totals: { movements: '6', value: '52.2000' } },
      { currency: 'EUR', totals: { movements: '1', value: '20.0000' } },
    ]);

    const csv = (await admin.get(`/api/reports/report-data?${query}&format=csv`)).body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(csv[0]).toBe('practice,currency,product,sku,category,brand,on_hand,unit,value');
    expect(csv.slice(-2)).toEqual(['Total,GBP,,,,,,,52.2000', 'Total,EUR,,,,,,,20.0000']);
    const [page] = await pdfPages((await admin.get(`/api/reports/report-data?${query}&format=pdf`)).rawPayload);
    for (const text of [practice.name, euro.name, 'amounts in GBP, EUR', '€20.00', '£52.20']) expect(page, text).toContain(text);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await admin.get(`/api/reports/report-data?${query}&format=xlsx`)).rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect([sheet.getRow(6).getCell(2).value, sheet.getRow(6).getCell(9).value]).toEqual(['GBP', 52.2]);
    expect([sheet.getRow(7).getCell(2).value, sheet.getRow(7).getCell(9).value]).toEqual(['EUR', 20]);

    // The recent export remembers the other practices, so Generate re-opens the same report.
    const recent = (await admin.get(`/api/admin/list/report-exports?column_filters=${encodeURIComponent(JSON.stringify([{ field: 'dental_practice_id', condition: 'equal', value: practice.id }]))}`)).json().data;
    expect(recent[0]).toMatchObject({ format: 'xlsx', filters: { practice_ids: String(euro.id) } });

    // Only practices the reader may read reports of; malformed lists are refused.
    const { agent: viewer } = await viewerOf([practice.id]);
    expect((await viewer.get(`/api/reports/report-data?${query}`)).statusCode).toBe(404);
    expect((await viewer.get(`/api/reports/report-data?${query}&format=csv`)).statusCode).toBe(404);
    for (const bad of ['abc', '1,,2', '-1', '0', `${'1,'.repeat(50)}1`]) expect((await admin.get(`/api/reports/report-data?report=dead-stock&dental_practice_id=${practice.id}&practice_ids=${bad}`)).statusCode, bad).toBe(422);
  });

  it('XLSX money in each currency’s minor units: none for yen, two for euros and dollars, three for dinars; each practice’s own over several', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const sheetOf = async (query: string) => {
      const res = await admin.get(`/api/reports/report-data?${query}&format=xlsx`);
      expect(res.statusCode, res.body).toBe(200);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets[0]!;
    };
    const valuation = `report=inventory-valuation&dental_practice_id=${practice.id}`;
    for (const [currency, format] of [['JPY', '#,##0'], ['EUR', '#,##0.00'], ['USD', '#,##0.00'], ['BHD', '#,##0.000'], ['KWD', '#,##0.000']] as const) {
      await t.database.db.update(dentalPractices).set({ currency }).where(eq(dentalPractices.id, practice.id));
      const sheet = await sheetOf(valuation);
      // Three products, then the total; the value column is the last (money), on hand (a quantity) keeps its own format.
      expect(sheet.getRow(1).getCell(7).value).toBe('Value');
      for (const row of [2, 3, 4, 5]) expect(sheet.getRow(row).getCell(7).numFmt, `${currency} row ${row}`).toBe(format);
      expect(sheet.getRow(5).getCell(7).value).toBe(52.2);
      expect(sheet.getRow(2).getCell(5).numFmt).toBe('#,##0.####');
    }
    // Over several practices each row, and each currency's total, is formatted in its own practice's currency.
    const yen = await createPractice(t.database.db, { currency: 'JPY' });
    expect((await admin.post('/api/inventory/receive', { dental_practice_id: yen.id, product_id: gloves.id, quantity: '10', unit_cost: '120' })).statusCode).toBe(200);
    const sheet = await sheetOf(`${valuation}&practice_ids=${yen.id}`);
    const rows = [2, 3, 4, 5, 6, 7].map((i) => sheet.getRow(i));
    expect(rows.map((r) => [r.getCell(2).value, r.getCell(9).numFmt])).toEqual([
      ['KWD', '#,##0.000'], ['KWD', '#,##0.000'], ['KWD', '#,##0.000'], ['JPY', '#,##0'], ['KWD', '#,##0.000'], ['JPY', '#,##0'],
    ]);
    expect(rows.at(-1)!.getCell(9).value).toBe(1200);
  });

  it('remembers each export in the reader’s recent exports, per user and per practice they may still read', async () => {
    const a = await createPractice(t.database.db, { currency: 'EUR' });
    const b = await createPractice(t.database.db);
    const { user, agent: viewer } = await viewerOf([a.id, b.id]);
    const brand = (await admin.post('/api/brand/create', { name: `Brand ${uid()}` })).json().data;
    expect((await viewer.get(`/api/reports/report-data?report=inventory-valuation&dental_practice_id=${a.id}&brand_id=${brand.id}&format=csv`)).statusCode).toBe(200);
    expect((await viewer.get(`/api/reports/report-data?report=stock-movements&view=lines&dental_practice_id=${b.id}&from=2026-01-01&to=2026-01-31&format=pdf`)).statusCode).toBe(200);
    // Only the JSON: not an export.
    expect((await viewer.get(`/api/reports/report-data?report=dead-stock&dental_practice_id=${a.id}`)).statusCode).toBe(200);

    const list = (await viewer.get('/api/admin/list/report-exports')).json();
    expect(list.meta.total).toBe(2);
    expect(list.data[0]).toMatchObject({ report: 'stock-movements', format: 'pdf', dental_practice_id: b.id, dental_practice_name: b.name, filters: { from: '2026-01-01', to: '2026-01-31', view: 'lines' }, filter_names: {}, row_count: 0 });
    expect(list.data[1]).toMatchObject({ report: 'inventory-valuation', format: 'csv', dental_practice_id: a.id, filters: { as_of: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), brand_id: String(brand.id) }, filter_names: { brand: brand.name } });

    // Someone else sees none of them, the admin included.
    expect((await admin.get(`/api/admin/list/report-exports?column_filters=${encodeURIComponent(JSON.stringify([{ field: 'dental_practice_id', condition: 'equal', value: a.id }]))}`)).json().meta.total).toBe(0);
    // Taken off practice b, the viewer no longer sees what they exported there.
    await t.database.db.delete(userPractices).where(and(eq(userPractices.userId, user.id), eq(userPractices.dentalPracticeId, b.id)));
    expect((await viewer.get('/api/admin/list/report-exports')).json().data.map((r: { dental_practice_id: number }) => r.dental_practice_id)).toEqual([a.id]);
    // CSV of the list, like every list.
    expect((await viewer.get('/api/admin/list/report-exports?format=csv')).headers['content-type']).toContain('text/csv');
  });

  it('a Viewer reads and exports the reports of their practices only; nobody reads another practice’s numbers', async () => {
    const { practice } = await handMadeLedger(t, admin);
    const elsewhere = await createPractice(t.database.db);
    const { agent: viewer } = await viewerOf([elsewhere.id]);
    const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: [practice.id] });
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [elsewhere.id] });
    for (const format of ['json', 'csv', 'xlsx', 'pdf']) {
      const url = (id: number) => `/api/reports/report-data?report=inventory-valuation&dental_practice_id=${id}&format=${format}`;
      expect((await viewer.get(url(elsewhere.id))).statusCode, format).toBe(200);
      const refused = await viewer.get(url(practice.id));
      expect(refused.statusCode, format).toBe(404);
      expect(refused.body).not.toContain('52.2');
      expect((await manager.get(url(practice.id))).statusCode, format).toBe(404);
      expect((await staff.get(url(practice.id))).statusCode, format).toBe(403);
    }
    // Refused exports are not remembered.
    expect((await viewer.get('/api/admin/list/report-exports')).json().data.every((r: { dental_practice_id: number }) => r.dental_practice_id === elsewhere.id)).toBe(true);
    expect((await staff.get('/api/admin/list/report-exports')).statusCode).toBe(403);
  });
});

async function viewerOf(practiceIds: number[]) {
  const user = await createUser(t.database.db, { role: 'Viewer', practiceIds });
  const agent = new Agent(t.app);
  await agent.login(user.email, user.password);
  return { user, agent };
}
