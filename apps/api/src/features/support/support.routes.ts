import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema, supportSchema } from '@enamel/contracts';
import { abilityFor, authenticated } from '../../core/guards.ts';
import { requestLocale } from '../../core/i18n.ts';
import { oneOf } from '../../core/route-schemas.ts';
import { supportInfo } from './support.service.ts';

/**
 * The Support page's one call. Every signed-in user sees the version and the database's health; the job
 * runs need `read Scheduler`, the backups `manage all` (they are null otherwise), so the page never meets a 403.
 */
export default async function supportRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/support',
    {
      preValidation: authenticated(),
      schema: { tags: ['health'], summary: 'Version, database kind and health, the job queue’s last runs and the latest backups (the last two for those allowed)', response: { 200: oneOf(supportSchema), 401: errorBodySchema } },
    },
    async (request) => {
      const ability = await abilityFor(request);
      const data = await supportInfo(app.deps, { jobRuns: ability.can('read', 'Scheduler'), backups: ability.can('manage', 'all') }, requestLocale(request));
      return { success: true as const, data };
    },
  );
}
