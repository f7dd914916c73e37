import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { dentalPractices } from './dental-practices.ts';
import { users } from './users.ts';

/**
 * A webhook subscription of one practice, or of the organisation when `dental_practice_id` is null (then it gets the
 * events of every practice; migrations 0029 and 0032, docs/webhooks.md): where to POST which events, and the
 * secret their signature is made with. The secret is kept as it is (the server must sign with it); the API shows
 * it once, when made or rotated. `consecutive_failures` counts events whose every retry failed in a row: at the
 * limit the subscription is deactivated (`disabled_reason: 'failures'`) and its owner notified.
 */
export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Null: an organisation subscription (every practice's events). */
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' }).references(() => dentalPractices.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 120 }).notNull(),
    url: varchar('url', { length: 2048 }).notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: varchar('secret', { length: 128 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    disabledReason: varchar('disabled_reason', { length: 32 }),
    ...timestamps,
  },
  (t) => [
    index('webhook_subscriptions_practice_idx').on(t.dentalPracticeId, t.status),
    index('webhook_subscriptions_organisation_idx').on(t.status).where(sql`${t.dentalPracticeId} is null`),
    check('webhook_subscriptions_status', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/** The outbox: one row per event, written in the transaction of the change that causes it. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The public id of the event (`evt_…`), also the payload's `id`. */
    uid: varchar('uid', { length: 40 }).notNull(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 48 }).notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webhook_events_uid_idx').on(t.uid), index('webhook_events_practice_idx').on(t.dentalPracticeId, t.occurredAt)],
);

/**
 * One event for one subscription: made with the event (same transaction), unique per (subscription, event), claimed
 * by one worker at a time (`FOR UPDATE SKIP LOCKED`, `locked_until`). Its last attempt is kept on the row (the
 * delivery log): status, response code, duration, attempts, next try.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    subscriptionId: bigint('subscription_id', { mode: 'number' })
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** pending (waiting for its next try), sending (claimed), succeeded, failed (given up). */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    responseStatus: integer('response_status'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_subscription_event_idx').on(t.subscriptionId, t.eventId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`status in ('pending', 'sending')`),
    index('webhook_deliveries_event_idx').on(t.eventId),
    check('webhook_deliveries_status', sql`${t.status} in ('pending', 'sending', 'succeeded', 'failed')`),
  ],
);
