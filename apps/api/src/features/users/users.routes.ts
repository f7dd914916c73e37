import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRow } from '@enamel/db';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { createUserBodySchema, deleteUserBodySchema, listQuerySchema, updateUserBodySchema, userSchema, type UpdateUserBody, userListContract } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
import { invalid } from '../../core/errors.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { listResponses, sendList } from '../../core/list-route.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors as errors } from '../../core/route-schemas.ts';
import { presentUser } from './user.presenter.ts';
import { createUser, deactivateUser, ensureUserVisible, findUser, updateUser, userActions } from './user.service.ts';
import { userList } from './users.list.ts';

const one = oneOf(userSchema);

export default async function userRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  /** A user as the reader sees them: only the practices in the reader's scope. */
  const present = async (request: FastifyRequest, row: UserRow) => ({
    success: true as const,
    data: await presentUser(db, row, await abilityFor(request)),
  });

  app.get(
    '/api/admin/list/users',
    { preValidation: authorize('read', 'User'), schema: { tags: ['users'], summary: 'Users (server-mode list)', querystring: listQuerySchema, response: listResponses(userListContract) } },
    async (request, reply) => {
      const ability = await abilityFor(request);
      const scope = practiceScope(ability, 'read', 'User');
      const ids = scope === 'all' ? null : scope.length ? scope : [-1];
      const where = ids ? sql`exists (select 1 from user_practices up where up.user_id = "users"."id" and up.dental_practice_id in ${ids})` : undefined;
      const list = userList(scope);
      // A JSON page also says, per user, whether the reader may change or deactivate them.
      return sendList(request, reply, list, where, async (rows) => {
        const actions = await userActions(db, ability, rows.map((row) => row.id));
        return rows.map((row) => ({ ...row, ...actions.get(row.id) }));
      });
    },
  );

  app.get(
    '/api/user/:id',
    { preValidation: authorize('read', 'User'), schema: { tags: ['users'], summary: 'One user', params: idParams, response: { 200: one, ...errors } } },
    async (request) => {
      await ensureUserVisible(db, await abilityFor(request), request.params.id);
      return present(request, await findUser(db, request.params.id));
    },
  );

  app.post(
    '/api/user/create',
    { preValidation: authorize('create', 'User'), schema: { tags: ['users'], summary: 'Create a user with roles and practices', body: createUserBodySchema, response: { 201: one, ...errors } } },
    async (request, reply) => {
      const row = await createUser(db, await abilityFor(request), actorOf(request), request.body);
      return reply.status(201).send(await present(request, row));
    },
  );

  async function update(request: FastifyRequest, id: number | undefined, body: UpdateUserBody) {
    if (!id) throw invalid('id', 'validation.required');
    const ability = await abilityFor(request);
    await ensureUserVisible(db, ability, id);
    return present(request, await updateUser(db, ability, actorOf(request), id, body));
  }
  const updateSchema = { tags: ['users'], summary: 'Update a user (password optional)', body: updateUserBodySchema, response: { 200: one, ...errors } };
  app.route({ method: ['POST', 'PUT', 'PATCH'], url: '/api/user/update', preValidation: authorize('update', 'User'), schema: updateSchema, handler: (request) => update(request, request.body.id, request.body) });
  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/user/update/:id',
    preValidation: authorize('update', 'User'),
    schema: { ...updateSchema, params: idParams },
    handler: (request) => update(request, request.params.id, request.body),
  });

  async function remove(request: FastifyRequest, id: number) {
    const ability = await abilityFor(request);
    await ensureUserVisible(db, ability, id);
    return present(request, await deactivateUser(db, ability, actorOf(request), id));
  }
  app.post(
    '/api/user/delete',
    { preValidation: authorize('delete', 'User'), schema: { tags: ['users'], summary: 'Deactivate a user and end their sessions', body: deleteUserBodySchema, response: { 200: one, ...errors } } },
    (request) => remove(request, request.body.id),
  );
  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/user/delete/:id',
    preValidation: authorize('delete', 'User'),
    schema: { tags: ['users'], summary: 'Deactivate a user and end their sessions', params: idParams, response: { 200: one, ...errors } },
    handler: (request) => remove(request, request.params.id),
  });
}
