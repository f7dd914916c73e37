import { sql } from 'drizzle-orm';
import { check, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** The organisation's settings: one row (id 1), created with the defaults on first change. */
export const organisationSettings = pgTable(
  'organisation_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** The currency of catalog prices (ISO 4217). */
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('organisation_settings_one_row', sql`${t.id} = 1`)],
);
