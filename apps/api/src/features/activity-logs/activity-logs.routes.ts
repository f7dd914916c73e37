import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { activityLogs } from '@enamel/db';
import { authorize } from '../../core/guards.ts';
import { readerScope, registerListRoute } from '../../core/list-route.ts';
import { activityLogList } from './activity-logs.list.ts';


export default async function activityLogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A practice-scoped reader sees the entries of their practices only.
  registerListRoute(app, { list: activityLogList, guard: authorize('read', 'ActivityLog'), tags: ['activity-log'], summary: 'Activity log', scope: readerScope(activityLogs.dentalPracticeId, 'read', 'ActivityLog') });
}
