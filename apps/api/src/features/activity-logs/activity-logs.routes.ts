import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { inArray } from 'drizzle-orm';
import { listQuerySchema } from '@enamel/contracts';
import { activityLogs } from '@enamel/db';
import { abilityFor, authorize } from '../../core/guards.ts';
import { listResponses, sendList } from '../../core/list-route.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { activityLogList } from './activity-logs.list.ts';

const rowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  user_email: z.string().nullable(),
  dental_practice_id: z.number().int().nullable(),
  dental_practice_name: z.string().nullable(),
  action: z.string(),
  subject: z.string(),
  subject_id: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});

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
        response: listResponses(rowSchema),
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
