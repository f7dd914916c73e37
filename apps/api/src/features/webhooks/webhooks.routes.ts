import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq, isNotNull, isNull, or } from 'drizzle-orm';
import { webhookBodySchema, webhookSchema, type Action } from '@enamel/contracts';
import { webhookDeliveries, webhookSubscriptions } from '@enamel/db';
import { actorOf } from '../../core/activity-log.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { inPractices, registerListRoute } from '../../core/list-route.ts';
import { canInEveryPractice, ensureOrganisationAccess, ensurePracticeAccess, practiceScope } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { policyOf } from './url-guard.ts';
import { webhookDeliveryList, webhookList } from './webhook.list.ts';
import { createWebhook, practiceOfBody, practiceOfWebhook, redeliver, subscriptionOfDelivery, rotateWebhookSecret, setWebhookStatus, updateWebhook, webhookDetail } from './webhook.service.ts';

const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const tags = ['webhooks'];

/**
 * Webhook subscriptions of a practice or of the organisation, and their delivery logs (docs/webhooks.md).
 * Permission: subject `Webhook` (read to see them, create/update/delete to change them); every call checks the
 * practice of the record, so another practice's subscriptions and deliveries are a 404. An organisation
 * subscription (no practice) carries every practice's events: it needs the right in every active practice
 * (canInEveryPractice), else it is a 404 (403 for a reader who may see it but not do the action).
 */
export default async function webhookRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const policy = policyOf(config);
  const one = oneOf(webhookSchema);
  const withSecret = one.extend({ secret: z.string() });

  async function check(request: FastifyRequest, action: Action, id: number) {
    const practiceId = await practiceOfWebhook(db, id);
    const ability = await abilityFor(request);
    if (practiceId === null) await ensureOrganisationAccess(db, ability, action, 'Webhook');
    else ensurePracticeAccess(ability, action, 'Webhook', practiceId);
  }
  const caller = async (request: FastifyRequest) => ({ actor: actorOf(request), ability: await abilityFor(request) });
  const present = async (id: number) => ({ success: true as const, data: await webhookDetail(db, id) });

  registerListRoute(app, {
    list: webhookList,
    guard: authorize('read', 'Webhook'),
    tags,
    summary:
      'Webhook subscriptions of the reader’s practices, and the organisation’s for a reader with the Webhook permission in every active practice (never their secrets); with dental_practice_id, those that receive that practice’s events (its own and the organisation’s)',
    query: { dental_practice_id: positiveId.optional() },
    scope: async (request) => {
      const ability = await abilityFor(request);
      const column = webhookSubscriptions.dentalPracticeId;
      const organisation = (await canInEveryPractice(db, ability, 'read', 'Webhook')) ? isNull(column) : undefined;
      const practice = request.query.dental_practice_id;
      if (practice !== undefined) {
        ensurePracticeAccess(ability, 'read', 'Webhook', practice);
        return or(eq(column, practice), organisation);
      }
      const practices = inPractices(column, practiceScope(ability, 'read', 'Webhook'));
      if (practices === undefined) return organisation ? undefined : isNotNull(column);
      return or(practices, organisation);
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

  const rights = z.object({ read: z.boolean(), create: z.boolean(), update: z.boolean(), delete: z.boolean() });
  app.get(
    '/api/webhook/organisation-rights',
    {
      preValidation: authorize('read', 'Webhook'),
      schema: { tags, summary: 'What the caller may do with organisation subscriptions (each needs the right in every active practice): what the screen offers', response: { 200: z.object({ success: z.literal(true), data: rights }), ...recordErrors } },
    },
    async (request) => {
      const ability = await abilityFor(request);
      const may = (action: Action) => canInEveryPractice(db, ability, action, 'Webhook');
      return { success: true as const, data: { read: await may('read'), create: await may('create'), update: await may('update'), delete: await may('delete') } };
    },
  );

  app.get('/api/webhook/:id', { preValidation: authorize('read', 'Webhook'), schema: { tags, summary: 'One webhook subscription (without its secret)', params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => {
    await check(request, 'read', request.params.id);
    return present(request.params.id);
  });

  app.post(
    '/api/webhook/create',
    {
      preValidation: authorize('create', 'Webhook'),
      schema: { tags, summary: 'Create a webhook subscription of a practice or (scope organisation) of the organisation; its secret is answered here, once (422 for a URL that is not allowed or a scope without/with a practice; 403 for an organisation subscription without the right in every active practice)', body: webhookBodySchema, response: { 201: withSecret, ...recordErrors } },
    },
    async (request, reply) => {
      const practiceId = practiceOfBody(request.body);
      // An organisation subscription's rights (every active practice) are checked in the write's transaction.
      if (practiceId !== null) ensurePracticeAccess(await abilityFor(request), 'create', 'Webhook', practiceId);
      const { id, secret } = await createWebhook(db, policy, await caller(request), practiceId, request.body);
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
      const practiceId = practiceOfBody(request.body);
      return present(await updateWebhook(db, policy, await caller(request), request.params.id, practiceId, request.body));
    },
  });

  const status = (verb: string, to: 'active' | 'inactive', summary: string) =>
    app.post(`/api/webhook/${verb}/:id`, { preValidation: authorize('delete', 'Webhook'), schema: { tags, summary, params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => {
      await check(request, 'delete', request.params.id);
      return present(await setWebhookStatus(db, await caller(request), request.params.id, to));
    });
  status('deactivate', 'inactive', 'Deactivate a webhook subscription (no more deliveries; restorable)');
  status('restore', 'active', 'Restore a webhook subscription (its failure count starts over)');

  app.post(
    '/api/webhook/rotate-secret/:id',
    { preValidation: authorize('update', 'Webhook'), schema: { tags, summary: 'A new secret for a webhook subscription, answered once; the old one stops signing at once', params: idParams, response: { 200: withSecret, ...recordErrors } } },
    async (request) => {
      await check(request, 'update', request.params.id);
      const secret = await rotateWebhookSecret(db, await caller(request), request.params.id);
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
      await redeliver(db, await caller(request), subscriptionId, request.params.id);
      return present(subscriptionId);
    },
  );
}
