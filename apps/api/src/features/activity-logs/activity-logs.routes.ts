import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray } from 'drizzle-orm';
import { listQuerySchema, activityLogListContract } from '@enamel/contracts';
import { activityLogs } from '@enamel/db';
import { abilityFor, authorize } from '../../core/guards.ts';
import { listResponses, sendList } from '../../core/list-route.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { activityLogList } from './activity-logs.list.ts';


export default async function activityLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/list/logs',
    {
      preValidation: authorize('read', 'ActivityLog'),
      schema: {
        tags: ['activity-log'],
        summary: 'Activity log (server-mode list)',
        querystring: listQuerySchema,
        response: listResponses(activityLogListContract),
      },
    },
    async (request, reply) => {
      const scope = practiceScope(await abilityFor(request), 'read', 'ActivityLog');
      // A practice-scoped reader sees the entries of their practices only.
      const where = scope === 'all' ? undefined : inArray(activityLogs.dentalPracticeId, scope.length ? scope : [-1]);
      return sendList(request, reply, activityLogList, where);
    },
  );
}
