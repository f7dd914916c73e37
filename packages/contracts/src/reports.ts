import { z } from 'zod';
import { col, fieldShape } from './list-fields.ts';
import { createdAtField, idField, practiceFields } from './lists/common-fields.ts';
import { calendarDaySchema, idSchema } from './values.ts';
import { REPORT_FORMATS, REPORT_IDS, REPORT_VIEWS, type ReportExportFormat } from './report-ids.ts';
import { RUN_STATUSES } from './jobs.ts';

export * from './report-ids.ts';

/** GET /api/reports/report-data: one report of one practice, with the filters it reads (others are ignored). */
export const reportQuerySchema = z.object({
  report: z.enum(REPORT_IDS),
  dental_practice_id: z.coerce.number().pipe(idSchema),
  /**
   * More practices the report covers, besides `dental_practice_id` (comma-separated ids, at most 50): their rows
   * follow one another with the practice and its currency, and money is totalled per currency, never converted.
   */
  practice_ids: z
    .string()
    .regex(/^\d{1,15}(,\d{1,15}){0,49}$/)
    .transform((text) => [...new Set(text.split(',').map(Number))])
    .pipe(z.array(idSchema))
    .optional(),
  /** A valuation or dead-stock date (default: the practice's today). */
  as_of: calendarDaySchema.optional(),
  /** A period, both days included (default: the last 30 days). */
  from: calendarDaySchema.optional(),
  to: calendarDaySchema.optional(),
  /** Expiring within / unused for this many days (defaults: the practice's settings). */
  days: z.coerce.number().int().min(1).max(1095).optional(),
  category_id: z.coerce.number().pipe(idSchema).optional(),
  brand_id: z.coerce.number().pipe(idSchema).optional(),
  product_id: z.coerce.number().pipe(idSchema).optional(),
  procedure_code_id: z.coerce.number().pipe(idSchema).optional(),
  /** Stock movements: by kind (`summary`, the default) or one row per movement (`lines`). */
  view: z.enum(REPORT_VIEWS).optional(),
  format: z.enum(REPORT_FORMATS).default('json'),
});
export type ReportQuery = z.infer<typeof reportQuerySchema>;

export const reportColumnSchema = z.object({
  field: z.string(),
  type: z.enum(['text', 'number', 'money', 'date', 'percent']),
  total: z.boolean(),
  /** Text cells that are codes the screen translates (units, movement kinds). */
  translate: z.enum(['units', 'movementTypes', 'seriesKinds', 'stockTakeScopes']).nullable(),
});

/** Exact decimal text as reports write it (`round(x, 4)::text`, `toFixed`). */
const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);
/** Four decimal places: money, and shares (0.2500 is 25 %). */
const fourPlaces = z.string().regex(/^-?\d+\.\d{4}$/);

/**
 * What a report cell holds in JSON, by its column's type (null: no value): counts are JSON integers, quantities
 * and measures exact decimal text. The report contract test (api/test/report-contract.test.ts) parses every cell with it.
 */
export const REPORT_CELL_SCHEMAS = {
  text: z.string(),
  number: z.union([z.number().int(), decimalText]),
  money: fourPlaces,
  date: calendarDaySchema,
  percent: fourPlaces,
} as const satisfies Record<z.infer<typeof reportColumnSchema>['type'], z.ZodType>;

/** The filters as applied (defaults filled in; null for those the report does not read). */
export const reportFiltersSchema = z.object({
  as_of: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  days: z.number().int().nullable(),
  category_id: z.number().int().nullable(),
  brand_id: z.number().int().nullable(),
  product_id: z.number().int().nullable(),
  procedure_code_id: z.number().int().nullable(),
  view: z.enum(REPORT_VIEWS),
  /** Every practice the report covers, the first being `dental_practice_id`. */
  practice_ids: z.array(z.number().int()),
});
export type ReportFilters = z.infer<typeof reportFiltersSchema>;

export const reportDataSchema = z.object({
  report: z.enum(REPORT_IDS),
  /** The currency of the first practice; with several practices each row names its own (`currency`). */
  currency: z.string(),
  filters: reportFiltersSchema,
  columns: z.array(reportColumnSchema),
  /** Values as the columns say: money and quantities as exact decimal text, counts as numbers, dates as YYYY-MM-DD. At most REPORT_JSON_MAX_ROWS. */
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** How many rows the report has (the exports hold them all, up to their limits). */
  row_count: z.number().int(),
  /** Sums of the columns marked `total`, over every row (money columns only when every row is in one currency). */
  totals: z.record(z.string(), z.string()),
  /** The same sums per currency, one entry each (a single entry for one practice). */
  subtotals: z.array(z.object({ currency: z.string(), totals: z.record(z.string(), z.string()) })),
  /** The chart: one bar per row of `label`, of the column `value` (the screen keeps the first ones). */
  chart: z.object({ label: z.string(), value: z.string() }),
});
export type ReportData = z.infer<typeof reportDataSchema>;

/** How a recent export stands: a direct download is `succeeded` at once; a background one goes queued → running → succeeded or failed, and `expired` once its file is gone. */
export const REPORT_EXPORT_STATUSES = [...RUN_STATUSES, 'expired'] as const;
export type ReportExportStatus = (typeof REPORT_EXPORT_STATUSES)[number];

/**
 * From how many rows the Generate screen prepares an export in the background instead of downloading it while
 * the reader waits (the report's count, which the screen already has, decides).
 */
export const REPORT_BACKGROUND_FROM_ROWS: Record<ReportExportFormat, number> = { csv: 5_000, xlsx: 5_000, pdf: 500 };
/** How long a background export's file is kept for download (the scheduler's clean-up job removes it after). */
export const REPORT_EXPORT_KEEP_DAYS = 7;
/** The largest file a background export may store: past it the export fails and says so. */
export const REPORT_EXPORT_MAX_BYTES = 64 * 1024 * 1024;

/** POST /api/reports/exports: the report and filters of GET /api/reports/report-data, and a file format. */
export const reportExportBodySchema = reportQuerySchema.extend({ format: z.enum(['csv', 'xlsx', 'pdf']) });
export type ReportExportBody = z.infer<typeof reportExportBodySchema>;

const sortFilter = { sort: true, filter: true };

/** One export in the Reports list's recent exports (with that list's columns). */
export const reportExportFields = {
  id: idField,
  report: col.enum(REPORT_IDS, sortFilter),
  format: col.enum(['csv', 'xlsx', 'pdf'], sortFilter),
  ...practiceFields,
  /** The query parameters of the filters the report read, as applied (re-opening Generate with them gives the same report). */
  filters: col.field(z.record(z.string(), z.string())),
  /** Names of the chosen category, brand, product or procedure code when it was exported. */
  filter_names: col.field(z.record(z.string(), z.string())),
  row_count: col.int(sortFilter),
  created_at: createdAtField,
  /** Prepared in the background: its file is downloaded from `GET /api/reports/exports/{id}/download` once succeeded. */
  background: col.bool({ filter: true }),
  status: col.enum(REPORT_EXPORT_STATUSES, sortFilter),
  /** Rows written so far, of `row_count`. */
  rows_written: col.int(sortFilter),
  /** The file's size in bytes once stored. */
  file_size: col.field(z.number().int().nullable()),
  /** Why it failed, in the reader's language. */
  failure: col.field(z.string().nullable()),
  finished_at: col.nullable(col.date(sortFilter)),
  /** When its file goes (background exports). */
  expires_at: col.nullable(col.date(sortFilter)),
};
/** One export in the Reports list's recent exports: which report, of which practice, with which filters, how and when. */
export const reportExportSchema = z.object(fieldShape(reportExportFields));
export type ReportExport = z.infer<typeof reportExportSchema>;
