import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * Every write and every sign-in event: who, when, practice, action, subject, before/after, IP.
 * No foreign keys: the log outlives the users and practices it mentions.
 */
export const activityLogs = pgTable(
  'activity_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' }),
    userEmail: varchar('user_email', { length: 254 }),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' }),
    action: varchar('action', { length: 32 }).notNull(),
    subject: varchar('subject', { length: 40 }).notNull(),
    subjectId: varchar('subject_id', { length: 64 }),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    ip: varchar('ip', { length: 64 }),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list engine orders by `col ASC NULLS FIRST, id` (or exactly the reverse), so sortable
  // columns are indexed in that order with the id: a page is read off the index, never sorted.
  // Equality filters compare lower(col), hence the expression indexes.
  (t) => [
    index('activity_logs_created_id_idx').on(t.createdAt.asc().nullsFirst(), t.id),
    index('activity_logs_subject_idx').on(t.subject, t.subjectId),
    index('activity_logs_user_id_idx').on(t.userId.asc().nullsFirst(), t.id),
    index('activity_logs_practice_id_idx').on(t.dentalPracticeId.asc().nullsFirst(), t.id),
    index('activity_logs_user_email_id_idx').on(t.userEmail.asc().nullsFirst(), t.id),
    index('activity_logs_action_lower_idx').on(sql`lower(${t.action})`),
    index('activity_logs_subject_lower_idx').on(sql`lower(${t.subject})`),
  ],
);
