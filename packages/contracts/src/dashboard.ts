import { z } from 'zod';
import { calendarDaySchema, idSchema } from './values.ts';
import type { DashboardWidget } from './dashboard-widgets.ts';

export * from './dashboard-widgets.ts';

export const dashboardQuerySchema = z.object({
  dental_practice_id: z.coerce.number().pipe(idSchema),
  /** As of this day (default: the practice's forecast date, else its today). A past day is a back-test. */
  forecast_date: calendarDaySchema.optional(),
  /** The product or procedure code a forecast widget shows (default: the busiest). */
  ref_id: z.coerce.number().pipe(idSchema).optional(),
});
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** The periods (days before the date) the most-used items widget offers, and the one it shows by default. */
export const MOST_USED_PERIODS = [30, 90, 365] as const;
export type MostUsedPeriod = (typeof MOST_USED_PERIODS)[number];
export const MOST_USED_DEFAULT_PERIOD: MostUsedPeriod = 90;
/** GET /api/admin/dashboard/most-frequently-used-items: the dashboard's query and the period (30, 90 or 365 days; else 422). */
export const mostUsedQuerySchema = dashboardQuerySchema.extend({
  period: z.coerce.number().pipe(z.literal(MOST_USED_PERIODS)).optional(),
});

/** What every widget answers besides its data: the date it speaks of and the stored run it read, if any. */
export const dashboardMetaSchema = z.object({
  dental_practice_id: z.number().int(),
  forecast_date: z.string(),
  today: z.string(),
  currency: z.string(),
  run: z.object({ id: z.number().int(), status: z.string(), finished_at: z.string().nullable(), horizon_weeks: z.number().int(), level: z.string() }).nullable(),
});
export type DashboardMeta = z.infer<typeof dashboardMetaSchema>;

const decimal = z.string();
const series = z.array(z.number());

export const mostUsedItemsSchema = z.object({
  days: z.number().int(),
  items: z.array(z.object({ product_id: z.number().int(), name: z.string(), usage_unit: z.string(), quantity: decimal, cost: decimal })),
});
export const deadStockSchema = z.object({
  days: z.number().int(),
  total_value: decimal,
  items: z.array(z.object({ product_id: z.number().int(), inventory_id: z.number().int().nullable(), name: z.string(), usage_unit: z.string(), on_hand: decimal, value: decimal, last_used: z.string().nullable() })),
});
export const inventoryValueSchema = z.object({
  total: decimal,
  by_category: z.array(z.object({ category: z.string().nullable(), value: decimal })),
  month_end: z.array(z.object({ month: z.string(), value: decimal })),
});
export const consumableCostSchema = z.object({
  by_month: z.array(z.object({ month: z.string(), cost: decimal, procedures: z.number().int() })),
  per_procedure_code: z.array(z.object({ procedure_code_id: z.number().int(), code: z.string(), name: z.string(), procedures: z.number().int(), average_cost: decimal, total_cost: decimal })),
});
export const lowStockSchema = z.object({
  items: z.array(z.object({
    inventory_id: z.number().int(), product_id: z.number().int(), name: z.string(), usage_unit: z.string(), purchase_unit: z.string(), units_per_purchase_unit: z.number().int(),
    on_hand: decimal, reorder_point: decimal, par_level: decimal, order_usage_units: decimal, order_purchase_units: z.number().int(),
  })),
});
export const criticalItemsSchema = z.object({
  days: z.number().int(),
  service_level: z.number(),
  short: z.array(z.object({ product_id: z.number().int(), inventory_id: z.number().int().nullable(), name: z.string(), usage_unit: z.string(), on_hand: z.number(), demand: z.number(), safety_stock: z.number(), shortfall: z.number() })),
  expiring: z.array(z.object({ lot_id: z.number().int(), product_id: z.number().int(), inventory_id: z.number().int(), name: z.string(), usage_unit: z.string(), lot_number: z.string().nullable(), expiry_date: z.string(), quantity: decimal, value: decimal })),
});
export const forecastChartSchema = z.object({
  options: z.array(z.object({ id: z.number().int(), label: z.string() })),
  selected: z.object({
    id: z.number().int(), label: z.string(), unit: z.string().nullable(), method: z.string(), source: z.string(), thin: z.boolean(),
    history_start: z.string(), history: series, forecast_start: z.string(), mean: series, lower: series, upper: series, booked: series,
    /** Back-tests: what really happened in the forecast weeks that have passed. */
    actual: series,
    /**
     * A product's succession (docs/product-rules.md#succession), for the chart to mark its dates: the products it replaces
     * (directly or through others, nearest first: their history is in its forecast from those dates) and the one that
     * replaces it. Empty for a procedure code.
     */
    successions: z.array(z.object({ relation: z.enum(['replaces', 'replaced_by']), product_id: z.number().int(), name: z.string(), date: z.string() })),
  }).nullable(),
});
export const daysToZeroSchema = z.object({
  lead_time_days: z.number().int(),
  items: z.array(z.object({ product_id: z.number().int(), inventory_id: z.number().int().nullable(), name: z.string(), usage_unit: z.string(), on_hand: z.number(), days: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable() })),
});
/**
 * This month's supply spend against the budget (docs/product-rules.md#money): received value and what is sent and not
 * received, in the practice's currency (orders in other currencies listed apart, never added), the last twelve months
 * received, and this month's stock-out days.
 */
export const supplySpendSchema = z.object({
  month: z.string(),
  budget: decimal.nullable(),
  received: decimal,
  committed: decimal,
  /** budget − received − committed (negative: over); null without a budget. */
  remaining: decimal.nullable(),
  committed_other: z.array(z.object({ currency: z.string(), committed: decimal })),
  months: z.array(z.object({ month: z.string(), received: decimal })),
  /** Stock-out days this month (one per product and day) and how many products they were of. */
  stock_outs: z.object({ days: z.number().int(), products: z.number().int() }),
});

export const DASHBOARD_SCHEMAS = {
  'most-frequently-used-items': mostUsedItemsSchema,
  'dead-stock-data': deadStockSchema,
  'inventory-value-data': inventoryValueSchema,
  'cost-of-consumable-inventory': consumableCostSchema,
  'low-stock-data': lowStockSchema,
  'upcoming-month-critical-items-data': criticalItemsSchema,
  'procedure-forecast-data': forecastChartSchema,
  'demand-forecast-data': forecastChartSchema,
  'day-to-zero-data': daysToZeroSchema,
  'supply-spend-data': supplySpendSchema,
} as const satisfies Record<DashboardWidget, z.ZodType>;
export type DashboardData<W extends DashboardWidget> = z.infer<(typeof DASHBOARD_SCHEMAS)[W]>;
