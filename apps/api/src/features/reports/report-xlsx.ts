import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { minorUnits, type ReportData } from '@enamel/contracts';
import { csvCell } from '../../core/list-route.ts';
import { drained } from '../../core/streams.ts';
import type { ReportRow } from './report-definition.ts';
import type { ReportWords } from './report-words.ts';

const NUMBER_FORMATS: Partial<Record<ReportData['columns'][number]['type'], string>> = { number: '#,##0.####', percent: '0.0%', date: 'yyyy-mm-dd' };

/** Money in the currency's own minor units, as the screens show it: `#,##0` for yen, `#,##0.00` for euros, `#,##0.000` for dinars. */
export function moneyFormat(currency: string): string {
  const digits = minorUnits(currency);
  return digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0';
}

/**
 * A report as an XLSX workbook, streamed as it is written (exceljs WorkbookWriter, one row at a time, waiting
 * whenever the reader falls behind): a header row in the reader's language, numbers, money and percentages as
 * numeric cells (money in its currency's minor units: the report's, or each row's own over several practices),
 * dates as date cells, codes (units, movement kinds) translated, text neutralised as in CSV exports, the totals last.
 */
export function reportXlsx(meta: Pick<ReportData, 'columns' | 'currency'>, rows: AsyncIterable<ReportRow>, totals: () => ReportRow[], words: ReportWords): NodeJS.ReadableStream {
  const { columns } = meta;
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(words.title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  sheet.columns = columns.map((c) => ({ header: words.columns[c.field] ?? c.field, key: c.field, width: c.type === 'text' ? 28 : 16, style: c.type === 'money' ? { numFmt: moneyFormat(meta.currency) } : NUMBER_FORMATS[c.type] ? { numFmt: NUMBER_FORMATS[c.type] } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const value = (column: ReportData['columns'][number], v: string | number | null | undefined) => {
    if (v === null || v === undefined || v === '') return null;
    if (column.type === 'date') return new Date(`${v}T00:00:00Z`);
    if (column.type === 'text') return csvCell(words.code(column, String(v)));
    return Number(v);
  };
  const moneyAt = columns.flatMap((c, i) => (c.type === 'money' ? [i + 1] : []));
  /** A row of another currency than the report's (several practices) formats its money in that currency. */
  const addRow = (row: ReportRow) => {
    const added = sheet.addRow(columns.map((c) => value(c, row[c.field])));
    if (typeof row.currency === 'string' && row.currency !== meta.currency) for (const i of moneyAt) added.getCell(i).numFmt = moneyFormat(row.currency);
    return added;
  };
  async function write() {
    let n = 0;
    for await (const row of rows) {
      addRow(row).commit();
      if (++n % 500 === 0 && !(await drained(out))) return;
    }
    // The totals last, one row per currency.
    for (const row of totals()) {
      const last = addRow(row);
      last.font = { bold: true };
      last.commit();
    }
    sheet.commit();
    await workbook.commit();
  }
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
