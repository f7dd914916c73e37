import { bigint, bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { dentalPractices } from './dental-practices.ts';
import { users } from './users.ts';

/**
 * The reports a user exported (the Reports list's recent exports): which report of which practice, the filters
 * as applied (so Generate re-opens the same report), the names of the chosen category, brand, product or code at
 * that moment, the format and how many rows. Only the latest ones per user are kept.
 */
export const reportExports = pgTable(
  'report_exports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    /** A report id (contracts: REPORT_IDS). */
    report: varchar('report', { length: 40 }).notNull(),
    /** csv, xlsx or pdf. */
    format: varchar('format', { length: 8 }).notNull(),
    filters: jsonb('filters').$type<Record<string, string>>().notNull(),
    filterNames: jsonb('filter_names').$type<Record<string, string>>().notNull(),
    rowCount: integer('row_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('report_exports_user_created_idx').on(t.userId, t.createdAt), index('report_exports_practice_idx').on(t.dentalPracticeId)],
);
