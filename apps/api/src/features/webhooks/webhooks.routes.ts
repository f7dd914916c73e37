import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { webhookBodySchema, webhookSchema, type Action } from '@enamel/contracts';
import { webhookDeliveries, webhookSubscriptions } from '@enamel/db';
import { actorOf } from '../../core/activity-log.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { readerScope, registerListRoute } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { policyOf } from './url-guard.ts';
import { webhookDeliveryList, webhookList } from './webhook.list.ts';
import { createWebhook, practiceOfWebhook, redeliver, subscriptionOfDelivery, rotateWebhookSecret, setWebhookStatus, updateWebhook, webhookDetail } from './webhook.service.ts';

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const tags = ['webhooks'];

/**
 * Webhook subscriptions of a practice and their delivery logs (docs/webhooks.md). Permission: subject `Webhook`
 * (read to see them, create/update/delete to change them); every call checks the practice of the record, so
 * another practice's subscriptions and deliveries are a 404.
 */
export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const policy = policyOf(config);
  const one = oneOf(webhookSchema);
  const withSecret = one.extend({ secret: z.string() });

  async function check(request: FastifyRequest, action: Action, id: number) {
    ensurePracticeAccess(await abilityFor(request), action, 'Webhook', await practiceOfWebhook(db, id));
  }
  const present = async (id: number) => ({ success: true as const, data: await webhookDetail(db, id) });

  registerListRoute(app, {
    list: webhookList,
    guard: authorize('read', 'Webhook'),
    tags,
    summary: 'Webhook subscriptions of the reader’s practices (never their secrets)',
    query: { dental_practice_id: positiveId.optional() },
    scope: async (request) => {
      const practice = request.query.dental_practice_id;
      if (practice !== undefined) {
        ensurePracticeAccess(await abilityFor(request), 'read', 'Webhook', practice);
        return eq(webhookSubscriptions.dentalPracticeId, practice);
      }
      return readerScope(webhookSubscriptions.dentalPracticeId, 'read', 'Webhook')(request);
    },
  });

  registerListRoute(app, {
    list: webhookDeliveryList,
    guard: authorize('read', 'Webhook'),
    tags,
    summary: 'The delivery log of one webhook subscription (status, response code, duration, attempts, next try)',
    query: { subscription_id: positiveId },
    scope: async (request) => {
      await check(request, 'read', request.query.subscription_id);
      return eq(webhookDeliveries.subscriptionId, request.query.subscription_id);
    },
  });

  app.get('/api/webhook/:id', { preValidation: authorize('read', 'Webhook'), schema: { tags, summary: 'One webhook subscription (without its secret)', params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => {
    await check(request, 'read', request.params.id);
    return present(request.params.id);
  });

  app.post(
    '/api/webhook/create',
    {
      preValidation: authorize('create', 'Webhook'),
      schema: { tags, summary: 'Create a webhook subscription; its secret is answered here, once (422 for a URL that is not allowed)', body: webhookBodySchema, response: { 201: withSecret, ...recordErrors } },
    },
    async (request, reply) => {
      ensurePracticeAccess(await abilityFor(request), 'create', 'Webhook', request.body.dental_practice_id);
      const { id, secret } = await createWebhook(db, policy, actorOf(request), request.body);
      return reply.status(201).send({ ...(await present(id)), secret });
    },
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/webhook/update/:id',
    preValidation: authorize('update', 'Webhook'),
    schema: { tags, summary: 'Update a webhook subscription (the whole record)', params: idParams, body: webhookBodySchema, response: { 200: one, ...recordErrors } },
    handler: async (request) => {
      await check(request, 'update', request.params.id);
      return present(await updateWebhook(db, policy, actorOf(request), request.params.id, request.body));
    },
  });

  const status = (verb: string, to: 'active' | 'inactive', summary: string) =>
    app.post(`/api/webhook/${verb}/:id`, { preValidation: authorize('delete', 'Webhook'), schema: { tags, summary, params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => {
      await check(request, 'delete', request.params.id);
      return present(await setWebhookStatus(db, actorOf(request), request.params.id, to));
    });
  status('deactivate', 'inactive', 'Deactivate a webhook subscription (no more deliveries; restorable)');
  status('restore', 'active', 'Restore a webhook subscription (its failure count starts over)');

  app.post(
    '/api/webhook/rotate-secret/:id',
    { preValidation: authorize('update', 'Webhook'), schema: { tags, summary: 'A new secret for a webhook subscription, answered once; the old one stops signing at once', params: idParams, response: { 200: withSecret, ...recordErrors } } },
    async (request) => {
      await check(request, 'update', request.params.id);
      const secret = await rotateWebhookSecret(db, actorOf(request), request.params.id);
      return { ...(await present(request.params.id)), secret };
    },
  );

  app.post(
    '/api/webhook-delivery/redeliver/:id',
    {
      preValidation: authorize('update', 'Webhook'),
      schema: { tags, summary: 'Send one delivery again now (409 while it is being sent); answers its subscription', params: idParams, response: { 200: one, ...recordErrors } },
    },
    async (request) => {
      const subscriptionId = await subscriptionOfDelivery(db, request.params.id);
      await check(request, 'update', subscriptionId);
      await redeliver(db, actorOf(request), subscriptionId, request.params.id);
      return present(subscriptionId);
    },
  );
}
