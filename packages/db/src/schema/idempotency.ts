import { bigint, index, integer, pgTable, primaryKey, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The first answer of a write sent with an `Idempotency-Key` header, kept 24 hours (apps/api/src/core/idempotency.ts).
 * Keyed by the acting principal (`user:<id>`, later `token:<id>`), the practice the request names (0 when it names
 * none: the record's own practice is checked by the route) and the key. Written in the write's own transaction.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    principal: varchar('principal', { length: 100 }).notNull(),
    practiceId: bigint('practice_id', { mode: 'number' }).notNull().default(0),
    key: varchar('key', { length: 255 }).notNull(),
    /** "POST /api/procedure/create": the same key on another route is refused. */
    route: varchar('route', { length: 300 }).notNull(),
    /** SHA-256 (hex) of the request's path parameters, query and body. */
    fingerprint: varchar('fingerprint', { length: 64 }).notNull(),
    statusCode: integer('status_code'),
    /** The answer's JSON, as text (key order kept). */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pkey', columns: [t.principal, t.practiceId, t.key] }), index('idempotency_keys_created_at_idx').on(t.createdAt)],
);
