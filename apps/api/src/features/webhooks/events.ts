import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WebhookEventType } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import type { Tx } from '../../core/transaction.ts';

/**
 * Writes an event to the outbox, in the caller's transaction (the change that causes it commits with it or not
 * at all), with one delivery row per active subscription that asked for this type and listens to the practice:
 * the practice's own and the organisation's (no practice). Each subscription is one row of `subs`, so it gets one
 * delivery, never two (and the unique (subscription, event) index says so too). A practice without such a
 * subscription gets no row at all (one cheap read on the hot paths). The payload is what the receivers get:
 * `{ id, type, occurredAt, practice: { id, name }, data }`: an organisation receiver tells practices apart by it.
 */
export async function emitWebhookEvent(tx: Tx | Database, practiceId: number, type: WebhookEventType, data: Record<string, unknown>): Promise<void> {
  const uid = `evt_${crypto.randomUUID().replaceAll('-', '')}`;
  const occurredAt = new Date().toISOString();
  const base = JSON.stringify({ id: uid, type, occurredAt, data });
  await tx.execute(sql`
    with subs as (
      select s.id from webhook_subscriptions s
      where (s.dental_practice_id = ${practiceId} or s.dental_practice_id is null) and s.status = 'active' and s.events @> ${JSON.stringify([type])}::jsonb
    ), ev as (
      insert into webhook_events (uid, dental_practice_id, type, payload, occurred_at)
      select ${uid}, ${practiceId}, ${type},
        ${base}::jsonb || jsonb_build_object('practice', (select jsonb_build_object('id', p.id, 'name', p.name) from dental_practices p where p.id = ${practiceId})),
        ${occurredAt}::timestamptz
      where exists (select 1 from subs)
      returning id
    )
    insert into webhook_deliveries (subscription_id, event_id) select subs.id, ev.id from subs cross join ev`);
}
