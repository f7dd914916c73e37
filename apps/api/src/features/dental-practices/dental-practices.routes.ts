import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dentalPracticeBodySchema, dentalPracticeSchema } from '@enamel/contracts';
import { dentalPractices } from '@enamel/db';
import { abilityFor, authorize } from '../../core/guards.ts';
import { readerScope, registerListRoute } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { actorOf } from '../../core/activity-log.ts';
import { registerDeleteRoute } from '../../core/record-routes.ts';
import { idParams, oneOf, recordErrors as errors } from '../../core/route-schemas.ts';
import { presentDentalPractice } from './dental-practice.presenter.ts';
import { createPractice, deletePracticePermanently, findPractice, setPracticeStatus, updatePractice } from './dental-practice.service.ts';
import { dentalPracticeList } from './dental-practices.list.ts';

const one = oneOf(dentalPracticeSchema);

export default async function dentalPracticeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  registerListRoute(app, {
    list: dentalPracticeList,
    guard: authorize('read', 'DentalPractice'),
    tags: ['dental-practices'],
    summary: 'Dental practices the user may see',
    scope: readerScope(dentalPractices.id, 'read', 'DentalPractice'),
  });

  app.get(
    '/api/dental-practice/:id',
    { preValidation: authorize('read', 'DentalPractice'), schema: { tags: ['dental-practices'], summary: 'One practice', params: idParams, response: { 200: one, ...errors } } },
    async (request) => {
      ensurePracticeAccess(await abilityFor(request), 'read', 'DentalPractice', request.params.id);
      return { success: true as const, data: presentDentalPractice(await findPractice(db, request.params.id)) };
    },
  );

  app.post(
    '/api/dental-practice/create',
    { preValidation: authorize('create', 'DentalPractice'), schema: { tags: ['dental-practices'], summary: 'Create a practice', body: dentalPracticeBodySchema, response: { 201: one, ...errors } } },
    async (request, reply) => {
      const row = await createPractice(db, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, data: presentDentalPractice(row) });
    },
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/dental-practice/update/:id',
    preValidation: authorize('update', 'DentalPractice'),
    schema: { tags: ['dental-practices'], summary: 'Update a practice', params: idParams, body: dentalPracticeBodySchema, response: { 200: one, ...errors } },
    handler: async (request) => {
      ensurePracticeAccess(await abilityFor(request), 'update', 'DentalPractice', request.params.id);
      return { success: true as const, data: presentDentalPractice(await updatePractice(db, actorOf(request), request.params.id, request.body)) };
    },
  });

  for (const [verb, status] of [['delete', 'inactive'], ['restore', 'active']] as const) {
    app.post(
      `/api/dental-practice/${verb}/:id`,
      {
        preValidation: authorize('delete', 'DentalPractice'),
        schema: { tags: ['dental-practices'], summary: verb === 'delete' ? 'Deactivate a practice (restorable)' : 'Restore a deactivated practice', params: idParams, response: { 200: one, ...errors } },
      },
      async (request) => {
        ensurePracticeAccess(await abilityFor(request), 'delete', 'DentalPractice', request.params.id);
        return { success: true as const, data: presentDentalPractice(await setPracticeStatus(db, actorOf(request), request.params.id, status)) };
      },
    );
  }

  // The contract's spelling is kept so its client works unchanged (docs/client-contract.md#paths); the correct one is an alias.
  for (const url of ['/api/dental-practice/delete-permenent/:id', '/api/dental-practice/delete-permanent/:id']) {
    registerDeleteRoute(app, {
      url,
      tag: 'dental-practices',
      subject: 'DentalPractice',
      summary: 'Delete an inactive practice permanently',
      remove: async (request, id) => {
        ensurePracticeAccess(await abilityFor(request), 'delete', 'DentalPractice', id);
        await deletePracticePermanently(db, actorOf(request), id);
      },
    });
  }
}
