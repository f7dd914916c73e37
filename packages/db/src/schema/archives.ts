import { bigint, bigserial, customType, index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Raw bytes (the archive's gzip). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Activity-log entries moved out of the live table: a gzipped NDJSON batch per row, in the database so any
 * instance can serve it. The live rows are deleted in the transaction that writes the archive.
 */
export const activityLogArchives = pgTable(
  'activity_log_archives',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The oldest and newest entry in it. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    firstId: bigint('first_id', { mode: 'number' }).notNull(),
    lastId: bigint('last_id', { mode: 'number' }).notNull(),
    rowCount: integer('row_count').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** SHA-256 of the gzip, hex. */
    checksum: varchar('checksum', { length: 64 }).notNull(),
    content: bytea('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('activity_log_archives_period_idx').on(t.periodStart, t.id)],
);
