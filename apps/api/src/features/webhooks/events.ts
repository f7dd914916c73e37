import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import type { Tx } from '../../core/transaction.ts';

/**
 * Writes an event to the outbox, in the caller's transaction (the change that causes it commits with it or not
 * at all), with one delivery row per active subscription of the practice that asked for this type. A practice
 * without such a subscription gets no row at all (one cheap read on the hot paths). The payload is what the
 * receivers get: `{ id, type, occurredAt, practice: { id, name }, data }`.
 */
export async function emitWebhookEvent(tx: Tx | Database, practiceId: number, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
  await emitWebhookEvents(tx, practiceId, [{ type, data }]);
}

/** `emitWebhookEvent` for several events of one practice (a sync batch), in their order, in one statement. */
export async function emitWebhookEvents(tx: Tx | Database, practiceId: number, events: ReadonlyArray<{ type: WebhookEventType; data: Record<string, unknown> }>): Promise<void> {
  if (events.length === 0) return;
  const occurredAt = new Date().toISOString();
  const values = sql.join(
    events.map(({ type, data }, i) => {
      const uid = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
      return sql`(${i}::int, ${uid}::text, ${type}::text, ${JSON.stringify({ id: uid, type, occurredAt, data })}::jsonb)`;
    }),
    sql`, `,
  );
  await tx.execute(sql`
    with subs as (
      select s.id, s.events from webhook_subscriptions s
      where s.dental_practice_id = ${practiceId} and s.status = 'active'
    ), ev as (
      insert into webhook_events (uid, dental_practice_id, type, payload, occurred_at)
      select v.uid, ${practiceId}, v.type,
        v.base || jsonb_build_object('practice', (select jsonb_build_object('id', p.id, 'name', p.name) from dental_practices p where p.id = ${practiceId})),
        ${occurredAt}::timestamptz
      from (values ${values}) as v(n, uid, type, base)
      where exists (select 1 from subs where subs.events @> jsonb_build_array(v.type))
      order by v.n
      returning id, type
    )
    insert into webhook_deliveries (subscription_id, event_id) select subs.id, ev.id from ev join subs on subs.events @> jsonb_build_array(ev.type) order by ev.id, subs.id`);
}
