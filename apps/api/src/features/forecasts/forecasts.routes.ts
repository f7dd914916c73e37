import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { forecastRunBodySchema, forecastRunSchema } from '@enamel/contracts';
import { forecastRuns } from '@enamel/db';
import { abilityFor, authorize, requireUser } from '../../core/guards.ts';
import { readerScope, registerListRoute } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { queueForecastRun } from './forecast-jobs.ts';
import { forecastRunList } from './forecast-runs.list.ts';
import { findForecastRun, requestForecastRun } from './forecast-runs.service.ts';

const tags = ['forecasts'];
const one = oneOf(forecastRunSchema);

/**
 * Forecast runs of a practice: who may read its dashboard may ask for one (it changes no record) and
 * follow it; the list shows the runs of the practices the reader may see.
 */
export default async function forecastRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  registerListRoute(app, {
    list: forecastRunList,
    guard: authorize('read', 'Dashboard'),
    tags,
    summary: 'Forecast runs: practice, forecast date, status, who asked, duration, series and methods',
    scope: readerScope(forecastRuns.dentalPracticeId, 'read', 'Dashboard'),
  });

  app.post(
    '/api/forecast/run',
    {
      preValidation: authorize('read', 'Dashboard'),
      schema: {
        tags,
        summary: 'Forecast a practice as of a date (default today): 202 with the new run, or 200 with the run already under way for that date',
        body: forecastRunBodySchema,
        response: { 200: one, 202: one, ...recordErrors },
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      ensurePracticeAccess(await abilityFor(request), 'read', 'Dashboard', request.body.dental_practice_id);
      const { run, created, today } = await requestForecastRun(db, { practiceId: request.body.dental_practice_id, forecastDate: request.body.forecast_date, userId: user.id });
      if (created) await queueForecastRun(app.deps, { runId: run.id, practiceId: run.dental_practice_id, alerts: run.forecast_date === today });
      return reply.code(created ? 202 : 200).send({ success: true as const, data: run });
    },
  );

  app.get(
    '/api/forecast/run/:id',
    { preValidation: authorize('read', 'Dashboard'), schema: { tags, summary: 'One forecast run: its status and, when finished, duration, series and methods', params: idParams, response: { 200: one, ...recordErrors } } },
    async (request) => {
      const run = await findForecastRun(db, request.params.id);
      ensurePracticeAccess(await abilityFor(request), 'read', 'Dashboard', run.dental_practice_id);
      return { success: true as const, data: run };
    },
  );
}
