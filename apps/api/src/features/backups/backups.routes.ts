import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { backupFileSchema, errorBodySchema } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
import { authorize } from '../../core/guards.ts';
import { oneOf } from '../../core/route-schemas.ts';
import { backupUnderWay, backupsSupported, backupsUnsupported, listBackups, takeBackup } from './backup.service.ts';

const tags = ['backups'];
const errors = { 401: errorBodySchema, 403: errorBodySchema, 409: errorBodySchema, 419: errorBodySchema, 429: errorBodySchema, 503: errorBodySchema };

/**
 * Backups of the embedded database, for whoever may manage the whole installation (`manage all`: Super
 * Admins). On PostgreSQL both answer 409: its own tools back it up (README).
 */
export default async function backupRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;

  app.get(
    '/api/backups',
    { preValidation: authorize('manage', 'all'), schema: { tags, summary: 'Backups of the embedded database in BACKUP_DIR, newest first: file name, size, time', response: { 200: oneOf(z.array(backupFileSchema)), ...errors } } },
    async () => {
      if (!backupsSupported(deps)) throw backupsUnsupported();
      return { success: true as const, data: await listBackups(deps.config) };
    },
  );

  app.post(
    '/api/backups',
    {
      preValidation: authorize('manage', 'all'),
      schema: {
        tags,
        summary: 'Take a backup of the embedded database now (consistent while writes go on; retention applied; logged). Requests made while one is under way get that one; at most a few per ten minutes (429)',
        response: { 201: oneOf(backupFileSchema), ...errors },
      },
    },
    async (request, reply) => {
      if (!backupsSupported(deps)) throw backupsUnsupported();
      // Each backup is a file: a burst of requests shares the one under way, and new ones are rate limited.
      if (!backupUnderWay(deps.database)) await deps.throttle.hit('backups:http', deps.limits.backups);
      const taken = await takeBackup(deps, { actor: actorOf(request) });
      return reply.status(201).send({ success: true as const, data: { name: taken.name, size_bytes: taken.size_bytes, created_at: taken.created_at } });
    },
  );
}
