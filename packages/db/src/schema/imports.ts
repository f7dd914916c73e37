import { bigint, customType, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { apiTokens } from './api-tokens.ts';

/**
 * One upload through the import pipeline (docs/product-rules.md#imports): the file waits in the database
 * (import_job_files), a job on the queue validates it, and the user then imports the valid rows or nothing.
 * Every row error is kept as a file there too; the first few are kept here for the screen. Any instance can run
 * or answer any step.
 */
export const importJobs = pgTable(
  'import_jobs',
  {
    id: varchar('id', { length: 36 }).primaryKey(),
    kind: varchar('kind', { length: 32 }).notNull(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    /** The API token it was uploaded with: the job runs with the token's rights, not its creator's. */
    apiTokenId: bigint('api_token_id', { mode: 'number' }).references(() => apiTokens.id, { onDelete: 'cascade' }),
    format: varchar('format', { length: 8 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull().default(0),
    /** The run vocabulary (contracts' RUN_STATUSES) of the current stage. */
    status: varchar('status', { length: 16 }).notNull().default('queued'),
    /** validate, write or cancelled (contracts' IMPORT_STAGES). */
    stage: varchar('stage', { length: 16 }).notNull().default('validate'),
    rowsRead: integer('rows_read').notNull().default(0),
    validRows: integer('valid_rows').notNull().default(0),
    invalidRows: integer('invalid_rows').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    /** 0–100 of the current phase. */
    progress: integer('progress').notNull().default(0),
    created: integer('created').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    /** Header problems: columns not in the template, required columns missing. */
    unknownColumns: jsonb('unknown_columns').$type<string[]>().notNull().default([]),
    missingColumns: jsonb('missing_columns').$type<string[]>().notNull().default([]),
    /** The first errors (message keys, translated when shown). */
    errors: jsonb('errors').$type<Array<{ row: number; column: string; key: string; params?: Record<string, string | number> }>>().notNull().default([]),
    /** Why a job failed, as a message key. */
    failure: varchar('failure', { length: 120 }),
    failureParams: jsonb('failure_params').$type<Record<string, string | number>>(),
    /** Updated while a job runs: a stale beat means the process running it is gone. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [index('import_jobs_user_idx').on(t.userId, t.createdAt)],
);

/** Raw bytes. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** An import job's files, in the database so any instance can read them: the upload and its row errors (JSON lines). */
export const importJobFiles = pgTable(
  'import_job_files',
  {
    jobId: varchar('job_id', { length: 36 })
      .notNull()
      .references(() => importJobs.id, { onDelete: 'cascade' }),
    /** upload, errors. */
    name: varchar('name', { length: 16 }).notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.jobId, t.name] })],
);
