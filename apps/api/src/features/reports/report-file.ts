import type { Locale, ReportExportFormat } from '@enamel/contracts';
import { csvRows } from '../../core/list-route.ts';
import type { ReportRow } from './report-definition.ts';
import { reportPdf } from './report-pdf.ts';
import { reportWords } from './report-words.ts';
import { reportXlsx } from './report-xlsx.ts';
import { streamRows, totalRows, type OpenReport } from './reports.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const REPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = { csv: 'text/csv', xlsx: XLSX, pdf: 'application/pdf' };

/** A report's file as it is written: its name, its content type and its bytes as a stream. */
export interface ReportFile {
  name: string;
  contentType: string;
  body: NodeJS.ReadableStream;
}

/** The file name of a report's export: the report and the day it is of. */
export function reportFileName(open: OpenReport, format: ReportExportFormat): string {
  return `${open.meta.report}-${open.meta.filters.as_of ?? open.meta.filters.to ?? new Date().toISOString().slice(0, 10)}.${format}`;
}

/**
 * An opened report as a file, streamed as its rows are read (the same bytes whether downloaded at once or
 * prepared in the background): CSV as the API names things, XLSX and PDF in `locale`. `onRow` hears of each row
 * as the writer takes it (a background export's progress).
 */
export function reportFile(
  open: OpenReport,
  options: { format: ReportExportFormat; locale: Locale; practice: string; names: Record<string, string>; now?: Date; onRow?: () => void | Promise<void> },
): ReportFile {
  const { format, onRow } = options;
  const streamed = streamRows(open);
  const rows: AsyncIterable<ReportRow> = onRow
    ? (async function* () {
        for await (const row of streamed.rows) {
          await onRow();
          yield row;
        }
      })()
    : streamed.rows;
  const name = reportFileName(open, format);
  if (format === 'csv') {
    const withTotals = async function* () {
      yield* rows;
      yield* totalRows(open, streamed.subtotals(), 'Total');
    };
    return { name, contentType: 'text/csv; charset=utf-8', body: csvRows(open.meta.columns.map((c) => c.field), withTotals()) };
  }
  // Column names, codes and the title in the reader's language (the server's catalogue of report words).
  const words = reportWords(options.locale, open.meta);
  const totals = () => totalRows(open, streamed.subtotals(), words.total);
  if (format === 'xlsx') return { name, contentType: XLSX, body: reportXlsx(open.meta, rows, totals, words) };
  const heading = { practice: options.practice, currencies: [...new Set(open.parts.map((p) => p.currency))], names: options.names, timeZone: open.timeZone, now: options.now ?? new Date() };
  return { name, contentType: REPORT_CONTENT_TYPES.pdf, body: reportPdf(open.meta, rows, totals, words, heading) };
}
