import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { dueRunSchema, runSchedulerBodySchema, runStatusSchema, schedulerJobSchema, schedulerJobUpdateSchema, schedulerRunSchema } from '@enamel/contracts';
import { schedulerJobs } from '@enamel/db';
import { actorOf } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { requestLocale } from '../../core/i18n.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { authorizeInstallation } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { schedulerJobList } from './scheduler.list.ts';
import { jobRuns, runDueJobs, runError, runLog, updateSchedulerJob } from './scheduler.service.ts';

const tags = ['scheduler'];
const iso = (v: Date | null) => v?.toISOString() ?? null;

/**
 * The scheduler: its jobs (installation-wide, so only a rule without practice conditions reaches them), their
 * run history, and `POST /api/run-scheduler` (docs/product-rules.md#scheduler). Workers and schedules start with the app (src/jobs.ts).
 */
export default async function schedulerRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = app;
  const list = schedulerJobList(deps.config.timeZone);

  registerListRoute(app, { list: list, guard: authorizeInstallation('read', 'Scheduler'), tags: tags, summary: 'Scheduled jobs: schedule, on/off, time limit, last and next run' });

  app.get(
    '/api/scheduler/:id',
    { preValidation: authorizeInstallation('read', 'Scheduler'), schema: { tags, summary: 'One scheduled job', params: idParams, response: { 200: oneOf(schedulerJobSchema), ...recordErrors } } },
    async (request) => ({ success: true as const, data: await findJob(request.params.id) }),
  );

  app.get(
    '/api/scheduler/:id/runs',
    {
      preValidation: authorizeInstallation('read', 'Scheduler'),
      schema: {
        tags,
        summary: 'A job’s run history, newest first: start, end, duration, status, log lines, error',
        params: idParams,
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) }),
        response: { 200: z.object({ success: z.literal(true), data: z.array(schedulerRunSchema) }), ...recordErrors },
      },
    },
    async (request) => {
      const runs = await jobRuns(deps.db, request.params.id, request.query.limit);
      const locale = requestLocale(request);
      return {
        success: true as const,
        data: runs.map((r) => ({
          id: r.id,
          slot: r.slot.toISOString(),
          trigger: r.trigger as 'schedule' | 'manual',
          status: runStatusSchema.parse(r.status),
          instance: r.instance,
          created_at: r.createdAt.toISOString(),
          started_at: iso(r.startedAt),
          finished_at: iso(r.finishedAt),
          duration_ms: r.durationMs,
          log: runLog(locale, r.log),
          error: runError(locale, r),
        })),
      };
    },
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/scheduler/update/:id',
    preValidation: authorizeInstallation('update', 'Scheduler'),
    schema: { tags, summary: 'Change a job’s cron expression (read in the installation’s time zone), switch or time limit; logged', params: idParams, body: schedulerJobUpdateSchema, response: { 200: oneOf(schedulerJobSchema), ...recordErrors } },
    handler: async (request) => {
      await updateSchedulerJob(deps, actorOf(request), request.params.id, request.body);
      return { success: true as const, data: await findJob(request.params.id) };
    },
  });

  app.post(
    '/api/run-scheduler',
    {
      preValidation: authorizeInstallation('run', 'Scheduler'),
      schema: {
        tags,
        summary: 'Run the jobs that are due now (once per job and cron time, whichever instance is asked), wait for them up to wait_seconds, and answer each one’s run',
        body: runSchedulerBodySchema.optional(),
        response: { 200: z.object({ success: z.literal(true), data: z.array(dueRunSchema) }), ...recordErrors },
      },
    },
    async (request) => ({ success: true as const, data: await runDueJobs(deps, request.body?.wait_seconds ?? 30, requestLocale(request)) }),
  );

  async function findJob(id: number) {
    const [row] = await list.query(deps.db).where(eq(schedulerJobs.id, id)).limit(1);
    if (!row) throw new AppError('not_found');
    return list.present!(row);
  }
}
