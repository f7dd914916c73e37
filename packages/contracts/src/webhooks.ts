import { z } from 'zod';
import { STATUSES } from './dental-practices.ts';
import { idSchema } from './values.ts';

/** The events a webhook may subscribe to (docs/webhooks.md#events). */
export const WEBHOOK_EVENT_TYPES = [
  'procedure.completed',
  'procedure.amended',
  'procedure.deleted',
  'stock.low',
  'lot.expiring',
  'stock.out_predicted',
  'forecast.run_finished',
  'purchase_order.sent',
  'purchase_order.received',
  'stock_take.approved',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A delivery's state: waiting for its (next) try, being sent, delivered, or given up after 24 h of retries. */
export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** Whom a subscription listens to: one practice, or the organisation (every practice, those created later too). */
export const WEBHOOK_SCOPES = ['practice', 'organisation'] as const;
export type WebhookScope = (typeof WEBHOOK_SCOPES)[number];

/**
 * POST /api/webhook/create and /api/webhook/update/{id} (the whole record). The URL is checked by the server as
 * well: https outside development, and no private, loopback, link-local or metadata address (after resolving its
 * name). `scope` (default `practice`) says whom it listens to: a practice subscription names its
 * `dental_practice_id`; an organisation subscription has none (null or left out) and needs the Webhook permission
 * in every active practice. The server answers 422 on `dental_practice_id` for a combination that does not fit;
 * the scope and the practice of a subscription do not change once it is made.
 */
export const webhookBodySchema = z.strictObject({
  scope: z.enum(WEBHOOK_SCOPES).optional(),
  dental_practice_id: idSchema.nullable().optional(),
  name: z.string().trim().min(1).max(120),
  url: z.url({ protocol: /^https?$/ }).max(2048),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)).min(1).max(WEBHOOK_EVENT_TYPES.length),
  status: z.enum(STATUSES).optional(),
});
export type WebhookBody = z.input<typeof webhookBodySchema>;

/** The secret, answered once: when the subscription is made and when it is rotated. */
export const webhookSecretSchema = z.object({ secret: z.string() });
