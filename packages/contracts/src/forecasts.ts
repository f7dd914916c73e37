import { z } from 'zod';
import { calendarDaySchema, idSchema } from './values.ts';

export const FORECAST_RUN_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;

/** POST /api/forecast/run: forecast a practice as of a date (today in the practice's zone when absent). */
export const forecastRunBodySchema = z.strictObject({
  dental_practice_id: idSchema,
  forecast_date: calendarDaySchema.optional(),
});
export type ForecastRunBody = z.infer<typeof forecastRunBodySchema>;

export const forecastRunSchema = z.object({
  id: z.number().int(),
  dental_practice_id: z.number().int(),
  dental_practice_name: z.string(),
  forecast_date: z.string(),
  status: z.enum(FORECAST_RUN_STATUSES),
  horizon_weeks: z.number().int(),
  level: z.string(),
  requested_by: z.number().int().nullable(),
  requested_by_email: z.string().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  duration_ms: z.number().int().nullable(),
  series_count: z.number().int(),
  methods: z.record(z.string(), z.number()),
  error: z.string().nullable(),
  /**
   * For a date whose forecast weeks have (partly) passed: how the run did on product demand in those weeks —
   * weighted absolute percentage error (null when nothing was used) and the share of weekly actuals inside its bounds.
   */
  accuracy: z.object({ weeks: z.number().int(), wape: z.number().nullable(), coverage: z.number() }).nullable(),
});
export type ForecastRun = z.infer<typeof forecastRunSchema>;
