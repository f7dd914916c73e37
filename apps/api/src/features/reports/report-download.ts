import type { FastifyReply } from 'fastify';
import type { Locale, ReportExportFormat, ReportQuery } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { csvRows, sendCsv, sendDownload } from '../../core/list-route.ts';
import { recordExport } from './report-exports.ts';
import { reportPdf } from './report-pdf.ts';
import { filterNames, reportWords } from './report-words.ts';
import { reportXlsx } from './report-xlsx.ts';
import { openExport, streamRows, totalRows } from './reports.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const REPORT_CONTENT_TYPES: Record<ReportExportFormat, string> = { csv: 'text/csv', xlsx: XLSX, pdf: 'application/pdf' };

/**
 * A report as a download: counted (a 422 past the format's limit, before anything is sent), remembered in the
 * reader's recent exports, then streamed — CSV as the API names things, XLSX and PDF in the reader's language.
 */
export async function sendReportDownload(reply: FastifyReply, db: Database, request: { userId: number; locale: Locale; query: ReportQuery & { format: ReportExportFormat } }): Promise<FastifyReply> {
  const { query } = request;
  const open = await openExport(db, query);
  const { names, practice } = await filterNames(db, open.meta.filters);
  await recordExport(db, { userId: request.userId, practiceId: query.dental_practice_id, report: open.meta.report, format: query.format, filters: open.meta.filters, names, rows: open.count });
  const name = `${open.meta.report}-${open.meta.filters.as_of ?? open.meta.filters.to ?? new Date().toISOString().slice(0, 10)}`;
  const { rows, subtotals } = streamRows(open);
  if (query.format === 'csv') {
    const withTotals = async function* () {
      yield* rows;
      yield* totalRows(open, subtotals(), 'Total');
    };
    return sendCsv(reply, `${name}.csv`, csvRows(open.meta.columns.map((c) => c.field), withTotals()));
  }
  // Column names, codes and the title in the reader's language (the server's catalogue of report words).
  const words = reportWords(request.locale, open.meta);
  const totals = () => totalRows(open, subtotals(), words.total);
  if (query.format === 'xlsx') return sendDownload(reply, `${name}.xlsx`, XLSX, reportXlsx(open.meta.columns, rows, totals, words));
  const heading = { practice, currencies: [...new Set(open.parts.map((p) => p.currency))], names, timeZone: open.timeZone, now: new Date() };
  return sendDownload(reply, `${name}.pdf`, REPORT_CONTENT_TYPES.pdf, reportPdf(open.meta, rows, totals, words, heading));
}
