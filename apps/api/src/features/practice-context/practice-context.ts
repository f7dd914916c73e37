import { and, desc, eq, type SQL } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS } from '@enamel/contracts';
import { dentalPractices, forecastRuns, practiceSettings, type Database } from '@enamel/db';
import { dayIn } from '../../core/active-practice.ts';
import { AppError } from '../../core/errors.ts';
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

/**
 * Resolves a practice as of a date: `defaultDate` says what a missing date means (the dashboard uses the
 * practice's forecast date setting, reports today). A date after today shows today. 404 for an unknown practice.
 */
export async function practiceContext(
  db: Database,
  query: { dental_practice_id: number; forecast_date?: string | undefined; ref_id?: number | undefined },
  defaultDate: 'setting' | 'today' = 'setting',
): Promise<PracticeContext> {
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
      monthlySupplyBudget: practiceSettings.monthlySupplyBudget,
      poApprovalThreshold: practiceSettings.poApprovalThreshold,
      overReceiptTolerance: practiceSettings.overReceiptTolerance,
    })
    .from(dentalPractices)
    .leftJoin(practiceSettings, eq(practiceSettings.dentalPracticeId, dentalPractices.id))
    .where(eq(dentalPractices.id, query.dental_practice_id));
  if (!practice) throw new AppError('not_found');
  const today = dayIn(practice.timeZone, new Date());
  const chosen = query.forecast_date ?? (defaultDate === 'setting' ? practice.forecastDate : null) ?? today;
  // A date after today would be a forecast of a forecast: today instead.
  const date = chosen > today ? today : chosen;
  const [run] = await db
    .select({ id: forecastRuns.id, status: forecastRuns.status, finishedAt: forecastRuns.finishedAt, horizonWeeks: forecastRuns.horizonWeeks, level: forecastRuns.level })
    .from(forecastRuns)
    .where(and(eq(forecastRuns.dentalPracticeId, query.dental_practice_id), eq(forecastRuns.forecastDate, date), eq(forecastRuns.status, 'succeeded')))
    .orderBy(desc(forecastRuns.finishedAt), desc(forecastRuns.id))
    .limit(1);
  const moment = { practiceId: query.dental_practice_id, timeZone: practice.timeZone, date, today };
  return {
    db,
    ...moment,
    currency: practice.currency,
    cutoff: cutoffOf(moment),
    dateStart: startOfDay(date, practice.timeZone),
    settings: {
      horizonWeeks: practice.horizonWeeks ?? d.forecast_horizon_weeks,
      serviceLevel: Number(practice.serviceLevel ?? d.service_level),
      leadTimeDays: practice.leadTimeDays ?? d.lead_time_days,
      reviewPeriodDays: practice.reviewPeriodDays ?? d.review_period_days,
      deadStockDays: practice.deadStockDays ?? d.dead_stock_days,
      expiryWarningDays: practice.expiryWarningDays ?? d.expiry_warning_days,
      monthlySupplyBudget: practice.monthlySupplyBudget ?? d.monthly_supply_budget,
      poApprovalThreshold: practice.poApprovalThreshold ?? d.po_approval_threshold,
      overReceiptTolerance: Number(practice.overReceiptTolerance ?? d.over_receipt_tolerance),
    },
    run: run ?? null,
    refId: query.ref_id,
  };
}
