import { z } from 'zod';
import { calendarDaySchema, idSchema } from './values.ts';
import { REPORT_IDS } from './report-ids.ts';

export * from './report-ids.ts';

/** GET /api/reports/report-data: one report of one practice, with the filters it reads (others are ignored). */
export const reportQuerySchema = z.object({
  report: z.enum(REPORT_IDS),
  dental_practice_id: z.coerce.number().pipe(idSchema),
  /** A valuation or dead-stock date (default: the practice's today). */
  as_of: calendarDaySchema.optional(),
  /** A period, both days included (default: the last 30 days). */
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  /** Expiring within / unused for this many days (defaults: the practice's settings). */
  days: z.coerce.number().int().min(1).max(1095).optional(),
  category_id: z.coerce.number().pipe(idSchema).optional(),
  brand_id: z.coerce.number().pipe(idSchema).optional(),
  format: z.enum(['json', 'csv', 'xlsx']).default('json'),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportColumnSchema = z.object({
  field: z.string(),
  type: z.enum(['text', 'number', 'money', 'date', 'percent']),
  total: z.boolean(),
  /** Text cells that are codes the screen translates (units, movement kinds). */
  translate: z.enum(['units', 'movementTypes', 'seriesKinds']).nullable(),
});

export const reportDataSchema = z.object({
  report: z.enum(REPORT_IDS),
  currency: z.string(),
  /** The filters as applied (defaults filled in). */
  filters: z.object({ as_of: z.string().nullable(), from: z.string().nullable(), to: z.string().nullable(), days: z.number().int().nullable(), category_id: z.number().int().nullable(), brand_id: z.number().int().nullable() }),
  columns: z.array(reportColumnSchema),
  /** Values as the columns say: money and quantities as exact decimal text, counts as numbers, dates as YYYY-MM-DD. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** Sums of the columns marked `total`. */
  totals: z.record(z.string(), z.string()),
  /** The chart: one bar per row of `label`, of the column `value` (the screen keeps the first ones). */
  chart: z.object({ label: z.string(), value: z.string() }),
});
export type ReportData = z.infer<typeof reportDataSchema>;
