import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  deleteExternalQuerySchema, procedureAmendBodySchema, procedureBodySchema, procedureDetailSchema, procedureItemUpdateBodySchema, procedureTemplateLinesQuerySchema, procedureTemplateLinesSchema, type Action,
} from '@enamel/contracts';
import { procedures } from '@enamel/db';
import { dbOf } from '../../core/idempotency.ts';
import { actorOf } from '../../core/activity-log.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { canInPractice, ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { amendProcedure, amendProcedureItem, completeProcedure, deleteExternalProcedure, deleteProcedure, recordProcedure, type Caller } from './procedure-commands.ts';
import { AppError } from '../../core/errors.ts';
import { templateLines } from './procedure-lines.ts';
import { procedureList } from './procedure.list.ts';
import { presentProcedure } from './procedure.presenter.ts';

const one = oneOf(procedureDetailSchema);
const tags = ['procedures'];

/**
 * Every write is one command (procedure-commands.ts): the caller's rights on the procedure's practice
 * are checked inside its transaction, and the answer is the procedure as it now stands, so a screen
 * needs no second request to show the result.
 */
export default async function procedureRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const check = async (request: FastifyRequest, action: Action, practiceId: number) => ensurePracticeAccess(await abilityFor(request), action, 'Procedure', practiceId);
  const callerOf = async (request: FastifyRequest, action: Action): Promise<Caller> => {
    const ability = await abilityFor(request);
    return { actor: actorOf(request), guard: (practiceId) => ensurePracticeAccess(ability, action, 'Procedure', practiceId) };
  };
  /**
   * The procedure as it stands (also the answer of every command), in one statement: the caller's right to read its practice is
   * checked on the row read before anything is presented (404 otherwise), and its on-hand shows only to who may read stock there.
   */
  const detail = async (request: FastifyRequest, id: number) => {
    const ability = await abilityFor(request);
    const access = (practiceId: number) => {
      ensurePracticeAccess(ability, 'read', 'Procedure', practiceId);
      return canInPractice(ability, 'read', 'Inventory', practiceId);
    };
    return { success: true as const, data: await presentProcedure(dbOf(request), id, access) };
  };

  registerListRoute(app, {
    list: procedureList,
    guard: authorize('read', 'Procedure'),
    tags,
    summary: 'Procedures of one practice with their consumable cost',
    query: { dental_practice_id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) },
    scope: async (request) => {
      await check(request, 'read', request.query.dental_practice_id);
      return eq(procedures.dentalPracticeId, request.query.dental_practice_id);
    },
  });
  app.get('/api/procedure/:id', { preValidation: authorize('read', 'Procedure'), schema: { tags, summary: 'One procedure: items (with catalog unit cost and on-hand), lots consumed, movements', params: idParams, response: { 200: one, ...recordErrors } } }, (request) =>
    detail(request, request.params.id),
  );
  app.get('/api/procedure-detail', { preValidation: authorize('read', 'Procedure'), schema: { tags, summary: 'One procedure (the detail call, id in the query)', querystring: idParams, response: { 200: one, ...recordErrors } } }, (request) =>
    detail(request, request.query.id),
  );
  app.get(
    '/api/procedure/template-lines',
    {
      preValidation: authorize('read', 'ProcedureTemplate'),
      schema: { tags, summary: 'The lines a template gives a procedure of one practice: quantity, catalog unit cost and on-hand of each product', querystring: procedureTemplateLinesQuerySchema, response: { 200: oneOf(procedureTemplateLinesSchema), ...recordErrors } },
    },
    async (request) => {
      const ability = await abilityFor(request);
      const { dental_practice_id: practiceId, procedure_template_id: templateId } = request.query;
      ensurePracticeAccess(ability, 'read', 'Procedure', practiceId);
      return { success: true as const, data: await templateLines(dbOf(request), templateId, practiceId, canInPractice(ability, 'read', 'Inventory', practiceId)) };
    },
  );

  app.post(
    '/api/procedure/create',
    { config: { idempotent: true }, preValidation: authorize('create', 'Procedure'), schema: { tags, summary: 'Record a procedure (command): a completed one consumes its items from stock (FEFO) in the same transaction', body: procedureBodySchema, response: { 201: one, ...recordErrors } } },
    async (request, reply) => {
      const row = await recordProcedure(dbOf(request), await callerOf(request, 'create'), request.body);
      return reply.status(201).send(await detail(request, row.id));
    },
  );
  app.patch(
    '/api/procedure/:id',
    {
      config: { idempotent: true },
      preValidation: authorize('update', 'Procedure'),
      schema: { tags, summary: 'Amend a procedure (command): only the fields sent change; a completed one’s stock follows its items (differences consumed or given back)', params: idParams, body: procedureAmendBodySchema, response: { 200: one, ...recordErrors } },
    },
    async (request) => {
      await amendProcedure(dbOf(request), await callerOf(request, 'update'), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  );
  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/procedure/update/:id',
    config: { idempotent: true },
    preValidation: authorize('update', 'Procedure'),
    schema: { tags, summary: 'Change a procedure (an update is the whole record: fields left out are cleared); stock follows', params: idParams, body: procedureBodySchema, response: { 200: one, ...recordErrors } },
    handler: async (request) => {
      await amendProcedure(dbOf(request), await callerOf(request, 'update'), request.params.id, request.body);
      return detail(request, request.params.id);
    },
  });
  app.post(
    '/api/procedure/complete/:id',
    {
      config: { idempotent: true },
      preValidation: authorize('update', 'Procedure'),
      schema: { tags, summary: 'Complete a planned procedure (command): its items are consumed from stock (FEFO) in one step; 409 when it is already completed', params: idParams, response: { 200: one, ...recordErrors } },
    },
    async (request) => {
      await completeProcedure(dbOf(request), await callerOf(request, 'update'), request.params.id);
      return detail(request, request.params.id);
    },
  );
  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/procedure/update/procedure-item/:id',
    config: { idempotent: true },
    preValidation: authorize('update', 'Procedure'),
    schema: { tags, summary: 'Change one item’s quantity; the difference is consumed or given back', params: idParams, body: procedureItemUpdateBodySchema, response: { 200: one, ...recordErrors } },
    handler: async (request) => {
      const row = await amendProcedureItem(dbOf(request), await callerOf(request, 'update'), request.params.id, request.body.quantity);
      return detail(request, row.id);
    },
  });
  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/procedure/delete/:id',
    config: { idempotent: true },
    preValidation: authorize('delete', 'Procedure'),
    schema: { tags, summary: 'Delete a procedure (command); what it consumed goes back to stock', params: idParams, response: { 204: z.null(), ...recordErrors } },
    handler: async (request, reply) => {
      await deleteProcedure(dbOf(request), await callerOf(request, 'delete'), request.params.id);
      return reply.status(204).send(null);
    },
  });
  app.delete(
    '/api/procedure/external',
    {
      preValidation: authorize('delete', 'Procedure'),
      schema: { tags, summary: 'Delete the procedure a practice holds under a source system’s id (deleted at the source); what it consumed goes back to stock', querystring: deleteExternalQuerySchema, response: { 204: z.null(), ...recordErrors } },
    },
    async (request, reply) => {
      const { dental_practice_id: practiceId, external_source: source, external_id: externalId } = request.query;
      if (!(await deleteExternalProcedure(dbOf(request), await callerOf(request, 'delete'), practiceId, source, externalId))) throw new AppError('not_found');
      return reply.status(204).send(null);
    },
  );
}
