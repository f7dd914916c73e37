import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { oneStatement, type NamedWrite } from '../../core/sql-writes.ts';
import type { Tx } from '../../core/transaction.ts';

export interface WebhookEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/**
 * Events' writes to the outbox, made in the transaction of the change that causes it (it commits with it or not
 * at all): the events, in their order, each with one delivery row per active subscription that asked for this type and listens to the
 * practice: the practice's own and the organisation's (no practice). Each subscription is one row of the
 * subscribers, so it gets one delivery, never two (and the unique (subscription, event) index says so too). A
 * practice without such a subscription gets no row at all. They are named writes (`core/sql-writes.ts`), so a
 * command can send them inside its own last statement (a completion sends them with its movements) instead of a
 * round trip of their own. The payload is what the receivers get: `{ id, type, occurredAt, practice: { id, name },
 * data }`: an organisation receiver tells practices apart by it.
 */
export function webhookEventWrites(practiceId: number, events: readonly WebhookEvent[]): NamedWrite[] {
  if (events.length === 0) return [];
  const occurredAt = new Date().toISOString();
  const values = sql.join(
    events.map(({ type, data }, i) => {
      const uid = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
      return sql`(${i}::int, ${uid}::text, ${type}::text, ${JSON.stringify({ id: uid, type, occurredAt, data })}::jsonb)`;
    }),
    sql`, `,
  );
  const subscribers = sql`select s.id, s.events from webhook_subscriptions s where (s.dental_practice_id = ${practiceId} or s.dental_practice_id is null) and s.status = 'active'`;
  return [
    [
      'webhook_event',
      sql`insert into webhook_events (uid, dental_practice_id, type, payload, occurred_at)
        select v.uid, ${practiceId}, v.type,
          v.base || jsonb_build_object('practice', (select jsonb_build_object('id', p.id, 'name', p.name) from dental_practices p where p.id = ${practiceId})),
          ${occurredAt}::timestamptz
        from (values ${values}) as v(n, uid, type, base)
        where exists (select 1 from (${subscribers}) subs where subs.events @> jsonb_build_array(v.type))
        order by v.n
        returning id, type`,
    ],
    [
      'webhook_event_deliveries',
      sql`insert into webhook_deliveries (subscription_id, event_id)
        select subs.id, webhook_event.id from webhook_event join (${subscribers}) subs on subs.events @> jsonb_build_array(webhook_event.type) order by webhook_event.id, subs.id`,
    ],
  ];
}

/** Writes an event to the outbox in a statement of its own (`webhookEventWrites`). */
export async function emitWebhookEvent(tx: Tx | Database, practiceId: number, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
  await emitWebhookEvents(tx, practiceId, [{ type, data }]);
}

/** Several events of one practice (a sync batch), in their order, in one statement. */
export async function emitWebhookEvents(tx: Tx | Database, practiceId: number, events: readonly WebhookEvent[]): Promise<void> {
  const statement = oneStatement(webhookEventWrites(practiceId, events));
  if (statement) await tx.execute(statement);
}
