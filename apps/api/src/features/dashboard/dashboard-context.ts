import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { DashboardMeta, DashboardQuery } from '@enamel/contracts';
import { dentalPractices, forecastRuns, practiceSettings, type Database } from '@enamel/db';
import { dayIn } from '../../core/active-practice.ts';
import { AppError } from '../../core/errors.ts';
import { DEFAULT_FORECAST_SETTINGS } from '../forecasts/forecast-runs.service.ts';

/** What every widget reads: the practice, the day it speaks of, its settings and the stored run for that day. */
export interface DashboardContext {
  db: Database;
  practiceId: number;
  timeZone: string;
  currency: string;
  /** The forecast date (YYYY-MM-DD): history is what happened before it. */
  date: string;
  today: string;
  /**
   * The instant stock figures are read at: now when the date is today, else the start of the date in the
   * practice's zone (a back-test sees the ledger as it stood then).
   */
  cutoff: SQL;
  /** The start of the forecast date in the practice's zone. */
  dateStart: SQL;
  settings: { horizonWeeks: number; serviceLevel: number; leadTimeDays: number; reviewPeriodDays: number; deadStockDays: number; expiryWarningDays: number };
  run: { id: number; status: string; finishedAt: Date | null; horizonWeeks: number; level: string } | null;
  refId?: number | undefined;
}

/** The start of a calendar day in a zone, as a timestamptz. */
export const startOfDay = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;

/** `defaultDate`: without a date, the dashboard uses the practice's forecast date setting; reports use today. */
export async function dashboardContext(db: Database, query: DashboardQuery, defaultDate: 'setting' | 'today' = 'setting'): Promise<DashboardContext> {
  const [practice] = await db
    .select({
      timeZone: dentalPractices.timeZone,
      currency: dentalPractices.currency,
      horizonWeeks: practiceSettings.forecastHorizonWeeks,
      serviceLevel: practiceSettings.serviceLevel,
      leadTimeDays: practiceSettings.leadTimeDays,
      reviewPeriodDays: practiceSettings.reviewPeriodDays,
      deadStockDays: practiceSettings.deadStockDays,
      expiryWarningDays: practiceSettings.expiryWarningDays,
      forecastDate: practiceSettings.forecastDate,
    })
    .from(dentalPractices)
    .leftJoin(practiceSettings, eq(practiceSettings.dentalPracticeId, dentalPractices.id))
    .where(eq(dentalPractices.id, query.dental_practice_id));
  if (!practice) throw new AppError('not_found');
  const today = dayIn(practice.timeZone, new Date());
  const chosen = query.forecast_date ?? (defaultDate === 'setting' ? practice.forecastDate : null) ?? today;
  // A date after today would be a forecast of a forecast: the dashboard shows today instead.
  const date = chosen > today ? today : chosen;
  const dateStart = startOfDay(date, practice.timeZone);
  const [run] = await db
    .select({ id: forecastRuns.id, status: forecastRuns.status, finishedAt: forecastRuns.finishedAt, horizonWeeks: forecastRuns.horizonWeeks, level: forecastRuns.level })
    .from(forecastRuns)
    .where(and(eq(forecastRuns.dentalPracticeId, query.dental_practice_id), eq(forecastRuns.forecastDate, date), eq(forecastRuns.status, 'succeeded')))
    .orderBy(desc(forecastRuns.finishedAt), desc(forecastRuns.id))
    .limit(1);
  return {
    db,
    practiceId: query.dental_practice_id,
    timeZone: practice.timeZone,
    currency: practice.currency,
    date,
    today,
    cutoff: date === today ? sql`now()` : dateStart,
    dateStart,
    settings: {
      horizonWeeks: practice.horizonWeeks ?? DEFAULT_FORECAST_SETTINGS.horizonWeeks,
      serviceLevel: Number(practice.serviceLevel ?? DEFAULT_FORECAST_SETTINGS.level),
      leadTimeDays: practice.leadTimeDays ?? 7,
      reviewPeriodDays: practice.reviewPeriodDays ?? 7,
      deadStockDays: practice.deadStockDays ?? 90,
      expiryWarningDays: practice.expiryWarningDays ?? 30,
    },
    run: run ?? null,
    refId: query.ref_id,
  };
}

export function metaOf(ctx: DashboardContext): DashboardMeta {
  return {
    dental_practice_id: ctx.practiceId,
    forecast_date: ctx.date,
    today: ctx.today,
    currency: ctx.currency,
    run: ctx.run ? { id: ctx.run.id, status: ctx.run.status, finished_at: ctx.run.finishedAt?.toISOString() ?? null, horizon_weeks: ctx.run.horizonWeeks, level: ctx.run.level } : null,
  };
}
