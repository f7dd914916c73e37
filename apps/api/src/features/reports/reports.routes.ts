import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportDataSchema, reportQuerySchema } from '@enamel/contracts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { requestLocale, translate, type MessageKey } from '../../core/i18n.ts';
import { csvRows, sendCsv, sendDownload } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { recordErrors } from '../../core/route-schemas.ts';
import { reportXlsx } from './report-xlsx.ts';
import { runReport } from './reports.ts';

/**
 * The notes' `GET /api/reports/report-data`: one report of one practice the reader may read reports of, as
 * JSON (columns, rows, totals, chart) or (`format=csv`) a CSV attachment with the totals row last.
 */
export default async function reportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  app.get(
    '/api/reports/report-data',
    {
      preValidation: authorize('read', 'Report'),
      schema: {
        tags: ['reports'],
        summary: 'One report of one practice with its filters: JSON (columns, rows, totals, chart), CSV or XLSX',
        querystring: reportQuerySchema,
        response: {
          200: {
            description: 'The report (JSON), or with `format=csv` its rows and a totals row (CSV download)',
            content: {
              'application/json': { schema: z.object({ success: z.literal(true), data: reportDataSchema }) },
              'text/csv': { schema: z.string().describe('A header row of the report’s columns, its rows, then the totals') },
              'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string().describe('The same as a workbook: typed numeric and date cells, the totals last') },
            },
          },
          ...recordErrors,
        },
      },
    },
    async (request, reply) => {
      ensurePracticeAccess(await abilityFor(request), 'read', 'Report', request.query.dental_practice_id);
      const data = await runReport(db, request.query);
      if (request.query.format === 'json') return { success: true as const, data };
      const name = `${data.report}-${data.filters.as_of ?? data.filters.to}`;
      if (request.query.format === 'xlsx') {
        // Column names and the title in the reader's language (the server's catalogue of report words).
        const locale = requestLocale(request);
        const word = (key: string) => translate(locale, key as MessageKey);
        const labels = { ...Object.fromEntries(data.columns.map((c) => [c.field, word(`report.columns.${c.field}`)])), __total: word('report.total') };
        return sendDownload(reply, `${name}.xlsx`, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', reportXlsx(data, labels, word(`report.names.${data.report}`)));
      }
      const fields = data.columns.map((c) => c.field);
      const totals = data.columns.some((c) => c.total) ? [{ ...Object.fromEntries(fields.map((f) => [f, null])), ...data.totals, [fields[0]!]: 'Total' }] : [];
      return sendCsv(reply, `${name}.csv`, csvRows(fields, [...data.rows, ...totals]));
    },
  );
}
