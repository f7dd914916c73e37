import { and, desc, eq } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS, type ForecastRun } from '@enamel/contracts';
import { forecastRuns, practiceSettings, type Database } from '@enamel/db';
import { dayIn, lockActivePractice } from '../../core/active-practice.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { forecastRunRows } from './forecast-run-rows.ts';
import { forecastRunList } from './forecast-runs.list.ts';

/** A practice without saved settings forecasts with the contracts' defaults (the Setting screen shows the same). */
const DEFAULT_RUN_SETTINGS = { horizonWeeks: CONFIGURATION_DEFAULTS.forecast_horizon_weeks, level: String(CONFIGURATION_DEFAULTS.service_level) };

/** One run as the API shows it. */
export async function findForecastRun(db: Database, id: number): Promise<ForecastRun> {
  const [row] = await forecastRunList.query(db).where(eq(forecastRuns.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  return forecastRunList.present!(row);
}

/**
 * Asks for a forecast of a practice as of a date (today in its zone when absent). Inside one transaction,
 * after the practice's share lock: a future date is refused (422); a run already queued or running for that
 * practice and date is answered instead of a new one (a double click, two managers), and the partial unique
 * index makes that hold for requests racing each other.
 * Returns the run, whether it is new (the caller then starts it) and the practice's today.
 */
export async function requestForecastRun(db: Database, input: { practiceId: number; forecastDate?: string | undefined; userId: number | null }): Promise<{ run: ForecastRun; created: boolean; today: string }> {
  const outcome = await db.transaction(async (tx) => {
    const practice = await lockActivePractice(tx, input.practiceId);
    const today = dayIn(practice.timeZone, new Date());
    const date = input.forecastDate ?? today;
    if (date > today) throw invalid('forecast_date', 'forecast.future_date', { today });
    const thisDate = and(eq(forecastRuns.dentalPracticeId, input.practiceId), eq(forecastRuns.forecastDate, date));
    // A run left queued or running by a server that stopped (a restart, a crash) would block its date for good:
    // past the longest a run takes it is marked failed (the job grammar's stale rule), and a new one starts.
    await forecastRunRows.failStale(tx, thisDate);
    const [existing] = await tx.select({ id: forecastRuns.id }).from(forecastRuns).where(and(thisDate, forecastRunRows.active)).orderBy(desc(forecastRuns.id)).limit(1);
    if (existing) return { id: existing.id, created: false, today };
    const [settings] = await tx
      .select({ horizonWeeks: practiceSettings.forecastHorizonWeeks, level: practiceSettings.serviceLevel })
      .from(practiceSettings)
      .where(eq(practiceSettings.dentalPracticeId, input.practiceId));
    const [created] = await tx
      .insert(forecastRuns)
      .values({ dentalPracticeId: input.practiceId, forecastDate: date, requestedBy: input.userId, ...(settings ?? DEFAULT_RUN_SETTINGS) })
      .onConflictDoNothing()
      .returning({ id: forecastRuns.id });
    if (created) return { id: created.id, created: true, today };
    // Another request inserted the active run between our read and our insert: answer that one.
    const [raced] = await tx
      .select({ id: forecastRuns.id })
      .from(forecastRuns)
      .where(and(thisDate, forecastRunRows.active));
    if (!raced) throw new AppError('conflict');
    return { id: raced.id, created: false, today };
  });
  return { run: await findForecastRun(db, outcome.id), created: outcome.created, today: outcome.today };
}
