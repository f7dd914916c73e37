import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { CONFIGURATION_DEFAULTS } from '@enamel/contracts';
import { dentalPractices, forecastRuns, practiceSettings, rowsOf, type Database } from '@enamel/db';
import { dayIn } from '../../core/active-practice.ts';
import { AppError } from '../../core/errors.ts';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { cutoffOf, startOfDay, type StockMoment } from '../stock/index.ts';

/** A practice's settings as the reads use them (the contracts' defaults until it saves its own). */
export interface PracticeSettings {
  horizonWeeks: number;
  serviceLevel: number;
  leadTimeDays: number;
  reviewPeriodDays: number;
  deadStockDays: number;
  expiryWarningDays: number;
  /** The monthly supply budget in the practice's currency (exact decimal text); null = none. */
  monthlySupplyBudget: string | null;
  /** A purchase order above this total needs approval (exact decimal text); null = never. */
  poApprovalThreshold: string | null;
  /** Share of a line that may be received beyond it (0.05 = 5 %). */
  overReceiptTolerance: number;
}

/**
 * What the dashboard's widgets and the reports read: the practice, the day they speak of, its settings and the
 * stored forecast run for that day. It is a stock moment (the stock reads take it as is).
 */
export interface PracticeContext extends StockMoment {
  db: Database;
  currency: string;
  /** The instant stock figures are read at (`cutoffOf`): now when the date is today, else the start of the date. */
  cutoff: SQL;
  /** The start of the date in the practice's zone. */
  dateStart: SQL;
  settings: PracticeSettings;
  run: { id: number; status: string; finishedAt: Date | null; horizonWeeks: number; level: string } | null;
  refId?: number | undefined;
}

const d = CONFIGURATION_DEFAULTS;

const contextRow = sqlRow({
  time_zone: sqlCol.text,
  currency: sqlCol.text,
  forecast_horizon_weeks: sqlCol.int.nullable(),
  service_level: sqlCol.text.nullable(),
  lead_time_days: sqlCol.int.nullable(),
  review_period_days: sqlCol.int.nullable(),
  dead_stock_days: sqlCol.int.nullable(),
  expiry_warning_days: sqlCol.int.nullable(),
  forecast_date: sqlCol.text.nullable(),
  monthly_supply_budget: sqlCol.text.nullable(),
  po_approval_threshold: sqlCol.text.nullable(),
  over_receipt_tolerance: sqlCol.text.nullable(),
  run_day: sqlCol.text,
  run_id: sqlCol.int.nullable(),
  run_status: sqlCol.text.nullable(),
  run_finished_at: sqlCol.instant.nullable(),
  run_horizon_weeks: sqlCol.int.nullable(),
  run_level: sqlCol.decimal.nullable(),
});
type ContextRow = z.output<typeof contextRow>;

/** The run the context query found, if any. */
function storedRun(row: ContextRow): PracticeContext['run'] {
  const { run_id: id, run_status: status, run_finished_at: finishedAt, run_horizon_weeks: horizonWeeks, run_level: level } = row;
  if (id === null || status === null || horizonWeeks === null || level === null) return null;
  return { id, status, finishedAt: finishedAt === null ? null : new Date(finishedAt), horizonWeeks, level };
}

/** The latest succeeded run of a practice for a day (the rare case the context query's day was not dayIn's). */
async function runOf(db: Database, practiceId: number, date: string): Promise<PracticeContext['run']> {
  const [run] = await db
    .select({ id: forecastRuns.id, status: forecastRuns.status, finishedAt: forecastRuns.finishedAt, horizonWeeks: forecastRuns.horizonWeeks, level: forecastRuns.level })
    .from(forecastRuns)
    .where(and(eq(forecastRuns.dentalPracticeId, practiceId), eq(forecastRuns.forecastDate, date), eq(forecastRuns.status, 'succeeded')))
    .orderBy(desc(forecastRuns.finishedAt), desc(forecastRuns.id))
    .limit(1);
  return run ?? null;
}

/**
 * Resolves a practice as of a date: `defaultDate` says what a missing date means (the dashboard uses the
 * practice's forecast date setting, reports today). A date after today shows today. 404 for an unknown practice.
 */
export async function practiceContext(
  db: Database,
  query: { dental_practice_id: number; forecast_date?: string | undefined; ref_id?: number | undefined },
  defaultDate: 'setting' | 'today' = 'setting',
): Promise<PracticeContext> {
  // One round trip for the practice, its settings and the stored run of the day asked for (every widget call and
  // report starts here). The day is worked out in SQL from this instant in the practice's zone; the same day is
  // worked out below with the contracts' dayIn, and should the two zone databases ever disagree the run is read
  // again for the day dayIn gives.
  const now = new Date();
  const explicit = query.forecast_date ?? null;
  const [practice] = await rowsOf(
    db,
    contextRow,
    sql`SELECT p.time_zone, p.currency, s.forecast_horizon_weeks, s.service_level::text, s.lead_time_days, s.review_period_days,
          s.dead_stock_days, s.expiry_warning_days, s.forecast_date::text, s.monthly_supply_budget::text, s.po_approval_threshold::text,
          s.over_receipt_tolerance::text, d.day::text AS run_day, r.id AS run_id, r.status AS run_status, r.finished_at AS run_finished_at,
          r.horizon_weeks AS run_horizon_weeks, r.level AS run_level
        FROM ${dentalPractices} p
        LEFT JOIN ${practiceSettings} s ON s.dental_practice_id = p.id
        CROSS JOIN LATERAL (SELECT (${now.toISOString()}::timestamptz AT TIME ZONE p.time_zone)::date AS today) t
        CROSS JOIN LATERAL (
          SELECT least(coalesce(${explicit}::date, CASE WHEN ${defaultDate === 'setting'} THEN s.forecast_date END, t.today), t.today) AS day
        ) d
        LEFT JOIN LATERAL (
          SELECT fr.id, fr.status, fr.finished_at, fr.horizon_weeks, fr.level FROM ${forecastRuns} fr
          WHERE fr.dental_practice_id = p.id AND fr.forecast_date = d.day AND fr.status = 'succeeded'
          ORDER BY fr.finished_at DESC NULLS FIRST, fr.id DESC LIMIT 1
        ) r ON true
        WHERE p.id = ${query.dental_practice_id}`,
  );
  if (!practice) throw new AppError('not_found');
  const today = dayIn(practice.time_zone, now);
  const chosen = query.forecast_date ?? (defaultDate === 'setting' ? practice.forecast_date : null) ?? today;
  // A date after today would be a forecast of a forecast: today instead.
  const date = chosen > today ? today : chosen;
  const run = date === practice.run_day ? storedRun(practice) : await runOf(db, query.dental_practice_id, date);
  const moment = { practiceId: query.dental_practice_id, timeZone: practice.time_zone, date, today };
  return {
    db,
    ...moment,
    currency: practice.currency,
    cutoff: cutoffOf(moment),
    dateStart: startOfDay(date, practice.time_zone),
    settings: {
      horizonWeeks: practice.forecast_horizon_weeks ?? d.forecast_horizon_weeks,
      serviceLevel: Number(practice.service_level ?? d.service_level),
      leadTimeDays: practice.lead_time_days ?? d.lead_time_days,
      reviewPeriodDays: practice.review_period_days ?? d.review_period_days,
      deadStockDays: practice.dead_stock_days ?? d.dead_stock_days,
      expiryWarningDays: practice.expiry_warning_days ?? d.expiry_warning_days,
      monthlySupplyBudget: practice.monthly_supply_budget ?? d.monthly_supply_budget,
      poApprovalThreshold: practice.po_approval_threshold ?? d.po_approval_threshold,
      overReceiptTolerance: Number(practice.over_receipt_tolerance ?? d.over_receipt_tolerance),
    },
    run,
    refId: query.ref_id,
  };
}
