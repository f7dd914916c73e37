import { sql } from 'drizzle-orm';
import { timestamp } from 'drizzle-orm/pg-core';

/** created_at / updated_at on every mutable table. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => sql`now()`),
};

export const STATUSES = ['active', 'inactive'] as const;
export type Status = (typeof STATUSES)[number];
