import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { dentalPractices } from './dental-practices.ts';
import { users } from './users.ts';

/**
 * In-app notifications (the bell). A stock alert is one notification per user, practice, kind and subject
 * (`key`: a product or a lot) for as long as its condition lasts: `cleared_at` is set when the condition
 * clears, and only then may the same alert be raised again. Reading it does not raise it again.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' }).references(() => dentalPractices.id, { onDelete: 'cascade' }),
    /** low_stock, expiring_lot or stockout_predicted (contracts: ALERT_KINDS). */
    kind: varchar('kind', { length: 32 }).notNull(),
    /** What the alert is about within the practice: `product:12`, `lot:40`. */
    key: varchar('key', { length: 64 }).notNull(),
    /** The message's parameters (product name, quantities, dates), translated when read. */
    params: jsonb('params').$type<Record<string, string | number>>().notNull(),
    /** Where the notification leads in the app. */
    link: varchar('link', { length: 255 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // One alert per episode: at most one not-cleared notification per user, practice, kind and key.
    uniqueIndex('notifications_open_idx').on(t.userId, t.dentalPracticeId, t.kind, t.key).where(sql`cleared_at is null`),
  ],
);
