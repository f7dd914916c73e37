import { bigint, bigserial, index, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from './users.ts';
import { roles } from './roles.ts';
import { dentalPractices } from './dental-practices.ts';

/**
 * API tokens of integrations (docs/integrations.md#api-tokens). `tokenHash` is the SHA-256 of the secret, never the
 * secret itself; `prefix` its first characters, shown so a person can tell tokens apart.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 100 }).notNull(),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    prefix: varchar('prefix', { length: 16 }).notNull(),
    roleId: bigint('role_id', { mode: 'number' }).references(() => roles.id, { onDelete: 'set null' }),
    createdBy: bigint('created_by', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    lastUsedIp: varchar('last_used_ip', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedBy: bigint('revoked_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('api_tokens_created_by_idx').on(t.createdBy)],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;

/** The practices a token acts in. */
export const apiTokenPractices = pgTable(
  'api_token_practices',
  {
    apiTokenId: bigint('api_token_id', { mode: 'number' }).notNull().references(() => apiTokens.id, { onDelete: 'cascade' }),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' }).notNull().references(() => dentalPractices.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.apiTokenId, t.dentalPracticeId] }), index('api_token_practices_practice_idx').on(t.dentalPracticeId)],
);
