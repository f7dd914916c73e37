import { z } from 'zod';
import { col, fieldShape } from './list-fields.ts';
import { createdAtField, idField, practiceFields } from './lists/common-fields.ts';
import { calendarDaySchema, idSchema } from './values.ts';
import { RUN_STATUSES } from './jobs.ts';

/** A forecast run's status: the one run vocabulary (jobs.ts). */
export const FORECAST_RUN_STATUSES = RUN_STATUSES;

/** POST /api/forecast/run: forecast a practice as of a date (today in the practice's zone when absent). */
export const forecastRunBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  forecast_date: calendarDaySchema.optional(),
});
export type ForecastRunBody = z.infer<typeof forecastRunBodySchema>;

const sortFilter = { sort: true, filter: true };

/** A forecast run (with the forecast runs list's columns). */
export const forecastRunFields = {
  id: idField,
  ...practiceFields,
  forecast_date: col.date(sortFilter),
  status: col.enum(FORECAST_RUN_STATUSES, sortFilter),
  horizon_weeks: col.int(sortFilter),
  level: col.decimal(sortFilter),
  requested_by: col.field(z.number().int().nullable()),
  requested_by_email: col.nullable(col.text({ sort: true, filter: true, search: true })),
  created_at: createdAtField,
  started_at: col.nullable(col.date(sortFilter)),
  finished_at: col.nullable(col.date(sortFilter)),
  duration_ms: col.nullable(col.int(sortFilter)),
  series_count: col.int(sortFilter),
  methods: col.field(z.record(z.string(), z.number())),
  /** What went wrong, as the run's process saw it (an exception's text). */
  error: col.nullable(col.text({ filter: true, search: true })),
  /** Why it failed, as a message key the screen translates (`jobs.failure.<key>`): interrupted, failed. */
  failure: col.field(z.string().nullable()),
  /**
   * For a date whose forecast weeks have (partly) passed: how the run did on product demand in those weeks —
   * weighted absolute percentage error (null when nothing was used) and the share of weekly actuals inside its bounds.
   */
  accuracy: col.field(z.object({ weeks: z.number().int(), wape: z.number().nullable(), coverage: z.number() }).nullable()),
};
export const forecastRunSchema = z.object(fieldShape(forecastRunFields));
export type ForecastRun = z.infer<typeof forecastRunSchema>;
