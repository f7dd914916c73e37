/**
 * The report contract: every report and view, run on the demo data through the HTTP API, answers rows whose keys
 * are exactly its declared columns and whose cells parse as their column's type (REPORT_CELL_SCHEMAS), over one
 * practice and over several; and its CSV, XLSX and PDF open and hold those rows, in order, cell for cell. A
 * misspelt alias in a report's SQL (an empty column in an export) fails here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { REPORT_CELL_SCHEMAS, REPORT_FILTERS, REPORT_IDS, type ReportData, type ReportId } from '@enamel/contracts';
import { csvCell } from '../src/core/list-route.ts';
import { reportWords } from '../src/features/reports/report-words.ts';
import type { Agent } from './agent.ts';
import { day, runForecastToEnd } from './ledgers.ts';
import { pdfPages } from './pdf-text.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
let practiceIds: number[] = [];
beforeAll(async () => {
  ({ t, admin } = await appWithAdmin());
  // A short, thin history: every report has rows, in seconds.
  const seeded = await admin.post('/api/seeder/data', { months: 3, volume: 0.1 });
  expect(seeded.statusCode, seeded.body).toBe(200);
  practiceIds = (await admin.get('/api/admin/list/dental-practices?sort_column=id')).json<{ data: Array<{ id: number }> }>().data.map((p) => p.id);
  expect(practiceIds.length).toBeGreaterThan(1);
  // Stock-out days come from procedure shortfalls and the daily job; a three-month demo may have none: a few per practice.
  for (const id of practiceIds)
    await t.database.db.execute(sql`insert into stock_out_days (dental_practice_id, inventory_id, product_id, day, kind, short_quantity)
      select dental_practice_id, id, product_id, ${day(-5)}::date, 'shortfall', 1.5 from inventories where dental_practice_id = ${id} order by id limit 3 on conflict do nothing`);
  // Forecast against actual compares a run made at least a week before the date with the weeks since.
  for (const id of practiceIds) expect((await runForecastToEnd(admin, id, day(-21))).status).toBe('succeeded');
}, 300_000);
afterAll(async () => t.close());

/** Every report, each of its views, over the first practice and over all of them. */
const CASES = REPORT_IDS.flatMap((report) => (REPORT_FILTERS[report].includes('view') ? (['summary', 'lines'] as const) : (['summary'] as const)).flatMap((view) => [{ report, view, several: false }, { report, view, several: true }]));

function query(c: { report: ReportId; view: string; several: boolean }): string {
  const params = new URLSearchParams({ report: c.report, dental_practice_id: String(practiceIds[0]), view: c.view });
  if (c.several) params.set('practice_ids', practiceIds.join(','));
  // A period most reports fill; the movement lines over a shorter one (every line goes into the PDF).
  params.set('from', day(c.view === 'lines' ? -6 : -60));
  params.set('to', day(0));
  // Dead stock unused for 30 days: a three-month history has products last used before that (last_used filled).
  if (c.report === 'dead-stock') params.set('days', '30');
  return params.toString();
}

type Cell = string | number | null;
/** Text as compared with a PDF's: no spaces (cells wrap), one form per character (µ and μ alike). */
const noSpace = (text: string) => text.normalize('NFKC').replace(/\s+/g, '');

describe.each(CASES.map((c) => [`${c.report} ${c.view}${c.several ? ', several practices' : ''}`, c] as const))('%s', (_name, c) => {
  let data: ReportData;
  beforeAll(async () => {
    const res = await admin.get(`/api/reports/report-data?${query(c)}`);
    expect(res.statusCode, res.body).toBe(200);
    data = res.json<{ data: ReportData }>().data;
  });

  it('answers rows whose keys are the declared columns and whose cells parse as their types', () => {
    const fields = data.columns.map((col) => col.field);
    expect(data.rows.length, 'the demo data gives every report rows').toBeGreaterThan(0);
    expect(data.row_count).toBe(data.rows.length);
    if (c.several) expect(fields.slice(0, 2)).toEqual(['practice', 'currency']);
    for (const [i, row] of data.rows.entries()) {
      expect(Object.keys(row).sort(), `row ${i}`).toEqual([...fields].sort());
      for (const col of data.columns) {
        const parsed = REPORT_CELL_SCHEMAS[col.type].nullable().safeParse(row[col.field]);
        expect(parsed.success, `row ${i} ${col.field} (${col.type}): ${JSON.stringify(row[col.field])}`).toBe(true);
      }
    }
    // A column bound to nothing (null in every row) is as wrong as a missing one: over all the practices, every column has values.
    if (c.several) for (const field of fields) expect(data.rows.some((row) => row[field] !== null), `${field} has a value somewhere`).toBe(true);
  });

  it('exports a CSV that holds the rows, cell for cell, then the totals', async () => {
    const res = await admin.get(`/api/reports/report-data?${query(c)}&format=csv`);
    expect(res.statusCode, res.body).toBe(200);
    const records: string[][] = parse(res.body, { bom: true });
    const [header, ...lines] = records;
    expect(header).toEqual(data.columns.map((col) => col.field));
    const totals = data.columns.some((col) => col.total) ? data.subtotals.length : 0;
    expect(lines).toHaveLength(data.rows.length + totals);
    const text = (v: Cell) => (v === null ? '' : typeof v === 'string' ? csvCell(v) : String(v));
    expect(lines.slice(0, data.rows.length)).toEqual(data.rows.map((row) => data.columns.map((col) => text(row[col.field]!))));
  });

  it('exports an XLSX that holds the rows, typed, then the totals', async () => {
    const res = await admin.get(`/api/reports/report-data?${query(c)}&format=xlsx`);
    expect(res.statusCode, res.body).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const totals = data.columns.some((col) => col.total) ? data.subtotals.length : 0;
    expect(sheet.rowCount).toBe(1 + data.rows.length + totals);
    const words = reportWords('en', data);
    const expected = (col: ReportData['columns'][number], v: Cell) => {
      if (v === null) return null;
      if (col.type === 'date') return new Date(`${v}T00:00:00Z`).toISOString();
      if (col.type === 'text') return csvCell(words.code(col, String(v)));
      const n = Number(v);
      return n === 0 ? 0 : n; // -0.00 is a plain 0 in a spreadsheet
    };
    const found = (v: ExcelJS.CellValue) => (v instanceof Date ? v.toISOString() : (v ?? null));
    data.rows.forEach((row, i) => {
      const cells = data.columns.map((_col, j) => found(sheet.getRow(i + 2).getCell(j + 1).value));
      expect(cells, `row ${i}`).toEqual(data.columns.map((col) => expected(col, row[col.field]!)));
    });
  });

  it('exports a PDF that holds every row, in order, as the reader’s language writes its cells', async () => {
    const res = await admin.get(`/api/reports/report-data?${query(c)}&format=pdf`);
    expect(res.statusCode, res.body).toBe(200);
    const text = noSpace((await pdfPages(res.rawPayload)).join(' '));
    const words = reportWords('en', data);
    // Each row's cells drawn one after another (wrapped lines included): found in order, none skipped.
    let at = 0;
    for (const [i, row] of data.rows.entries()) {
      const cells = noSpace(data.columns.map((col) => words.cell(col, row[col.field], row.currency === undefined ? undefined : String(row.currency))).join(''));
      const next = text.indexOf(cells, at);
      expect(next, `row ${i}: ${cells}`).toBeGreaterThanOrEqual(at);
      at = next + cells.length;
    }
  });
});
