import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportData } from '@enamel/contracts';
import { csvCell } from '../../core/list-route.ts';
import { drained } from '../../core/streams.ts';
import type { ReportRow } from './report-definition.ts';
import type { ReportWords } from './report-words.ts';

const NUMBER_FORMATS: Partial<Record<ReportData['columns'][number]['type'], string>> = { money: '#,##0.00', number: '#,##0.####', percent: '0.0%', date: 'yyyy-mm-dd' };

/**
 * A report as an XLSX workbook, streamed as it is written (exceljs WorkbookWriter, one row at a time, waiting
 * whenever the reader falls behind): a header row in the reader's language, numbers, money and percentages as
 * numeric cells, dates as date cells, codes (units, movement kinds) translated, text neutralised as in CSV
 * exports, the totals last.
 */
export function reportXlsx(columns: ReportData['columns'], rows: AsyncIterable<ReportRow>, totals: () => ReportRow[], words: ReportWords): NodeJS.ReadableStream {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(words.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  sheet.columns = columns.map((c) => ({ header: words.columns[c.field] ?? c.field, key: c.field, width: c.type === 'text' ? 28 : 16, style: NUMBER_FORMATS[c.type] ? { numFmt: NUMBER_FORMATS[c.type] } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const value = (column: ReportData['columns'][number], v: string | number | null | undefined) => {
    if (v === null || v === undefined || v === '') return null;
    if (column.type === 'date') return new Date(`${v}T00:00:00Z`);
    if (column.type === 'text') return csvCell(words.code(column, String(v)));
    return Number(v);
  };
  async function write() {
    let n = 0;
    for await (const row of rows) {
      sheet.addRow(columns.map((c) => value(c, row[c.field]))).commit();
      if (++n % 500 === 0 && !(await drained(out))) return;
    }
    // The totals last, one row per currency.
    for (const row of totals()) {
      const last = sheet.addRow(columns.map((c) => value(c, row[c.field])));
      last.font = { bold: true };
      last.commit();
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
