import { z } from 'zod';
import { col, fieldShape } from './list-fields.ts';
import { namedFields } from './lists/common-fields.ts';
import { RUN_STATUSES } from './jobs.ts';

/** A scheduler run's status: the one run vocabulary (jobs.ts). */
export const SCHEDULER_RUN_STATUSES = RUN_STATUSES;
export const SCHEDULER_JOB_NAMES = ['refresh-forecasts', 'stock-alerts', 'notification-digest', 'archive-activity-logs', 'backup', 'clean-up'] as const;

const sortFilter = { sort: true, filter: true };

/** One job of the scheduler as listed: its schedule, switch, limit, and its last and next run (with the list's columns). */
export const schedulerJobFields = {
  ...namedFields,
  cron: col.text({ sort: true, filter: true, search: true }),
  enabled: col.bool(sortFilter),
  time_limit_seconds: col.int(sortFilter),
  time_zone: col.field(z.string()),
  /** The job's own settings: the archive job's age (days) after which activity-log entries are archived. */
  options: col.field(z.object({ archive_after_days: z.number().int().optional() })),
  updated_at: col.date(sortFilter),
  last_run_at: col.nullable(col.date(sortFilter)),
  last_status: col.nullable(col.enum(SCHEDULER_RUN_STATUSES, sortFilter)),
  /** When the cron fires next (null while the job is off). */
  next_run_at: col.field(z.string().nullable()),
};
export const schedulerJobSchema = z.object(fieldShape(schedulerJobFields));
export type SchedulerJob = z.infer<typeof schedulerJobSchema>;

/** POST /api/scheduler/update/{id}: any of the three. */
export const schedulerJobUpdateSchema = z.strictObject({
  cron: z.string().trim().min(9).max(120).optional(),
  enabled: z.boolean().optional(),
  time_limit_seconds: z.number().int().min(10).max(6 * 60 * 60).optional(),
  /** Only for the archive job: entries older than this many days are archived (0: all of them). */
  archive_after_days: z.number().int().min(0).max(3650).optional(),
});
export type SchedulerJobUpdate = z.infer<typeof schedulerJobUpdateSchema>;

/** One run in a job's history. */
export const schedulerRunSchema = z.object({
  id: z.number().int(),
  slot: z.string(),
  trigger: z.enum(['schedule', 'manual']),
  status: z.enum(SCHEDULER_RUN_STATUSES),
  instance: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  /** Its log lines, in the reader's language. */
  log: z.array(z.string()),
  /** Why it failed, in the reader's language (with the error's own text after it). */
  error: z.string().nullable(),
});
export type SchedulerRun = z.infer<typeof schedulerRunSchema>;

/** POST /api/run-scheduler: how long to wait for the due jobs before answering (they go on after). */
export const runSchedulerBodySchema = z.strictObject({ wait_seconds: z.number().int().min(0).max(120).default(30) });

/** Each due job's run as it stood when run-scheduler answered. */
export const dueRunSchema = z.object({
  job: z.string(),
  slot: z.string(),
  run_id: z.number().int(),
  started: z.boolean(),
  status: z.enum(SCHEDULER_RUN_STATUSES),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type DueRunResult = z.infer<typeof dueRunSchema>;
