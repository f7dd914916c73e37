import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * The scheduler's jobs, as data: which work (`name`, one of the handlers the server knows), when (a cron
 * expression in the installation's time zone), whether it is on, and how long one run may take.
 */
export const schedulerJobs = pgTable('scheduler_jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  name: varchar('name', { length: 60 }).notNull().unique(),
  cron: varchar('cron', { length: 120 }).notNull(),
  enabled: boolean('enabled').notNull().default(true),
  timeLimitSeconds: integer('time_limit_seconds').notNull().default(900),
  /** A job's own settings (the archive job: how old an entry must be to be archived, in days). */
  options: jsonb('options').$type<{ archive_after_days?: number }>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One run of a job: for the cron time it is due at (`slot`), so that one slot runs once however many
 * instances ask (the unique index decides), with its history: start, end, status, log lines, error.
 */
export const schedulerRuns = pgTable(
  'scheduler_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    jobId: bigint('job_id', { mode: 'number' })
      .notNull()
      .references(() => schedulerJobs.id, { onDelete: 'cascade' }),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    /** schedule (the cron fired), manual (run-scheduler). */
    trigger: varchar('trigger', { length: 20 }).notNull(),
    /** queued → running → succeeded | failed. */
    status: varchar('status', { length: 20 }).notNull().default('queued'),
    instance: varchar('instance', { length: 120 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    /** Log lines as message keys and parameters, translated when shown (plain text in runs older than that). */
    log: jsonb('log').$type<Array<string | { key: string; params?: Record<string, string | number> }>>().notNull().default([]),
    error: text('error'),
    /** Why it failed, as a message key and its parameters (the job grammar's failure). */
    failure: varchar('failure', { length: 120 }),
    failureParams: jsonb('failure_params').$type<Record<string, string | number>>(),
  },
  (t) => [uniqueIndex('scheduler_runs_job_slot_idx').on(t.jobId, t.slot), index('scheduler_runs_job_created_idx').on(t.jobId, t.id)],
);
