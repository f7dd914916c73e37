import { z } from 'zod';

/** One backup file of the embedded database (GET /api/backups, POST /api/backups, the Support page). */
export const backupFileSchema = z.object({
  name: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
});
export type BackupFile = z.infer<typeof backupFileSchema>;

/** A scheduled job's latest runs, for the Support page: when it last succeeded, and how its last run went. */
export const jobRunSummarySchema = z.object({
  job: z.string(),
  last_success_at: z.string().nullable(),
  last_run_at: z.string().nullable(),
  last_status: z.string().nullable(),
});
export type JobRunSummary = z.infer<typeof jobRunSummarySchema>;

/** GET /api/support: what someone asked to look at an installation needs first. */
export const supportSchema = z.object({
  version: z.string(),
  node_version: z.string(),
  started_at: z.string(),
  database: z.object({
    kind: z.enum(['embedded', 'postgres']),
    status: z.enum(['ok', 'unavailable']),
    /** How long `select 1` took. */
    latency_ms: z.number().nullable(),
    size_bytes: z.number().int().nullable(),
  }),
  /** The job queue's last runs per job; null for users who may not read the scheduler. */
  job_runs: z.array(jobRunSummarySchema).nullable(),
  /** Backups; null for users who may not manage the installation. */
  backups: z
    .object({
      /** False on PostgreSQL: its own tools back it up. */
      supported: z.boolean(),
      directory: z.string().nullable(),
      retention: z.object({ latest: z.number().int(), daily: z.number().int(), weekly: z.number().int() }),
      latest: z.array(backupFileSchema),
      total: z.number().int(),
      /** Why the list could not be read (the folder is unreadable), translated; null when all is well. */
      problem: z.string().nullable(),
    })
    .nullable(),
});
export type Support = z.infer<typeof supportSchema>;
