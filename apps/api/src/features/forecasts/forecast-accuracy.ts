import { and, desc, eq, isNotNull, lt } from 'drizzle-orm';
import { addDays, dayIn, daysBetween } from '@enamel/contracts';
import { forecastRuns, forecastSeries, type Database } from '@enamel/db';
import { consumptionByWeek } from '../stock/index.ts';
import { proceduresByWeek } from './forecast-series.ts';

type Db = Pick<Database, 'execute'>;

/** Earlier runs of a practice measured again after each new run (as their weeks pass). */
const REMEASURED_RUNS = 12;

export interface RunAccuracy {
  weeks: number;
  /** Σ|actual − forecast| / Σ actual over every product and passed week; null when nothing was used. */
  wape: number | null;
  /** Share of (product, week) actuals inside the run's bounds. */
  coverage: number;
}

/**
 * What happened in the `weeks` weeks from a forecast date, per product (consumption: stock's one weekly reading) or
 * procedure code (completed procedures), one number a week, weeks counted from the date in the practice's zone.
 * Series with nothing are absent; `refId` reads one series only.
 */
export async function weeklyActualsByRef(db: Db, input: { practiceId: number; forecastDate: string; weeks: number; timeZone: string; kind: 'product' | 'procedure_code'; refId?: number }): Promise<Map<number, number[]>> {
  const window = { practiceId: input.practiceId, timeZone: input.timeZone, start: input.forecastDate, weeks: input.weeks };
  return input.kind === 'product'
    ? consumptionByWeek(db, { ...window, ...(input.refId !== undefined ? { productId: input.refId } : {}) })
    : proceduresByWeek(db, { ...window, ...(input.refId !== undefined ? { procedureCodeId: input.refId } : {}) });
}

/**
 * How a stored run did on product demand in its forecast weeks that have fully passed by `today`: actual
 * consumption per product and week (the ledger's consume movements, weeks counted from the forecast date in
 * the practice's zone) against the stored mean and bounds. Null when no forecast week has passed yet.
 */
export async function measureRunAccuracy(db: Database, run: { id: number; dentalPracticeId: number; forecastDate: string; horizonWeeks: number }, today: string, timeZone: string): Promise<RunAccuracy | null> {
  const weeks = Math.min(run.horizonWeeks, Math.floor(daysBetween(run.forecastDate, today) / 7));
  if (weeks <= 0) return null;
  const series = await db
    .select({ refId: forecastSeries.refId, mean: forecastSeries.mean, lower: forecastSeries.lower, upper: forecastSeries.upper })
    .from(forecastSeries)
    .where(and(eq(forecastSeries.runId, run.id), eq(forecastSeries.kind, 'product')));
  if (series.length === 0) return null;
  const actual = await weeklyActualsByRef(db, { practiceId: run.dentalPracticeId, forecastDate: run.forecastDate, weeks, timeZone, kind: 'product' });
  let error = 0;
  let total = 0;
  let inside = 0;
  let points = 0;
  for (const s of series) {
    const a = actual.get(s.refId) ?? new Array<number>(weeks).fill(0);
    for (let w = 0; w < weeks; w++) {
      const mean = s.mean[w] ?? 0;
      error += Math.abs(a[w]! - mean);
      total += a[w]!;
      // Stored bounds are rounded: a hair of tolerance.
      if (a[w]! >= (s.lower[w] ?? 0) - 1e-6 && a[w]! <= (s.upper[w] ?? 0) + 1e-6) inside++;
      points++;
    }
  }
  return { weeks, wape: total > 0 ? error / total : null, coverage: inside / points };
}

/**
 * After a run of a practice completes: measures it (a back-test can be scored at once) and the practice's
 * recent completed runs whose forecast weeks have passed since they were last measured.
 */
export async function remeasurePracticeRuns(db: Database, practiceId: number, timeZone: string): Promise<void> {
  const today = dayIn(timeZone, new Date());
  const candidates = await db
    .select({ id: forecastRuns.id, dentalPracticeId: forecastRuns.dentalPracticeId, forecastDate: forecastRuns.forecastDate, horizonWeeks: forecastRuns.horizonWeeks, accuracyWeeks: forecastRuns.accuracyWeeks })
    .from(forecastRuns)
    .where(and(eq(forecastRuns.dentalPracticeId, practiceId), eq(forecastRuns.status, 'succeeded'), lt(forecastRuns.forecastDate, addDays(today, -6)), isNotNull(forecastRuns.finishedAt)))
    .orderBy(desc(forecastRuns.forecastDate), desc(forecastRuns.id))
    .limit(REMEASURED_RUNS);
  for (const run of candidates) {
    const due = Math.min(run.horizonWeeks, Math.floor(daysBetween(run.forecastDate, today) / 7));
    if (run.accuracyWeeks !== null && run.accuracyWeeks >= due) continue;
    const accuracy = await measureRunAccuracy(db, run, today, timeZone);
    if (!accuracy) continue;
    await db
      .update(forecastRuns)
      .set({ accuracyWeeks: accuracy.weeks, wape: accuracy.wape === null ? null : accuracy.wape.toFixed(4), coverage: accuracy.coverage.toFixed(4) })
      .where(eq(forecastRuns.id, run.id));
  }
}
