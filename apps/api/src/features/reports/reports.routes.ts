import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listQuerySchema, REPORT_EXPORT_MAX_ROWS, reportDataSchema, reportExportListContract, reportQuerySchema } from '@enamel/contracts';
import { abilityFor, authorize, requireUser } from '../../core/guards.ts';
import { requestLocale } from '../../core/i18n.ts';
import { listResponses, sendList } from '../../core/list-route.ts';
import { ensurePracticeAccess, practiceScope } from '../../core/practice-scope.ts';
import { recordErrors } from '../../core/route-schemas.ts';
import { REPORT_CONTENT_TYPES, sendReportDownload } from './report-download.ts';
import reportExportJobRoutes from './report-export-jobs.routes.ts';
import { exportScope, reportExportList, translateFailure, type PresentedExport } from './report-exports.ts';
import { runReport } from './reports.ts';

const tags = ['reports'];

/**
 * `GET /api/reports/report-data` (docs/product-rules.md#reports): one report of one practice the reader may read reports of, as
 * JSON (columns, its first rows, their count, totals, chart) or a download — CSV, XLSX or PDF, streamed as the
 * rows are read, refused with a 422 past the format's row limit — which joins the reader's recent exports
 * (`GET /api/admin/list/report-exports`). Large exports can be prepared in the background instead (see
 * report-export-jobs.routes.ts).
 */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  await app.register(reportExportJobRoutes);
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
              [REPORT_CONTENT_TYPES.xlsx]: { schema: z.string().describe('The same as a workbook: typed numeric and date cells, the header in the reader’s language, the totals last') },
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
      return sendReportDownload(reply, db, { userId: user.id, locale: requestLocale(request), query: { ...query, format: query.format } });
    },
  );

  app.get(
    '/api/admin/list/report-exports',
    {
      preValidation: authorize('read', 'Report'),
      schema: { tags, summary: 'The reader’s recent report exports, of the practices they may read reports of, with the status and progress of those prepared in the background (server-mode list)', querystring: listQuerySchema, response: listResponses(reportExportListContract) },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const locale = requestLocale(request);
      return sendList(request, reply, reportExportList, exportScope(user.id, practiceScope(await abilityFor(request), 'read', 'Report')), async (rows) =>
        rows.map((row) => translateFailure(row as PresentedExport, locale)),
      );
    },
  );
}
