import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../core/activity-log.ts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { idParams, recordErrors } from '../../core/route-schemas.ts';
import { archiveList } from './archive-logs.list.ts';
import { archiveContent, deleteArchive } from './archive-logs.service.ts';

const tags = ['archive-logs'];

/** Archived activity-log entries: listed, downloaded as gzipped NDJSON, deleted for good (logged). */
export default async function archiveLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  registerListRoute(app, { list: archiveList, guard: authorize('read', 'ArchiveLog'), tags: tags, summary: 'Activity-log archives: period, entries, size, checksum' });

  app.get(
    '/api/archive-logs/download/:id',
    { preValidation: authorize('read', 'ArchiveLog'), schema: { tags, summary: 'Download one archive (gzipped NDJSON, one entry per line); its SHA-256 in the Digest header', params: idParams, response: { 200: z.any(), ...recordErrors } } },
    async (request, reply) => {
      const archive = await archiveContent(db, request.params.id);
      return reply
        .header('content-type', 'application/gzip')
        .header('content-disposition', `attachment; filename="${archive.name}"`)
        .header('repr-digest', `sha-256=:${Buffer.from(archive.checksum, 'hex').toString('base64')}:`)
        .send(archive.content);
    },
  );

  app.post(
    '/api/archive-logs/delete/:id',
    { preValidation: authorize('delete', 'ArchiveLog'), schema: { tags, summary: 'Delete an archive for good (its entries with it); logged', params: idParams, response: { 200: z.object({ success: z.literal(true) }), ...recordErrors } } },
    async (request) => {
      await deleteArchive(db, actorOf(request), request.params.id);
      return { success: true as const };
    },
  );
}
