import { z } from 'zod';
import { idSchema } from './values.ts';

/**
 * An inventory's policy mode (PRODUCT.md §10): manual — the typed reorder point and par rule; forecast — the levels
 * kept from the latest forecast run, the typed values a floor (docs/product-rules.md#reorder-levels).
 */
export const POLICY_MODES = ['manual', 'forecast'] as const;
export type PolicyModeName = (typeof POLICY_MODES)[number];

/**
 * Why an inventory has no suggested levels: its product has too little history, the run expects no demand of it,
 * or the practice has no succeeded forecast run yet. The typed levels stand meanwhile.
 */
export const LEVEL_FALLBACKS = ['too_little_history', 'no_demand', 'no_run'] as const;
export type LevelFallback = (typeof LEVEL_FALLBACKS)[number];

/** Too little history to suggest levels: fewer weeks than this since the product's first movement in the run's history… */
export const LEVELS_MIN_HISTORY_WEEKS = 8;
/** …or fewer weeks with any consumption than this. */
export const LEVELS_MIN_DEMAND_WEEKS = 3;

/** Where a suggestion's lead time came from: the preferred offer, its supplier, or the practice's setting. */
export const LEAD_TIME_SOURCES = ['offer', 'supplier', 'practice'] as const;

/** The figures a suggested reorder point and order-up-to level came from (inventories.suggestion). */
export const reorderSuggestionFiguresSchema = z.object({
  run_id: z.number().int().nullable(),
  run_date: z.string().nullable(),
  distribution: z.enum(['normal', 'count']).nullable(),
  lead_time_days: z.number().int().nullable(),
  lead_time_source: z.enum(LEAD_TIME_SOURCES).nullable(),
  review_period_days: z.number().int().nullable(),
  /** The product's own service level: the practice's spread over its products by what a unit costs to hold. */
  service_level: z.number().nullable(),
  /** Mean demand over the lead time (usage units). */
  mean_lead_time_demand: z.number().nullable(),
  /** Mean demand over the lead time plus the review period. */
  mean_cycle_demand: z.number().nullable(),
  safety_stock: z.number().nullable(),
  fallback: z.enum(LEVEL_FALLBACKS).nullable(),
  /** The practice's setting the product's level came from (absent on suggestions stored before it was recorded). */
  practice_service_level: z.number().nullable().optional(),
});
export type ReorderSuggestionFigures = z.infer<typeof reorderSuggestionFiguresSchema>;

/** POST /api/inventory/apply-suggestions: copy the suggested levels into the typed ones, or switch to forecast mode. */
export const applySuggestionsBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  /** Absent: every active inventory of the practice with a suggestion. */
  inventory_ids: z.array(idSchema).min(1).max(10_000).optional(),
  mode: z.enum(['copy', 'forecast']).default('copy'),
});
export type ApplySuggestionsBody = z.input<typeof applySuggestionsBodySchema>;
export const applySuggestionsResultSchema = z.object({ changed: z.number().int(), skipped: z.number().int() });
export type ApplySuggestionsResult = z.infer<typeof applySuggestionsResultSchema>;
