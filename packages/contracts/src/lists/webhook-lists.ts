import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES, WEBHOOK_SCOPES } from '../webhooks.ts';
import { z } from 'zod';
import { createdAtField, idField, statusField } from './common-fields.ts';
import { LIST_PATHS } from './list-paths.ts';

/**
 * GET /api/admin/list/webhooks: the webhook subscriptions of the reader's practices, and the organisation's for a
 * reader with the Webhook permission in every active practice (never their secrets). An organisation
 * subscription has no practice (`dental_practice_id` and `dental_practice_name` null, `scope: 'organisation'`).
 */
export const webhookListContract = listContract({
  path: LIST_PATHS.webhook,
  fields: {
    id: idField,
    scope: col.enum(WEBHOOK_SCOPES, { sort: true, filter: true }),
    dental_practice_id: col.nullable(col.int({ filter: true })),
    dental_practice_name: col.nullable(col.text({ sort: true, filter: true, search: true })),
    name: col.text({ sort: true, filter: true, search: true }),
    url: col.text({ sort: true, filter: true, search: true }),
    events: col.field(z.array(z.enum(WEBHOOK_EVENT_TYPES))),
    status: statusField,
    /** Why it is inactive when the server turned it off ('failures'), else null. */
    disabled_reason: col.nullable(col.text({ filter: true })),
    consecutive_failures: col.int({ sort: true, filter: true }),
    owner_name: col.nullable(col.text({ sort: true, filter: true, search: true })),
    deliveries_failed: col.int({ sort: true, filter: true }),
    created_at: createdAtField,
  },
  defaultSort: { field: 'name', direction: 'asc' },
});
export const webhookSchema = webhookListContract.row;

/** GET /api/admin/list/webhook-deliveries?subscription_id=: one subscription's delivery log, newest first. */
export const webhookDeliveryListContract = listContract({
  path: LIST_PATHS.webhookDelivery,
  fields: {
    id: idField,
    subscription_id: col.int({ filter: true }),
    event_id: col.text({ filter: true, search: true }),
    event_type: col.enum(WEBHOOK_EVENT_TYPES, { sort: true, filter: true }),
    status: col.enum(WEBHOOK_DELIVERY_STATUSES, { sort: true, filter: true }),
    attempts: col.int({ sort: true, filter: true }),
    response_status: col.nullable(col.int({ sort: true, filter: true })),
    duration_ms: col.nullable(col.int({ sort: true, filter: true })),
    error: col.nullable(col.text({ search: true })),
    last_attempt_at: col.nullable(col.date({ sort: true, filter: true })),
    next_attempt_at: col.nullable(col.date({ sort: true, filter: true })),
    delivered_at: col.nullable(col.date({ sort: true, filter: true })),
    created_at: createdAtField,
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
});
export const webhookDeliverySchema = webhookDeliveryListContract.row;
