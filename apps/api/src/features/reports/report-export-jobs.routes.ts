import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportExportBodySchema, reportExportSchema } from '@enamel/contracts';
import { AppError } from '../../core/errors.ts';
import { abilityFor, authorize, requireUser } from '../../core/guards.ts';
import { requestLocale } from '../../core/i18n.ts';
import { sendDownload } from '../../core/list-route.ts';
import { ensurePracticeAccess, practiceScope } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { exportFileStream } from './report-export-files.ts';
import { requestBackgroundExport } from './report-export-jobs.ts';
import { findExport, translateFailure } from './report-exports.ts';
import { REPORT_CONTENT_TYPES } from './report-file.ts';

const tags = ['reports'];
const one = oneOf(reportExportSchema);

/**
 * Background exports: a large report is prepared by a job (any instance) while the reader goes on; they follow its
 * progress and download its file, kept in the database for a few days. Only its reader sees it, and only while
 * they may still read reports of every practice it covers (404 otherwise, as for an export that does not exist).
 */
export default async function reportExportJobRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  const visibleExport = async (request: FastifyRequest, id: number) => {
    const { user } = requireUser(request);
    return findExport(db, id, user.id, practiceScope(await abilityFor(request), 'read', 'Report'));
  };

  app.post(
    '/api/reports/exports',
    {
      preValidation: authorize('read', 'Report'),
      schema: {
        tags,
        summary: 'Prepare a report’s CSV, XLSX or PDF in the background: 202 with the new export, or 200 with the identical one already under way',
        body: reportExportBodySchema,
        response: { 200: one, 202: one, ...recordErrors },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { body } = request;
      const ability = await abilityFor(request);
      for (const practiceId of [body.dental_practice_id, ...(body.practice_ids ?? [])]) ensurePracticeAccess(ability, 'read', 'Report', practiceId);
      const locale = requestLocale(request);
      const { id, created } = await requestBackgroundExport(app.deps, { userId: user.id, locale, body });
      const data = translateFailure(await visibleExport(request, id), locale);
      return reply.code(created ? 202 : 200).send({ success: true as const, data });
    },
  );

  app.get(
    '/api/reports/exports/:id',
    {
      preValidation: authorize('read', 'Report'),
      schema: { tags, summary: 'One of the reader’s exports: its status, rows written of its rows, and why it failed', params: idParams, response: { 200: one, ...recordErrors } },
    },
    async (request) => ({ success: true as const, data: translateFailure(await visibleExport(request, request.params.id), requestLocale(request)) }),
  );

  app.get(
    '/api/reports/exports/:id/download',
    {
      preValidation: authorize('read', 'Report'),
      schema: {
        tags,
        summary: 'The file of a finished background export (a 409 while it is prepared or when it failed, a 404 once its file has expired)',
        params: idParams,
        response: {
          200: {
            description: 'The file, as a direct download of the same report would have been',
            content: Object.fromEntries(Object.values(REPORT_CONTENT_TYPES).map((type) => [type, { schema: z.string() }])),
          },
          ...recordErrors,
        },
      },
    },
    async (request, reply) => {
      const found = await visibleExport(request, request.params.id);
      if (!found.background) throw new AppError('not_found', 'report.export.no_file');
      if (found.status === 'expired') throw new AppError('not_found', 'report.export.expired');
      if (found.status !== 'succeeded') throw new AppError('conflict', found.status === 'failed' ? 'report.export.no_file' : 'report.export.not_ready');
      const day = (found.filters.as_of ?? found.filters.to ?? found.created_at).slice(0, 10);
      const type = found.format === 'csv' ? 'text/csv; charset=utf-8' : REPORT_CONTENT_TYPES[found.format];
      return sendDownload(reply, `${found.report}-${day}.${found.format}`, type, exportFileStream(db, found.id));
    },
  );
}
