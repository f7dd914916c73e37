import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ReportData } from '@enamel/contracts';
import { csvCell } from '../../core/list-route.ts';

const NUMBER_FORMATS: Partial<Record<ReportData['columns'][number]['type'], string>> = { money: '#,##0.00', number: '#,##0.####', percent: '0.0%', date: 'yyyy-mm-dd' };

/**
 * A report as an XLSX workbook, streamed as it is written (exceljs WorkbookWriter): a header row, numbers, money
 * and percentages as numeric cells, dates as date cells, text neutralised as in CSV exports, the totals last.
 * `labels` names the columns (the reader's language).
 */
export function reportXlsx(data: ReportData, labels: Record<string, string>, title: string): NodeJS.ReadableStream {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const sheet = workbook.addWorksheet(title.slice(0, 31).replace(/[\\/?*[\]:]/g, ' '));
  sheet.columns = data.columns.map((c) => ({ header: labels[c.field] ?? c.field, key: c.field, width: c.type === 'text' ? 28 : 16, style: NUMBER_FORMATS[c.type] ? { numFmt: NUMBER_FORMATS[c.type] } : {} }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const value = (type: ReportData['columns'][number]['type'], v: string | number | null | undefined) => {
    if (v === null || v === undefined || v === '') return null;
    if (type === 'date') return new Date(`${v}T00:00:00Z`);
    if (type === 'text') return csvCell(String(v));
    return Number(v);
  };
  for (const row of data.rows) sheet.addRow(data.columns.map((c) => value(c.type, row[c.field]))).commit();
  if (data.columns.some((c) => c.total)) {
    const totals = sheet.addRow(data.columns.map((c, i) => (c.total ? Number(data.totals[c.field]) : i === 0 ? labels.__total ?? 'Total' : null)));
    totals.font = { bold: true };
    totals.commit();
  }
  sheet.commit();
  void workbook.commit().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}
