import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { configurationCreateBodySchema, configurationRowSchema, configurationUpdateBodySchema } from '@enamel/contracts';
import { dentalPractices } from '@enamel/db';
import { actorOf } from '../../core/activity-log.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { readerScope, registerListRoute } from '../../core/list-route.ts';
import { canInPractice, ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { configurationList } from './configuration.list.ts';
import { createConfiguration, findConfiguration, updateConfiguration } from './configuration.service.ts';

const tags = ['configuration'];
const one = oneOf(configurationRowSchema);

/** Per-practice forecasting and stock settings (the Setting screen); `{id}` is the practice's id. */
export default async function configurationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  async function answer(request: Parameters<typeof abilityFor>[0], practiceId: number) {
    const ability = await abilityFor(request);
    return { success: true as const, data: { ...(await findConfiguration(db, practiceId)), can_update: canInPractice(ability, 'update', 'Configuration', practiceId) } };
  }

  registerListRoute(app, {
    list: configurationList,
    guard: authorize('read', 'Configuration'),
    tags,
    summary: 'Each practice’s forecasting and stock settings, defaults until saved',
    scope: readerScope(dentalPractices.id, 'read', 'Configuration'),
    extendPage: async (request, rows) => {
      const ability = await abilityFor(request);
      return rows.map((row) => ({ ...row, can_update: canInPractice(ability, 'update', 'Configuration', row.id) }));
    },
  });

  app.get('/api/configuration/:id', { preValidation: authorize('read', 'Configuration'), schema: { tags, summary: 'One practice’s settings', params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => {
    ensurePracticeAccess(await abilityFor(request), 'read', 'Configuration', request.params.id);
    return answer(request, request.params.id);
  });

  app.post(
    '/api/configuration/create',
    { preValidation: authorize('create', 'Configuration'), schema: { tags, summary: 'Save a practice’s first settings (absent fields take the defaults); 409 when it has them', body: configurationCreateBodySchema, response: { 201: one, ...recordErrors } } },
    async (request, reply) => {
      ensurePracticeAccess(await abilityFor(request), 'create', 'Configuration', request.body.dental_practice_id);
      await createConfiguration(db, actorOf(request), request.body);
      return reply.code(201).send(await answer(request, request.body.dental_practice_id));
    },
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/configuration/update/:id',
    preValidation: authorize('update', 'Configuration'),
    schema: { tags, summary: 'Change a practice’s settings (only the fields sent); logged', params: idParams, body: configurationUpdateBodySchema, response: { 200: one, ...recordErrors } },
    handler: async (request) => {
      ensurePracticeAccess(await abilityFor(request), 'update', 'Configuration', request.params.id);
      await updateConfiguration(db, actorOf(request), request.params.id, request.body);
      return answer(request, request.params.id);
    },
  });
}
