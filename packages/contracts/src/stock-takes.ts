import { z } from 'zod';
import { decimalSchema } from './catalog.ts';
import { idSchema } from './values.ts';

/** A stock take's life (docs/stock-takes.md): the database's check constraint lists the same. */
export const STOCK_TAKE_STATUSES = ['open', 'approved', 'cancelled'] as const;
export type StockTakeStatus = (typeof STOCK_TAKE_STATUSES)[number];

/** What a stock take counts: every stocked product, one category's, a cycle-count selection, or what one location holds. */
export const STOCK_TAKE_KINDS = ['all', 'category', 'cycle', 'location'] as const;
export type StockTakeKind = (typeof STOCK_TAKE_KINDS)[number];

/** The threshold (Σ |variance value|, practice currency) above which a second person must approve, when a practice sets none. */
export const STOCK_TAKE_DEFAULT_APPROVAL_THRESHOLD = '250';
/** A line is accurate when |variance| ≤ this share of what the ledger expected (and 0 when it expected 0). */
export const STOCK_TAKE_ACCURACY_TOLERANCE = 0.02;
/** How many products a cycle count selects when not told. */
export const STOCK_TAKE_CYCLE_SIZE = 30;

const optionalText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

/** POST /api/stock-takes: start one (records what the ledger holds now for each selected product). */
export const stockTakeStartBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  kind: z.enum(STOCK_TAKE_KINDS),
  /** Required for `category`. */
  category_id: idSchema.nullish().transform((v) => v ?? null),
  /** Required for `location`: an active location of the practice. */
  location_id: idSchema.nullish().transform((v) => v ?? null),
  /** How many products a cycle count takes. */
  cycle_size: z.number().int().min(1).max(1000).default(STOCK_TAKE_CYCLE_SIZE),
  blind: z.boolean().default(true),
});
export type StockTakeStartBody = z.input<typeof stockTakeStartBodySchema>;

/** POST /api/stock-takes/{id}/counts: one person's count of one product (usage units, ≥ 0). */
export const stockTakeCountBodySchema = z.strictObject({ product_id: idSchema, quantity: decimalSchema });
export type StockTakeCountBody = z.input<typeof stockTakeCountBodySchema>;

/** POST /api/stock-takes/{id}/lines/{lineId}: the reviewer's choice of the count that stands, and the reason of the variance. */
export const stockTakeLineReviewBodySchema = z.strictObject({
  chosen_count_id: idSchema.nullish().transform((v) => v ?? null),
  reason: optionalText(500),
});
export type StockTakeLineReviewBody = z.input<typeof stockTakeLineReviewBodySchema>;

/** POST /api/stock-takes/{id}/cancel. */
export const stockTakeCancelBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(500) });
export type StockTakeCancelBody = z.input<typeof stockTakeCancelBodySchema>;

export const stockTakeCountSchema = z.object({ id: z.number().int(), user_id: z.number().int().nullable(), user_name: z.string().nullable(), quantity: z.string(), counted_at: z.string() });
export type StockTakeCount = z.infer<typeof stockTakeCountSchema>;

/**
 * A line as the detail shows it. `expected_quantity`, `movements_since`, `expected_now`, `variance` and `variance_value`
 * are null for a reader who may not see them (a blind take's counters) and, but for expected, before the line is counted.
 */
export const stockTakeLineSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  gtin: z.string().nullable(),
  usage_unit: z.string(),
  category_name: z.string().nullable(),
  counts: z.array(stockTakeCountSchema),
  chosen_count_id: z.number().int().nullable(),
  /** The quantity that stands (the chosen count, or the only one, or several equal ones); null when not counted or undecided. */
  counted_quantity: z.string().nullable(),
  /** Counted more than once with different quantities and no choice made yet. */
  needs_choice: z.boolean(),
  reason: z.string().nullable(),
  unit_cost: z.string().nullable(),
  expected_quantity: z.string().nullable(),
  movements_since: z.string().nullable(),
  expected_now: z.string().nullable(),
  variance: z.string().nullable(),
  variance_value: z.string().nullable(),
});
export type StockTakeLine = z.infer<typeof stockTakeLineSchema>;

/** The report part of a detail (null for readers who may not see the variances). */
export const stockTakeReportSchema = z.object({
  counted_lines: z.number().int(),
  accurate_lines: z.number().int(),
  /** accurate ÷ counted (null when nothing was counted). */
  accuracy: z.number().nullable(),
  tolerance: z.number(),
  variance_value: z.string(),
  absolute_variance_value: z.string(),
  by_category: z.array(z.object({ category_name: z.string().nullable(), lines: z.number().int(), accurate_lines: z.number().int(), variance_value: z.string(), absolute_variance_value: z.string() })),
  /**
   * Per location: a location's take is one group, its location; a whole-practice take (all, category, cycle) counted
   * each product's on hand over every room, so its lines cannot honestly be split by room: one group, `location_id` null.
   */
  by_location: z.array(z.object({ location_id: z.number().int().nullable(), location_name: z.string().nullable(), lines: z.number().int(), accurate_lines: z.number().int(), variance_value: z.string(), absolute_variance_value: z.string() })),
});
export type StockTakeReport = z.infer<typeof stockTakeReportSchema>;

export const stockTakeDetailSchema = z.object({
  id: z.number().int(),
  dental_practice_id: z.number().int(),
  dental_practice_name: z.string(),
  currency: z.string(),
  kind: z.enum(STOCK_TAKE_KINDS),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  location_id: z.number().int().nullable(),
  location_name: z.string().nullable(),
  status: z.enum(STOCK_TAKE_STATUSES),
  blind: z.boolean(),
  started_by: z.number().int().nullable(),
  started_by_name: z.string().nullable(),
  started_at: z.string(),
  approved_by: z.number().int().nullable(),
  approved_by_name: z.string().nullable(),
  approved_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancel_reason: z.string().nullable(),
  approval_threshold: z.string(),
  /** The reader may see expected quantities and variances (review); false for the counters of a blind take. */
  can_review: z.boolean(),
  /** Σ |variance value| exceeds the threshold: the approver must neither have started nor counted the take. */
  needs_second_approver: z.boolean(),
  lines: z.array(stockTakeLineSchema),
  report: stockTakeReportSchema.nullable(),
});
export type StockTakeDetail = z.infer<typeof stockTakeDetailSchema>;
export const stockTakeAnswerSchema = z.object({ success: z.literal(true), data: stockTakeDetailSchema });
