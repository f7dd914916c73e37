import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { oneStatement, type NamedWrite } from '../../core/sql-writes.ts';
import type { Tx } from '../../core/transaction.ts';

/**
 * An event's writes to the outbox, made in the transaction of the change that causes it (it commits with it or not
 * at all): the event, with one delivery row per active subscription that asked for this type and listens to the
 * practice: the practice's own and the organisation's (no practice). Each subscription is one row of the
 * subscribers, so it gets one delivery, never two (and the unique (subscription, event) index says so too). A
 * practice without such a subscription gets no row at all. They are named writes (`core/sql-writes.ts`), so a
 * command can send them inside its own last statement (a completion sends them with its movements) instead of a
 * round trip of their own. The payload is what the receivers get: `{ id, type, occurredAt, practice: { id, name },
 * data }`: an organisation receiver tells practices apart by it.
 */
export function webhookEventWrites(practiceId: number, type: WebhookEventType, data: Record<string, unknown>): NamedWrite[] {
  const uid = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
  const occurredAt = new Date().toISOString();
  const base = JSON.stringify({ id: uid, type, occurredAt, data });
  const subscribers = sql`select s.id from webhook_subscriptions s where (s.dental_practice_id = ${practiceId} or s.dental_practice_id is null) and s.status = 'active' and s.events @> ${JSON.stringify([type])}::jsonb`;
  return [
    [
      'webhook_event',
      sql`insert into webhook_events (uid, dental_practice_id, type, payload, occurred_at)
        select ${uid}, ${practiceId}, ${type},
          ${base}::jsonb || jsonb_build_object('practice', (select jsonb_build_object('id', p.id, 'name', p.name) from dental_practices p where p.id = ${practiceId})),
          ${occurredAt}::timestamptz
        where exists (${subscribers})
        returning id`,
    ],
    ['webhook_event_deliveries', sql`insert into webhook_deliveries (subscription_id, event_id) select subs.id, webhook_event.id from (${subscribers}) subs cross join webhook_event`],
  ];
}

/** Writes an event to the outbox in a statement of its own (`webhookEventWrites`). */
export async function emitWebhookEvent(tx: Tx | Database, practiceId: number, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
  await tx.execute(oneStatement(webhookEventWrites(practiceId, type, data))!);
}
