import fs from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { activityLogs, brands, categories, importJobs, procedureCodes, products, rows } from '@enamel/db';
import { DEFAULT_PIPELINE_LIMITS, importTestHooks } from '../src/core/import/pipeline.ts';
import { Agent } from './agent.ts';
import { commit, settle, upload, validated, type JobBody } from './imports-helpers.ts';
import { signInAs, createTestApp, type TestApp } from './test-app.ts';
import { handmadeXlsx, sharedStringsXlsx, sheetXml } from './fixtures/imports/zip.ts';

const FIXTURES = path.join(import.meta.dirname, 'fixtures/imports');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn('Super Admin');
});
afterAll(async () => t.close());
afterEach(() => {
  delete importTestHooks.beforeWriteRow;
});

const signedIn = (role: string) => signInAs(t, { role });

const PRODUCT_HEADER = 'sku,name,gtin,brand,category,usage_unit,purchase_unit,units_per_purchase_unit,purchase_price,tracks_lots,description,status';

async function xlsx(rows: unknown[][], mutate?: (sheet: ExcelJS.Worksheet) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Products');
  for (const r of rows) sheet.addRow(r);
  mutate?.(sheet);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('import pipeline', () => {
  it('imports a good brand CSV (headers matched case-insensitively), then upserts on a second import', async () => {
    const job = await validated(admin, 'brand', 'brands.csv', fixture('brands-good.csv'));
    expect(job).toMatchObject({ status: 'succeeded', stage: 'validate', rows_read: 3, valid_rows: 3, invalid_rows: 0, errors: [], unknown_columns: [] });
    const done = await commit(admin, job.id, 'valid');
    expect(done).toMatchObject({ status: 'succeeded', stage: 'write', created: 3, updated: 0 });
    const [septodont] = await t.database.db.select().from(brands).where(sql`lower(${brands.name}) = 'septodont'`);
    expect(septodont).toMatchObject({ manufacturer: 'Septodont Holding', status: 'active' });

    // Second file: same brand in another case updates it; a blank status keeps the stored one.
    await t.database.db.update(brands).set({ status: 'inactive' }).where(eq(brands.id, septodont!.id));
    const again = await validated(admin, 'brand', 'brands2.csv', 'NAME,manufacturer\nSEPTODONT,Septodont SAS\nVoco,VOCO GmbH\n');
    const second = await commit(admin, again.id, 'valid');
    expect(second).toMatchObject({ status: 'succeeded', stage: 'write', created: 1, updated: 1 });
    const [updated] = await t.database.db.select().from(brands).where(eq(brands.id, septodont!.id));
    expect(updated).toMatchObject({ name: 'SEPTODONT', manufacturer: 'Septodont SAS', status: 'inactive' });
    const logs = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.action, 'import'), eq(activityLogs.subject, 'Brand'))).orderBy(activityLogs.id);
    expect(logs).toHaveLength(2);
    expect(logs[1]!.after).toMatchObject({ created: 1, updated: 1, rows: 2 });
  });

  it('imports categories whose parents come later in the same file, and products referring to them from an XLSX', async () => {
    const cats = await validated(admin, 'category', 'cats.csv', 'name,parent\nGloves,Consumables\nConsumables,\nNitrile,Consumables > Gloves\nOrphan,Nowhere\n');
    expect(cats).toMatchObject({ valid_rows: 3, invalid_rows: 1 });
    expect(cats.errors).toEqual([{ row: 5, column: 'parent', message: expect.stringContaining('Nowhere') }]);
    expect(await commit(admin, cats.id, 'valid')).toMatchObject({ status: 'succeeded', stage: 'write', created: 3 });
    const rows = await t.database.db.select().from(categories);
    const consumables = rows.find((c) => c.name === 'Consumables')!;
    expect(rows.find((c) => c.name === 'Gloves')!.parentId).toBe(consumables.id);

    await validated(admin, 'brand', 'b.csv', 'name\nKerr\n').then((j) => commit(admin, j.id, 'valid'));
    const file = await xlsx([
      ['SKU', 'Name', 'GTIN', 'Brand', 'Category', 'Usage unit', 'Purchase unit', 'Units per purchase unit', 'Purchase price', 'Tracks lots'],
      ['KR-001', 'Composite A2', '04006381333931', 'kerr', 'Nitrile', 'syringe', 'box', 10, 45.5, 'yes'],
      ['KR-002', 'Gloves M', null, 'Kerr', 'Consumables > Gloves', 'each', 'box', 100, '8.90', 'no'],
    ]);
    const job = await validated(admin, 'product', 'products.xlsx', file);
    expect(job, JSON.stringify(job.errors)).toMatchObject({ status: 'succeeded', stage: 'validate', rows_read: 2, valid_rows: 2, invalid_rows: 0 });
    expect(await commit(admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', stage: 'write', created: 2, updated: 0 });
    const [kr1] = await t.database.db.select().from(products).where(eq(products.sku, 'KR-001'));
    expect(kr1).toMatchObject({ name: 'Composite A2', gtin: '04006381333931', purchasePrice: '45.5000', tracksLots: true, unitsPerPurchaseUnit: 10, usageUnit: 'syringe' });
  });

  it('lists every kind of row error by row and column, unknown columns, and a CSV of them; imports the valid rows only', async () => {
    await validated(admin, 'brand', 'b.csv', 'name\nSeptodont\n').then((j) => commit(admin, j.id, 'valid'));
    await validated(admin, 'category', 'c.csv', 'name,parent\nConsumables,\nGloves,Consumables\n').then((j) => commit(admin, j.id, 'valid'));
    const job = await validated(admin, 'product', 'errors.csv', fixture('products-errors.csv'));
    expect(job.unknown_columns).toEqual(['colour']);
    expect(job.rows_read).toBe(13);
    expect(job.valid_rows).toBe(1);
    expect(job.invalid_rows).toBe(12);
    const at = (row: number) => job.errors.filter((e) => e.row === row).map((e) => e.column);
    expect(at(3)).toEqual(['sku']);
    expect(at(4)).toEqual(['gtin']);
    expect(at(5)).toEqual(['brand']);
    expect(at(6)).toEqual(['category']);
    expect(at(7)).toEqual(['usage_unit']);
    expect(at(8)).toEqual(['units_per_purchase_unit']);
    expect(at(9)).toEqual(['units_per_purchase_unit']);
    expect(at(10)).toEqual(['purchase_price']);
    expect(at(11)).toEqual(['tracks_lots']);
    expect(at(12)).toEqual(['sku']);
    expect(at(13)).toEqual(['sku']);
    expect(job.errors.find((e) => e.row === 13)!.message).toContain('row 2');
    expect(at(14)).toEqual(['name']);
    expect(job.errors.find((e) => e.row === 7)!.message).toContain('each, box, pack');

    const csv = await admin.get(`/api/import/${job.id}/errors.csv`, { 'accept-language': 'fr' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Ligne,Colonne,Message');
    expect(lines).toHaveLength(1 + 1 + 12); // header, unknown column, one error per bad row
    expect(csv.body).toContain('colour');

    expect(await commit(admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', stage: 'write', created: 1 });
    const all = await t.database.db.select({ sku: products.sku }).from(products).where(sql`${products.sku} like 'GLV-%' or ${products.sku} like 'BAD%' or ${products.sku} like 'NO-%'`);
    expect(all.map((p) => p.sku)).toEqual(['GLV-OK-1']);
  });

  it('"import nothing" writes nothing', async () => {
    const job = await validated(admin, 'procedure-code', 'codes.csv', 'code,name,category\nd9990,Test code,Oral surgery\n');
    expect(job.valid_rows).toBe(1);
    const done = await commit(admin, job.id, 'none');
    expect(done).toMatchObject({ status: 'succeeded', stage: 'cancelled' });
    expect(await t.database.db.select().from(procedureCodes).where(eq(procedureCodes.code, 'D9990'))).toEqual([]);
    // Decided: a second decision is refused.
    expect((await admin.post(`/api/import/${job.id}/commit`, { mode: 'valid' })).statusCode).toBe(409);
  });

  it('duplicate natural keys within the file: the later rows are errors', async () => {
    const job = await validated(admin, 'procedure-code', 'codes.csv', 'code,name,category\nD7140,Extraction,oral_surgery\nd7140,Extraction again,oral_surgery\nD7210,Surgical extraction,oral surgery\n');
    expect(job).toMatchObject({ valid_rows: 2, invalid_rows: 1 });
    expect(job.errors).toEqual([{ row: 3, column: 'code', message: expect.stringContaining('row 2') }]);
    expect(await commit(admin, job.id, 'valid')).toMatchObject({ created: 2 });
    const [code] = await t.database.db.select().from(procedureCodes).where(eq(procedureCodes.code, 'D7140'));
    expect(code!.name).toBe('Extraction');
  });

  it('a crash during the write leaves nothing written, and the job says so', async () => {
    const lines = Array.from({ length: 1500 }, (_, i) => `CRASH-${i},Crash product ${i},,,,each,box,1,1.00,,,`);
    const job = await validated(admin, 'product', 'crash.csv', `${PRODUCT_HEADER}\n${lines.join('\n')}\n`);
    expect(job.valid_rows).toBe(1500);
    // Rows 2..1001 are flushed in a first batch before row 1201 throws.
    importTestHooks.beforeWriteRow = (_kind, row) => {
      if (row === 1201) throw new Error('simulated crash');
    };
    const failed = await commit(admin, job.id, 'valid');
    expect(failed.status).toBe('failed');
    expect(failed.failure).toContain('nothing was written');
    const crashRows = await t.database.db.select({ id: products.id }).from(products).where(sql`${products.sku} like 'CRASH-%'`);
    expect(crashRows).toEqual([]);
    expect(await t.database.db.select().from(activityLogs).where(eq(activityLogs.subjectId, job.id))).toEqual([]);
  });

  it('refuses a formula cell (the cached value is not trusted)', async () => {
    const file = await xlsx([['code', 'name', 'category'], ['D1110', 'Prophylaxis', 'preventive'], ['D1120', 'Child prophy', 'preventive']], (sheet) => {
      sheet.getCell('B3').value = { formula: 'CONCAT("Child ","prophy")', result: 'Child prophy' };
    });
    const job = await validated(admin, 'procedure-code', 'codes.xlsx', file);
    expect(job).toMatchObject({ valid_rows: 1, invalid_rows: 1 });
    expect(job.errors).toEqual([{ row: 3, column: 'name', message: expect.stringContaining('Formulas') }]);
  });

  it('wrong file types are 415 with a message', async () => {
    const pdf = await upload(admin, 'brand', 'brands.pdf', Buffer.from('%PDF-1.4 binary\0\0'));
    expect(pdf.statusCode).toBe(415);
    expect(pdf.json().message).toMatch(/CSV or XLSX/);
    const xls = await upload(admin, 'brand', 'brands.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]));
    expect(xls.statusCode).toBe(415);
    expect(xls.json().message).toMatch(/\.xls/);
    const json = await admin.post('/api/brand/import', { file: 'x' });
    expect(json.statusCode).toBe(415);
    const zip = await upload(admin, 'brand', 'brands.xlsx', Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(zip.statusCode).toBe(202);
    expect(await settle(admin, zip.json().data.id)).toMatchObject({ status: 'failed', failure: expect.stringContaining('XLSX') });
  });

  it('the name and the content must agree: an XLSX named .csv or .txt, or text named .xlsx, is 415 and nothing is queued', async () => {
    const workbook = await xlsx([['name'], ['Misnamed brand']]);
    const jobsBefore = await t.database.db.$count(importJobs);
    for (const name of ['brands.csv', 'brands.txt', 'brands.TSV', 'brands']) {
      const res = await upload(admin, 'brand', name, workbook);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(415);
      expect(res.json()).toMatchObject({ code: 'unsupported_media_type', message: expect.stringContaining('its name does not end in .xlsx') });
    }
    const text = await upload(admin, 'brand', 'brands.xlsx', 'name\nMisnamed brand\n');
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe('This file is named .xlsx but holds text, not an Excel workbook. Rename it to .csv, or save it as XLSX, and upload it again.');
    // Translated like every message.
    const fr = await signedIn('Super Admin');
    fr.cookies.set('locale', 'fr');
    expect((await upload(fr, 'brand', 'marques.csv', workbook)).json().message).toMatch(/^Ce fichier est un classeur Excel/);

    expect(await t.database.db.$count(importJobs)).toBe(jobsBefore);
    expect(fs.readdirSync(path.join(t.config.dataDir, 'imports')).filter((f) => f.endsWith('.upload'))).toEqual([]);
    expect(await t.database.db.select().from(brands).where(eq(brands.name, 'Misnamed brand'))).toEqual([]);
    // Named right, the same workbook imports.
    expect((await validated(admin, 'brand', 'brands.xlsx', workbook)).valid_rows).toBe(1);
  });

  it('an oversized file is 413 with a clear message', async () => {
    const big = Buffer.alloc(21 * 1024 * 1024, 'a,b\n');
    const res = await upload(admin, 'brand', 'big.csv', big);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toContain('20 MB');
    expect(fs.readdirSync(path.join(t.config.dataDir, 'imports')).filter((f) => f.endsWith('.upload'))).toEqual([]);
  });

  it('refuses zip bombs (honest and lying sizes) and XML entity declarations', async () => {
    const rows = sheetXml([['name'], ['Bomb']]);
    const padding = Buffer.alloc(60 * 1024 * 1024, ' ');
    const bombSheet = Buffer.concat([Buffer.from(rows.replace('</sheetData>', '')), padding, Buffer.from('</sheetData></worksheet>')]);
    for (const file of [handmadeXlsx(bombSheet), handmadeXlsx(bombSheet, 1000)]) {
      const job = await validated(admin, 'brand', 'bomb.xlsx', file);
      expect(job).toMatchObject({ status: 'failed', failure: expect.stringContaining('expands') });
    }
    const entities = handmadeXlsx(sheetXml([['name'], ['&lol9;']], '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol9 "&lol;&lol;">]>'));
    const job = await validated(admin, 'brand', 'lol.xlsx', entities);
    expect(job).toMatchObject({ status: 'failed', failure: expect.stringContaining('ENTITY') });
    expect(await t.database.db.select().from(brands).where(eq(brands.name, 'Bomb'))).toEqual([]);

    // The same hand-made workbook without the padding imports fine.
    const fine = await validated(admin, 'brand', 'fine.xlsx', handmadeXlsx(rows));
    expect(fine).toMatchObject({ status: 'succeeded', stage: 'validate', valid_rows: 1 });
  });

  it('missing required columns fail the file; an empty file has no header', async () => {
    const job = await validated(admin, 'product', 'p.csv', 'sku,name\nA,B\n');
    expect(job.status).toBe('failed');
    expect(job.failure).toContain('usage_unit');
    const empty = await validated(admin, 'brand', 'e.csv', '\n\n');
    expect(empty.failure).toContain('first row');
  });

  it('reads an XLSX whose shared strings come after the sheet (as Excel writes them)', async () => {
    const file = sharedStringsXlsx([['Code', 'Name', 'Category'], ['D0120', 'Periodic oral evaluation', 'diagnostic'], ['D0150', 'Comprehensive oral evaluation', 'Diagnostic']]);
    const job = await validated(admin, 'procedure-code', 'excel.xlsx', file);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'succeeded', stage: 'validate', valid_rows: 2, invalid_rows: 0 });
  });

  it('a file over the row limit fails as a whole, with a message, and cannot be imported', async () => {
    const saved = DEFAULT_PIPELINE_LIMITS.maxRows;
    DEFAULT_PIPELINE_LIMITS.maxRows = 3;
    try {
      const job = await validated(admin, 'brand', 'many.csv', 'name\nLimit A\nLimit B\nLimit C\nLimit D\n');
      expect(job.status).toBe('failed');
      expect(job.failure).toContain('more than 3 rows');
      expect((await admin.post(`/api/import/${job.id}/commit`, { mode: 'valid' })).statusCode).toBe(409);
    } finally {
      DEFAULT_PIPELINE_LIMITS.maxRows = saved;
    }
  });

  it('templates in CSV and XLSX, neutralised; permissions; jobs are private', async () => {
    const csv = await admin.get('/api/import/template/product?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(PRODUCT_HEADER.replace(',status', ',successor_sku,succession_date,succession_factor,status'));
    const x = await admin.get('/api/import/template/procedure-code?format=xlsx');
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]!.getRow(1).values).toEqual([undefined, 'code', 'name', 'category', 'status']);
    expect((await admin.get('/api/import/template/nothing')).statusCode).toBe(404);

    const viewer = await signedIn('Viewer');
    expect((await upload(viewer, 'brand', 'b.csv', 'name\nX\n')).statusCode).toBe(403);
    expect((await viewer.get('/api/import/template/brand')).statusCode).toBe(403);
    const manager = await signedIn('Practice Manager');
    const job = await validated(manager, 'brand', 'b.csv', 'name\n=HYPERLINK("http://evil")\n');
    // Another user (even a Super Admin) does not see someone else's job.
    expect((await admin.get(`/api/import/${job.id}`)).statusCode).toBe(404);
    expect((await admin.post(`/api/import/${job.id}/commit`, { mode: 'valid' })).statusCode).toBe(404);
    expect((await viewer.get(`/api/import/${job.id}/errors.csv`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/api/import/${job.id}` })).statusCode).toBe(401);
  });

  it('neutralises formula-looking cells in the error CSV', async () => {
    const job = await validated(admin, 'product', 'p.csv', `${PRODUCT_HEADER}\n=1+1,Name,,,,each,box,1,1.00,,,\n`);
    expect(job.invalid_rows).toBe(1);
    const csv = await admin.get(`/api/import/${job.id}/errors.csv`);
    expect(csv.body).not.toMatch(/^=|,=/m);
  });
});

export type { JobBody };

describe('planner statistics after an import', () => {
  it('analyzes a table an import has grown (the embedded database has no autovacuum)', async () => {
    const rowsCounted = async () => {
      const [row] = await rows<{ reltuples: number | string }>(t.database.db, sql`select reltuples from pg_class where relname = 'brands' and relkind = 'r'`);
      return Number(row!.reltuples);
    };
    const before = await rowsCounted();
    const lines = Array.from({ length: 2000 }, (_, i) => `Statistics brand ${i},Maker ${i}`);
    const job = await validated(admin, 'brand', 'many-brands.csv', `name,manufacturer\n${lines.join('\n')}\n`);
    expect(await commit(admin, job.id, 'valid')).toMatchObject({ status: 'succeeded', created: 2000 });
    // The statistics are taken once the import is written, just after it is reported done.
    await expect.poll(rowsCounted, { timeout: 15_000 }).toBeGreaterThanOrEqual(2000);
    expect(before).toBeLessThan(2000);
  });
});
