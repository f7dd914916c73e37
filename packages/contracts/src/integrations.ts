import { z } from 'zod';
import { externalIdSchema } from './stock.ts';
import { ID_MAX, idSchema } from './values.ts';

/**
 * Integrations (docs/open-dental.md): a source system's procedures, normalised by its mapping file, sent in batches
 * to `POST /api/integrations/{source}/sync`. The core is the same for every source; only the mapping differs.
 */
export const INTEGRATION_SOURCES = ['open-dental'] as const;
export type IntegrationSource = (typeof INTEGRATION_SOURCES)[number];

/**
 * What a row asks for: `completed` (consumes stock), `planned` (booked demand), `deleted` (deleted here), `skip`
 * (not a procedure of this practice's stock — an existing one is deleted here, otherwise it is reported with `reason`).
 */
export const SYNC_ACTIONS = ['completed', 'planned', 'deleted', 'skip'] as const;
export type SyncAction = (typeof SYNC_ACTIONS)[number];

const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));
/** A wall-clock time in the practice's time zone, as the source stores it: `2026-03-14 09:30:00` or `2026-03-14T09:30`. */
export const localDateTimeSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/);

export const syncRowSchema = z.strictObject({
  dental_practice_id: idSchema,
  external_id: externalIdSchema,
  action: z.enum(SYNC_ACTIONS),
  source_code: optionalText(32),
  source_description: optionalText(255),
  performed_at: localDateTimeSchema.nullish().transform((v) => v ?? null),
  provider: optionalText(120),
  reason: optionalText(64),
});
export type SyncRow = z.output<typeof syncRowSchema>;
export type SyncRowInput = z.input<typeof syncRowSchema>;

/** The last change synced (Open Dental: `DateTStamp` and `ProcNum`). */
export const syncCursorSchema = z.strictObject({ changed_at: z.string().trim().min(1).max(32), change_id: z.string().trim().min(1).max(64) });
export type SyncCursor = z.infer<typeof syncCursorSchema>;

export const syncBodySchema = z.strictObject({
  /** The practice whose cursor this batch moves; each row names its own practice (rows for another the caller may not touch are skipped). */
  dental_practice_id: idSchema,
  rows: z.array(syncRowSchema).max(1000),
  cursor: syncCursorSchema.nullish().transform((v) => v ?? null),
});
export type SyncBody = z.input<typeof syncBodySchema>;

export const syncReportSchema = z.object({
  id: z.number().int(),
  dental_practice_id: z.number().int(),
  source: z.string(),
  via: z.enum(['sync', 'import']),
  applied: z.number().int(),
  unchanged: z.number().int(),
  unknown: z.number().int(),
  skipped: z.number().int(),
  unknown_codes: z.array(z.object({ code: z.string(), description: z.string().nullable(), count: z.number().int() })),
  skipped_rows: z.array(z.object({ external_id: z.string(), reason: z.string() })),
  created_at: z.string(),
});
export type SyncReport = z.infer<typeof syncReportSchema>;

export const integrationPracticeQuerySchema = z.object({ dental_practice_id: z.coerce.number().int().positive().max(ID_MAX) });
export const integrationSourceParamsSchema = z.object({ source: z.enum(INTEGRATION_SOURCES) });

/** A source code synced rows use that is not mapped yet: the rows wait (never dropped, never guessed). */
export const unknownCodeSchema = z.object({
  source_code: z.string(),
  description: z.string().nullable(),
  count: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
});
export type UnknownCode = z.infer<typeof unknownCodeSchema>;

export const codeMapBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  source_code: z.string().trim().min(1).max(32),
  procedure_code_id: idSchema,
  procedure_template_id: idSchema.nullish().transform((v) => v ?? null),
});
export type CodeMapBody = z.input<typeof codeMapBodySchema>;

export const integrationOverviewSchema = z.object({
  cursor: syncCursorSchema.nullable(),
  unknown_codes: z.array(unknownCodeSchema),
  runs: z.array(syncReportSchema),
});
export type IntegrationOverview = z.infer<typeof integrationOverviewSchema>;

export const deleteExternalQuerySchema = z.object({
  dental_practice_id: z.coerce.number().int().positive().max(ID_MAX),
  external_source: z.string().trim().regex(/^[a-z0-9][a-z0-9-]{0,31}$/),
  external_id: externalIdSchema,
});
