import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiTokenSchema, createApiTokenBodySchema, createdApiTokenSchema } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
import { abilityFor, authorize, requireUser } from '../../core/guards.ts';
import { idParams, oneOf, recordErrors as errors } from '../../core/route-schemas.ts';
import { createApiToken, listApiTokens, revokeApiToken } from './api-tokens.service.ts';

/**
 * API tokens (docs/integrations.md#api-tokens). These routes refuse a bearer token (session-hook.ts): only a person,
 * signed in, may create or revoke one.
 */
export default async function apiTokenRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const tags = ['api-tokens'];

  app.get(
    '/api/api-tokens',
    { preValidation: authorize('read', 'ApiToken'), schema: { tags, summary: 'API tokens the reader may see (never their secrets)', response: { 200: z.object({ data: z.array(apiTokenSchema) }), ...errors } } },
    async (request) => ({ data: await listApiTokens(db, await abilityFor(request), requireUser(request).user.id) }),
  );

  app.post(
    '/api/api-token/create',
    {
      preValidation: authorize('create', 'ApiToken'),
      schema: { tags, summary: 'Create an API token; its secret is in this answer only', body: createApiTokenBodySchema, response: { 201: createdApiTokenSchema, ...errors } },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const { token, secret } = await createApiToken(db, await abilityFor(request), { ...actorOf(request), userId: user.id }, request.body);
      return reply.status(201).send({ success: true as const, data: token, secret });
    },
  );

  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/api-token/revoke/:id',
    preValidation: authorize('delete', 'ApiToken'),
    schema: { tags, summary: 'Revoke an API token at once, on every server instance', params: idParams, response: { 200: oneOf(apiTokenSchema), ...errors } },
    handler: async (request) => {
      const { user } = requireUser(request);
      return { success: true as const, data: await revokeApiToken(db, await abilityFor(request), { ...actorOf(request), userId: user.id }, request.params.id) };
    },
  });
}
