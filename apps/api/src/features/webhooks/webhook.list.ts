import { eq, sql } from 'drizzle-orm';
import { webhookDeliveryListContract, webhookListContract, type ListRow } from '@enamel/contracts';
import { dentalPractices, users, webhookDeliveries, webhookEvents, webhookSubscriptions } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type WebhookRow = ListRow<typeof webhookListContract>;

const id = sql.raw('"webhook_subscriptions"."id"');

/** Webhook subscriptions, the organisation's (no practice) among them (the route's scope names them); never the secret. */
export const webhookList = bindList(webhookListContract, {
  table: webhookSubscriptions,
  columns: {
    scope: sql<'practice' | 'organisation'>`case when ${webhookSubscriptions.dentalPracticeId} is null then 'organisation' else 'practice' end`,
    dental_practice_name: dentalPractices.name,
    owner_name: sql<string | null>`nullif(trim(${users.firstname} || ' ' || ${users.lastname}), '')`,
    deliveries_failed: sql<number>`(select count(*)::int from webhook_deliveries d where d.subscription_id = ${id} and d.status = 'failed')`,
  },
  extra: { events: webhookSubscriptions.events },
  joins: [
    { left: dentalPractices, on: eq(dentalPractices.id, webhookSubscriptions.dentalPracticeId) },
    { left: users, on: eq(users.id, webhookSubscriptions.ownerId) },
  ],
  tiebreaker: webhookSubscriptions.id,
});

/** One subscription's delivery log (the route's scope names the subscription). */
export const webhookDeliveryList = bindList(webhookDeliveryListContract, {
  table: webhookDeliveries,
  columns: {
    event_id: webhookEvents.uid,
    event_type: webhookEvents.type,
  },
  joins: [{ inner: webhookEvents, on: eq(webhookEvents.id, webhookDeliveries.eventId) }],
  tiebreaker: webhookDeliveries.id,
});
