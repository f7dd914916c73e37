import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, customType, index, integer, jsonb, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { dentalPractices } from './dental-practices.ts';
import { users } from './users.ts';

/**
 * The reports a user exported (the Reports list's recent exports): which report of which practice, the filters
 * as applied (so Generate re-opens the same report), the names of the chosen category, brand, product or code at
 * that moment, the format and how many rows. Only the latest ones per user are kept.
 *
 * A large export is prepared in the background (`background`): queued, then running with `rows_written` of
 * `row_count` as it goes, then succeeded with its file in report_export_files (any instance can serve it) until
 * `expires_at`, or failed with a message key. A direct download is recorded as succeeded, without a file.
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
    /** Prepared in the background (a job) rather than downloaded as it was read. */
    background: boolean('background').notNull().default(false),
    /** queued, running, succeeded, failed. */
    status: varchar('status', { length: 16 }).notNull().default('succeeded'),
    /** The reader's language, which the job writes XLSX and PDF files in. */
    locale: varchar('locale', { length: 8 }),
    /** Report, practice, format and filters as one text: an identical request while this one runs gets this one. */
    requestKey: varchar('request_key', { length: 64 }),
    rowsWritten: integer('rows_written').notNull().default(0),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Why it failed, as a message key and its parameters. */
    failure: varchar('failure', { length: 120 }),
    failureParams: jsonb('failure_params').$type<Record<string, string | number>>(),
    /** Updated while the job runs: a stale beat means the process running it is gone. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When its file is removed (the scheduler's clean-up job). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    index('report_exports_user_created_idx').on(t.userId, t.createdAt),
    index('report_exports_practice_idx').on(t.dentalPracticeId),
    uniqueIndex('report_exports_active_request_idx')
      .on(t.userId, t.requestKey)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/** Raw bytes. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A background export's file, in parts of at most a megabyte written as it is made and read back in order. */
export const reportExportFiles = pgTable(
  'report_export_files',
  {
    exportId: bigint('export_id', { mode: 'number' })
      .notNull()
      .references(() => reportExports.id, { onDelete: 'cascade' }),
    part: integer('part').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.exportId, t.part] })],
);
