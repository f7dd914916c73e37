import type { FastifyReply } from 'fastify';
import type { Locale, ReportExportFormat, ReportQuery } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { sendDownload } from '../../core/list-route.ts';
import { reportFile } from './report-file.ts';
import { recordExport } from './report-exports.ts';
import { filterNames } from './report-words.ts';
import { openExport } from './reports.ts';

export { REPORT_CONTENT_TYPES } from './report-file.ts';

/**
 * A report as a download: counted (a 422 past the format's limit, before anything is sent), remembered in the
 * reader's recent exports, then streamed — CSV as the API names things, XLSX and PDF in the reader's language.
 */
export async function sendReportDownload(reply: FastifyReply, db: Database, request: { userId: number; locale: Locale; query: ReportQuery & { format: ReportExportFormat } }): Promise<FastifyReply> {
  const { query } = request;
  const open = await openExport(db, query);
  const { names, practice } = await filterNames(db, open.meta.filters);
  await recordExport(db, { userId: request.userId, practiceId: query.dental_practice_id, report: open.meta.report, format: query.format, filters: open.meta.filters, names, rows: open.count });
  const file = reportFile(open, { format: query.format, locale: request.locale, practice, names });
  return sendDownload(reply, file.name, file.contentType, file.body);
}
