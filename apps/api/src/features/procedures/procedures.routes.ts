import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { listQuerySchema, procedureBodySchema, procedureItemUpdateBodySchema, type Action, procedureListContract } from '@enamel/contracts';
import { procedureItems, procedures } from '@enamel/db';
import { actorOf } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { listResponses, sendList } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { procedureList } from './procedure.list.ts';
import { presentProcedure, procedureDetailSchema } from './procedure.presenter.ts';
import { completeProcedure, createProcedure, deleteProcedure, findProcedure, updateProcedure, updateProcedureItem } from './procedure.service.ts';

const one = oneOf(procedureDetailSchema);
const tags = ['procedures'];

export default async function procedureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const check = async (request: FastifyRequest, action: Action, practiceId: number) => ensurePracticeAccess(await abilityFor(request), action, 'Procedure', practiceId);
  const detail = async (request: FastifyRequest, id: number) => {
    await check(request, 'read', (await findProcedure(db, id)).dentalPracticeId);
    return { success: true as const, data: await presentProcedure(db, id) };
  };

  app.get(
    '/api/admin/list/procedures',
    {
      preValidation: authorize('read', 'Procedure'),
      schema: { tags, summary: 'Procedures of one practice with their consumable cost (server-mode list)', querystring: listQuerySchema.extend({ dental_practice_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) }), response: listResponses(procedureListContract) },
    },
    async (request, reply) => {
      await check(request, 'read', request.query.dental_practice_id);
      return sendList(request, reply, procedureList, eq(procedures.dentalPracticeId, request.query.dental_practice_id));
    },
  );
  app.get('/api/procedure/:id', { preValidation: authorize('read', 'Procedure'), schema: { tags, summary: 'One procedure: items, lots consumed, movements', params: idParams, response: { 200: one, ...recordErrors } } }, (request) =>
    detail(request, request.params.id),
  );
  app.get('/api/procedure-detail', { preValidation: authorize('read', 'Procedure'), schema: { tags, summary: 'One procedure (the notes’ detail call, id in the query)', querystring: idParams, response: { 200: one, ...recordErrors } } }, (request) =>
    detail(request, request.query.id),
  );

  app.post(
    '/api/procedure/create',
    { preValidation: authorize('create', 'Procedure'), schema: { tags, summary: 'Record a procedure; completed ones consume their items from stock (FEFO) in the same transaction', body: procedureBodySchema, response: { 201: one, ...recordErrors } } },
    async (request, reply) => {
      await check(request, 'create', request.body.dental_practice_id);
      const row = await createProcedure(db, actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, data: await presentProcedure(db, row.id) });
    },
  );
  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/procedure/update/:id',
    preValidation: authorize('update', 'Procedure'),
    schema: { tags, summary: 'Change a procedure; stock follows (differences consumed or given back)', params: idParams, body: procedureBodySchema, response: { 200: one, ...recordErrors } },
    handler: async (request) => {
      await check(request, 'update', (await findProcedure(db, request.params.id)).dentalPracticeId);
      await updateProcedure(db, actorOf(request), request.params.id, request.body);
      return { success: true as const, data: await presentProcedure(db, request.params.id) };
    },
  });
  app.post(
    '/api/procedure/complete/:id',
    {
      preValidation: authorize('update', 'Procedure'),
      schema: { tags, summary: 'Complete a planned procedure: its items are consumed from stock (FEFO) in one step; 409 when it is already completed', params: idParams, response: { 200: one, ...recordErrors } },
    },
    async (request) => {
      await check(request, 'update', (await findProcedure(db, request.params.id)).dentalPracticeId);
      await completeProcedure(db, actorOf(request), request.params.id);
      return { success: true as const, data: await presentProcedure(db, request.params.id) };
    },
  );
  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/procedure/update/procedure-item/:id',
    preValidation: authorize('update', 'Procedure'),
    schema: { tags, summary: 'Change one item’s quantity; the difference is consumed or given back', params: idParams, body: procedureItemUpdateBodySchema, response: { 200: one, ...recordErrors } },
    handler: async (request) => {
      const [item] = await db.select({ procedureId: procedureItems.procedureId }).from(procedureItems).where(eq(procedureItems.id, request.params.id));
      if (!item) throw new AppError('not_found');
      await check(request, 'update', (await findProcedure(db, item.procedureId)).dentalPracticeId);
      const row = await updateProcedureItem(db, actorOf(request), request.params.id, request.body.quantity);
      return { success: true as const, data: await presentProcedure(db, row.id) };
    },
  });
  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/procedure/delete/:id',
    preValidation: authorize('delete', 'Procedure'),
    schema: { tags, summary: 'Delete a procedure; what it consumed goes back to stock', params: idParams, response: { 204: z.null(), ...recordErrors } },
    handler: async (request, reply) => {
      await check(request, 'delete', (await findProcedure(db, request.params.id)).dentalPracticeId);
      await deleteProcedure(db, actorOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  });
}
