import { z } from 'zod';
import { decimalSchema } from './catalog.ts';
import { LEVEL_SOURCES, orderSuggestionListContract } from './lists/replenishment-lists.ts';
import { calendarDaySchema, idSchema } from './values.ts';

/** Order suggestions, their reasoning, transfers before purchases and expiry waste ahead (docs/forecasting.md#replenishment). */

const practiceId = z.coerce.number().pipe(idSchema);

/** The practice the replenishment reads speak of, as of its forecast date (default: the practice's forecast date setting, else today). */
export const replenishmentQuerySchema = z.object({
  dental_practice_id: practiceId,
  forecast_date: calendarDaySchema.optional(),
});
export type ReplenishmentQuery = z.infer<typeof replenishmentQuerySchema>;

/** The most days the expiry-waste read looks ahead. */
export const EXPIRY_WASTE_MAX_DAYS = 730;
export const expiryWasteQuerySchema = replenishmentQuerySchema.extend({
  days: z.coerce.number().int().min(1).max(EXPIRY_WASTE_MAX_DAYS).default(90),
});

/** Why a suggestion works with the typed levels instead of the forecast's (the stored fallback of the levels is `LEVEL_FALLBACKS`). */
export const TYPED_LEVEL_REASONS = ['manual_mode', 'no_forecast_levels', 'no_forecast_run'] as const;
export type TypedLevelReason = (typeof TYPED_LEVEL_REASONS)[number];

/** One step of a suggestion's arithmetic: a translation key and its figures (the UI renders the sentence). */
export const reasoningStepSchema = z.object({
  key: z.string(),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
});
export type ReasoningStep = z.infer<typeof reasoningStepSchema>;

/** GET /api/replenishment/order-suggestions/{inventoryId}/reasoning: the row, the forecast figures and the arithmetic in steps. */
export const orderSuggestionReasoningSchema = z.object({
  /** The list row (null when the policy says nothing needs ordering now). */
  suggestion: orderSuggestionListContract.row.nullable(),
  inventory_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  usage_unit: z.string(),
  forecast_date: z.string(),
  needed: z.boolean(),
  policy_mode: z.enum(['manual', 'forecast']),
  level_source: z.enum(LEVEL_SOURCES),
  fallback: z.enum(TYPED_LEVEL_REASONS).nullable(),
  typed_reorder_point: z.string(),
  typed_par_level: z.string(),
  suggested_reorder_point: z.string().nullable(),
  suggested_order_up_to: z.string().nullable(),
  reorder_point: z.string(),
  order_up_to: z.string(),
  on_hand: z.string(),
  on_order_in_draft: z.string(),
  on_order_sent: z.string(),
  /** On hand + on order + what the usable stock of the products it replaces counts as (docs/product-rules.md#succession). */
  position: z.string(),
  position_at_next_review: z.string(),
  short_of_order_up_to: z.string(),
  order_packs: z.number().int(),
  order_units: z.string(),
  units_per_pack: z.string(),
  minimum_order_packs: z.number().int(),
  order_by_days: z.number().int().nullable(),
  stock_out_days: z.number().nullable(),
  lead_time_days: z.number().int(),
  lead_time_source: z.enum(['offer', 'supplier', 'practice']),
  review_period_days: z.number().int(),
  /** The product's own service level (the practice's spread by cost when the forecast's levels are in force). */
  service_level: z.number(),
  /** The practice's setting. */
  practice_service_level: z.number(),
  mean_daily_demand: z.number().nullable(),
  mean_lead_time_demand: z.number().nullable(),
  mean_cycle_demand: z.number().nullable(),
  safety_stock: z.number().nullable(),
  distribution: z.enum(['normal', 'count']).nullable(),
  run_id: z.number().int().nullable(),
  run_date: z.string().nullable(),
  /** The figures stored with the suggested levels (when the levels job wrote them). */
  suggestion_figures: z.record(z.string(), z.unknown()).nullable(),
  steps: z.array(reasoningStepSchema),
});
export type OrderSuggestionReasoning = z.infer<typeof orderSuggestionReasoningSchema>;

/** A lot's stock expected to be left unused at its expiry (FEFO at forecast usage), valued at the lot's cost. */
export const expiryWasteLotSchema = z.object({
  lot_id: z.number().int(),
  inventory_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  usage_unit: z.string(),
  lot_number: z.string().nullable(),
  expiry_date: z.string(),
  quantity: z.string(),
  expected_waste: z.string(),
  probability_of_waste: z.number(),
  unit_cost: z.string(),
  expected_waste_value: z.string(),
});
export type ExpiryWasteLot = z.infer<typeof expiryWasteLotSchema>;

/** GET /api/replenishment/expiry-waste: lots expiring within `days` with their expected waste, and the total value in the practice's currency. */
export const expiryWasteSchema = z.object({
  forecast_date: z.string(),
  days: z.number().int(),
  currency: z.string(),
  total_value: z.string(),
  total_lots: z.number().int(),
  lots: z.array(expiryWasteLotSchema),
});
export type ExpiryWaste = z.infer<typeof expiryWasteSchema>;

/** A product replaced at the forecast date with usable stock in the practice, and what of it is expected to expire unused. */
export const replacedStockProductSchema = z.object({
  inventory_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  usage_unit: z.string(),
  /** The day it is replaced from (its own succession date). */
  succession_date: z.string(),
  /** The product that takes its demand (the end of its chain of successors in force). */
  successor_id: z.number().int(),
  successor_name: z.string(),
  successor_usage_unit: z.string(),
  /** Usage units of the successor one usage unit of it equals (the chain's factors multiplied). */
  factor: z.string(),
  /** On hand and not expired, in its own usage units. */
  usable: z.string(),
  /** `usable` × `factor`: what it counts as in the successor's order suggestion. */
  counts_as: z.string(),
  /** Expected to expire before the successor's demand uses it (its lots first, FEFO), in its own usage units. */
  expected_waste: z.string(),
  /** `expected_waste` at each lot's unit cost, in the practice's currency. */
  expected_waste_value: z.string(),
});
export type ReplacedStockProduct = z.infer<typeof replacedStockProductSchema>;

/** GET /api/replenishment/replaced-stock: the replaced products' stock the successors use up first, and the waste expected of it. */
export const replacedStockSchema = z.object({
  forecast_date: z.string(),
  currency: z.string(),
  /** The expected waste's value over all of them, 2 places. */
  total_value: z.string(),
  products: z.array(replacedStockProductSchema),
});
export type ReplacedStock = z.infer<typeof replacedStockSchema>;

/** One transfer another practice could make instead of buying. */
export const transferSuggestionSchema = z.object({
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  usage_unit: z.string(),
  inventory_id: z.number().int(),
  /** What this practice's purchase suggestion orders, in usage units. */
  need: z.string(),
  from_practice_id: z.number().int(),
  from_practice_name: z.string(),
  from_on_hand: z.string(),
  /** What the other practice can spare (transferableSurplus), its expected expiry waste included. */
  surplus: z.string(),
  from_expected_waste: z.string(),
  /** min(need, surplus), whole units. */
  quantity: z.string(),
  horizon_days: z.number().int(),
});
export type TransferSuggestion = z.infer<typeof transferSuggestionSchema>;

export const transferSuggestionsSchema = z.object({ forecast_date: z.string(), data: z.array(transferSuggestionSchema) });
export type TransferSuggestions = z.infer<typeof transferSuggestionsSchema>;

/** POST /api/replenishment/transfer-suggestions/accept: the suggested transfer, made through the stock transfer. */
export const acceptTransferBodySchema = z.strictObject({
  from_practice_id: idSchema,
  to_practice_id: idSchema,
  product_id: idSchema,
  quantity: decimalSchema.refine((v) => Number(v) > 0, { params: { kind: 'positive' } }),
});
export type AcceptTransferBody = z.input<typeof acceptTransferBodySchema>;
