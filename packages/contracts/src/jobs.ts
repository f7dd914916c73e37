import { z } from 'zod';

/**
 * How any background run stands (an import, a report export, a forecast run, a scheduler run): queued → running →
 * succeeded or failed. One vocabulary for every run row, its API and its screen (docs/architecture.md, "One job grammar").
 */
export const RUN_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const runStatusSchema = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof runStatusSchema>;
/** A run still to finish: a screen keeps following it, an identical request joins it. */
export const ACTIVE_RUN_STATUSES: readonly RunStatus[] = ['queued', 'running'];
export const isActiveRun = (status: string): boolean => status === 'queued' || status === 'running';

/**
 * An import's two steps and the user's choice between them: `validate` (read and check every row; succeeded means
 * it waits for the choice), `write` (the valid rows written), `cancelled` (the user chose to import nothing).
 */
export const IMPORT_STAGES = ['validate', 'write', 'cancelled'] as const;
export type ImportStage = (typeof IMPORT_STAGES)[number];

/** GET /api/import/{id} and the upload's and the commit's answers: an import job as the screen follows it. */
export const importJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: runStatusSchema,
  stage: z.enum(IMPORT_STAGES),
  file_name: z.string(),
  format: z.string(),
  file_size: z.number(),
  rows_read: z.number().int(),
  valid_rows: z.number().int(),
  invalid_rows: z.number().int(),
  error_count: z.number().int(),
  /** 0–100 of the current stage. */
  progress: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  unknown_columns: z.array(z.string()),
  missing_columns: z.array(z.string()),
  errors: z.array(z.object({ row: z.number().int(), column: z.string(), message: z.string() })),
  /** Why it failed, in the reader's language. */
  failure: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type ImportJob = z.infer<typeof importJobSchema>;

/** Validated and waiting for the user's choice (import the valid rows, or nothing). */
export const importAwaitsChoice = (job: { status: string; stage: string }): boolean => job.stage === 'validate' && job.status === 'succeeded';
