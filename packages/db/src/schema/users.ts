import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';

export const users = pgTable(
  'users',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    firstname: varchar('firstname', { length: 120 }).notNull().default(''),
    lastname: varchar('lastname', { length: 120 }).notNull().default(''),
    email: varchar('email', { length: 254 }).notNull(),
    passwordHash: text('password_hash').notNull(),
    locale: varchar('locale', { length: 8 }).notNull().default('en'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    /** The e-mail digest of unread notifications: off, daily or weekly (chosen in Profile). */
    digest: varchar('digest', { length: 8 }).notNull().default('off'),
    /** When the last digest was sent (the next one covers what came after). */
    digestSentAt: timestamp('digest_sent_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`), index('users_status_idx').on(t.status)],
);
export type UserRow = typeof users.$inferSelect;
