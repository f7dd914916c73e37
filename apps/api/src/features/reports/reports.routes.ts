import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, REPORT_EXPORT_MAX_ROWS, reportDataSchema, reportExportSchema, reportQuerySchema, type ReportExportFormat } from '@enamel/contracts';
import { abilityFor, authorize, requireUser } from '../../core/guards.ts';
import { requestLocale } from '../../core/i18n.ts';
import { csvRows, listResponses, sendCsv, sendDownload, sendList } from '../../core/list-route.ts';
import { ensurePracticeAccess, practiceScope } from '../../core/practice-scope.ts';
import { recordErrors } from '../../core/route-schemas.ts';
import { exportScope, recordExport, reportExportList } from './report-exports.ts';
import { reportPdf } from './report-pdf.ts';
import { filterNames, reportWords } from './report-words.ts';
import { reportXlsx } from './report-xlsx.ts';
import { openExport, runReport, streamRows, totalRows } from './reports.ts';

const tags = ['reports'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The notes' `GET /api/reports/report-data`: one report of one practice the reader may read reports of, as
 * JSON (columns, its first rows, their count, totals, chart) or a download — CSV, XLSX or PDF, streamed as the
 * rows are read, refused with a 422 past the format's row limit — which joins the reader's recent exports
 * (`GET /api/admin/list/report-exports`).
 */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  app.get(
    '/api/reports/report-data',
    {
      preValidation: authorize('read', 'Report'),
      schema: {
        tags,
        summary: 'One report of one practice with its filters: JSON (columns, rows, totals, chart), CSV, XLSX or PDF',
        querystring: reportQuerySchema,
        response: {
          200: {
            description: `The report (JSON, at most its first rows with their count), or a download: CSV and XLSX up to ${REPORT_EXPORT_MAX_ROWS.csv} rows, PDF up to ${REPORT_EXPORT_MAX_ROWS.pdf} (a 422 on \`format\` past that)`,
            content: {
              'application/json': { schema: z.object({ success: z.literal(true), data: reportDataSchema }) },
              'text/csv': { schema: z.string().describe('A header row of the report’s columns, its rows, then the totals') },
              [XLSX]: { schema: z.string().describe('The same as a workbook: typed numeric and date cells, the header in the reader’s language, the totals last') },
              'application/pdf': { schema: z.string().describe('The same on A4 pages in the reader’s language: title, filters, the table with its header on every page, totals, generation date') },
            },
          },
          ...recordErrors,
        },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const query = request.query;
      const ability = await abilityFor(request);
      // Every practice the report covers must be one the reader may read reports of (404 otherwise, as for one).
      for (const practiceId of [query.dental_practice_id, ...(query.practice_ids ?? [])]) ensurePracticeAccess(ability, 'read', 'Report', practiceId);
      if (query.format === 'json') return { success: true as const, data: await runReport(db, query) };
      const format: ReportExportFormat = query.format;
      const open = await openExport(db, { ...query, format });
      const { names, practice } = await filterNames(db, open.meta.filters);
      await recordExport(db, { userId: user.id, practiceId: query.dental_practice_id, report: open.meta.report, format, filters: open.meta.filters, names, rows: open.count });
      const name = `${open.meta.report}-${open.meta.filters.as_of ?? open.meta.filters.to ?? new Date().toISOString().slice(0, 10)}`;
      const { rows, subtotals } = streamRows(open);
      if (format === 'csv') {
        const withTotals = async function* () {
          yield* rows;
          yield* totalRows(open, subtotals(), 'Total');
        };
        return sendCsv(reply, `${name}.csv`, csvRows(open.meta.columns.map((c) => c.field), withTotals()));
      }
      // Column names, codes and the title in the reader's language (the server's catalogue of report words).
      const words = reportWords(requestLocale(request), open.meta);
      const totals = () => totalRows(open, subtotals(), words.total);
      if (format === 'xlsx') return sendDownload(reply, `${name}.xlsx`, XLSX, reportXlsx(open.meta.columns, rows, totals, words));
      return sendDownload(reply, `${name}.pdf`, 'application/pdf', reportPdf(open.meta, rows, totals, words, { practice, currencies: [...new Set(open.parts.map((p) => p.currency))], names, timeZone: open.timeZone, now: new Date() }));
    },
  );

  app.get(
    '/api/admin/list/report-exports',
    {
      preValidation: authorize('read', 'Report'),
      schema: { tags, summary: 'The reader’s recent report exports, of the practices they may read reports of (server-mode list)', querystring: listQuerySchema, response: listResponses(reportExportSchema) },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      return sendList(request, reply, reportExportList, exportScope(user.id, practiceScope(await abilityFor(request), 'read', 'Report')));
    },
  );
}
