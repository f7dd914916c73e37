import { bigint, bigserial, index, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { users } from './users.ts';

export const dentalPractices = pgTable(
  'dental_practices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 160 }).notNull(),
    code: varchar('code', { length: 32 }).notNull(),
    address: text('address'),
    phone: varchar('phone', { length: 40 }),
    email: varchar('email', { length: 254 }),
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    currency: varchar('currency', { length: 3 }).notNull().default('USD'),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [uniqueIndex('dental_practices_code_idx').on(t.code), index('dental_practices_name_idx').on(t.name)],
);

/** Which practices a user works in; practice-scoped rules are limited to these. */
export const userPractices = pgTable(
  'user_practices',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dentalPracticeId] }), index('user_practices_practice_idx').on(t.dentalPracticeId)],
);
