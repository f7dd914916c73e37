import { emitWebhookEvent } from '../webhooks/index.ts';
import { eq } from 'drizzle-orm';
import { classify, forecast, forecastWithPrior, procedureDrivenDemand, toDemand, type DemandForecast, type DemandPrior, type TemplateLine } from '@enamel/forecast';
import { addDays } from '@enamel/contracts';
import { dentalPractices, forecastSeries, type Database } from '@enamel/db';
import { errorText } from '../../core/jobs/index.ts';
import { remeasurePracticeRuns } from './forecast-accuracy.ts';
import { refreshSuggestedLevels } from './forecast-levels.ts';
import { forecastRunRows } from './forecast-run-rows.ts';
import { buildWeeklyInput, type WeeklyInput } from './forecast-series.ts';

/** Below this many weeks of history a series is "thin": its forecast is a cautious average and says so. */
export const THIN_WEEKS = 8;
/** Weeks held out to judge, per product, whether procedures × usage beats the product's own history. */
export const HOLDOUT_WEEKS = 8;

interface SeriesResult {
  kind: 'product' | 'procedure_code';
  refId: number;
  method: string;
  demandClass: string;
  source: string;
  thin: boolean;
  historyStart: string;
  history: number[];
  booked: number[];
  mean: number[];
  lower: number[];
  upper: number[];
  sd: number[];
  distribution: 'normal' | 'count';
}

const round = (xs: readonly number[]) => xs.map((x) => Math.round(x * 10_000) / 10_000);

/** Weekly options for a series of n weeks: yearly season from two full years on; a thin series gets its plain average. */
function optionsFor(n: number, horizon: number, level: number) {
  return { horizon, level, seasonalPeriod: n >= 104 ? 52 : 1, periodsPerYear: 52, ...(n < THIN_WEEKS ? { method: 'mean' as const } : {}) };
}

/** Known future demand on top of a forecast: the mean and both bounds move up by what is booked. */
function plusBooked(values: readonly number[], booked: readonly number[]): number[] {
  return values.map((v, i) => v + (booked[i] ?? 0));
}

function mae(actual: readonly number[], predicted: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < actual.length; i++) sum += Math.abs(actual[i]! - (predicted[i] ?? 0));
  return sum / Math.max(1, actual.length);
}

/**
 * Succession (docs/product-rules.md#succession) as the run sees it: which products are replaced at the forecast date
 * (their successor, the factor), and for each successor the combined weekly history of the pair in its own units —
 * every predecessor's use × its factor in the weeks before its succession week added to the product's own, from the
 * succession week on the product's own only (the predecessor's later weeks, using up its stock, are left out).
 * Chains (A → B → C) combine recursively, factors multiplied. The ledger is not touched: this is the forecast's view.
 */
export function successionHistories(input: WeeklyInput): {
  replaced: Map<number, { successorId: number; factor: number }>;
  combined: Map<number, { offset: number; values: number[]; sinceSuccession: number }>;
} {
  const replaced = new Map<number, { successorId: number; factor: number }>();
  const predecessors = new Map<number, WeeklyInput['successions']>();
  for (const s of input.successions) {
    replaced.set(s.productId, { successorId: s.successorId, factor: s.factor });
    predecessors.set(s.successorId, [...(predecessors.get(s.successorId) ?? []), s]);
  }
  const full = new Map<number, number[] | null>();
  /** The product's weekly series over the whole window with its predecessors' converted weeks (null: no use at all). */
  const fullOf = (id: number, seen: Set<number>): number[] | null => {
    if (full.has(id)) return full.get(id)!;
    const own = input.usage.get(id);
    let values: number[] | null = own ? [...new Array<number>(own.offset).fill(0), ...own.values] : null;
    for (const link of predecessors.get(id) ?? []) {
      if (seen.has(link.productId)) continue; // a stored cycle cannot exist; never loop all the same
      const before = fullOf(link.productId, new Set([...seen, link.productId]));
      if (!before) continue;
      values ??= new Array<number>(input.weeks).fill(0);
      for (let w = 0; w < link.week; w++) values[w] = values[w]! + before[w]! * link.factor;
    }
    full.set(id, values);
    return values;
  };
  const combined = new Map<number, { offset: number; values: number[]; sinceSuccession: number }>();
  for (const [id, links] of predecessors) {
    if (replaced.has(id)) continue; // replaced in turn: its own successor takes the chain over
    const values = fullOf(id, new Set([id]));
    if (!values || !links.some((l) => l.week > 0 && fullOf(l.productId, new Set([id, l.productId])) !== null)) continue;
    const offset = values.findIndex((v) => v > 0);
    if (offset < 0) continue;
    const latest = Math.max(...links.map((l) => l.week));
    combined.set(id, { offset, values: values.slice(offset), sinceSuccession: Math.max(0, Math.min(input.weeks - latest, input.weeks - offset)) });
  }
  return { replaced, combined };
}

/** Forecasts of every procedure code from its weeks (optionally without the last `cut` weeks). */
function codeForecasts(input: WeeklyInput, horizon: number, level: number, cut = 0) {
  const out = new Map<number, { result: ReturnType<typeof forecast>; demand: DemandForecast }>();
  for (const [id, series] of input.procedures) {
    const values = cut > 0 ? series.values.slice(0, -cut) : series.values;
    if (values.length === 0) continue;
    const result = forecast(values, optionsFor(values.length, horizon, level));
    out.set(id, { result, demand: toDemand(result) });
  }
  return out;
}

function lines(input: WeeklyInput): TemplateLine[] {
  return input.usagePerProcedure.map((u) => ({ procedureCode: String(u.procedureCodeId), productId: String(u.productId), quantity: u.quantity, quantitySd: u.quantitySd }));
}

const byCode = (forecasts: ReturnType<typeof codeForecasts>) => Object.fromEntries([...forecasts].map(([id, f]) => [String(id), f.demand]));

/** Weeks of a product's latest history its category's average per product is taken over. */
export const CATEGORY_PRIOR_WEEKS = 26;

/**
 * Where a thin product (fewer than THIN_WEEKS weeks of its own, no predecessor's history) borrows its demand from
 * (issue 28 "Start", docs/forecasting.md#lifecycle): first the procedures that use it — the procedure codes' forecasts ×
 * what one procedure uses of it by the templates the code's recent procedures chose (`templateUsage`) — and failing
 * that its category: the average weekly use, over their last CATEGORY_PRIOR_WEEKS weeks, of the practice's other
 * stocked products of the category in the same usage unit that have history enough. Null: neither (as before).
 */
export function thinPriors(input: WeeklyInput, codes: ReturnType<typeof codeForecasts>, level: number, skip: (id: number) => boolean): (id: number) => DemandPrior | null {
  const fromTemplates = procedureDrivenDemand(
    byCode(codes),
    (input.templateUsage ?? []).map((u) => ({ procedureCode: String(u.procedureCodeId), productId: String(u.productId), quantity: u.quantity })),
    level,
  );
  const perCategory = new Map<string, number[]>();
  const categoryKey = (info: { categoryId: number | null; unit: string } | undefined) => (info?.categoryId != null ? `${info.categoryId}|${info.unit}` : null);
  for (const [id, series] of input.usage) {
    const key = categoryKey(input.products?.get(id));
    if (key === null || skip(id) || series.values.length < THIN_WEEKS) continue;
    const recent = series.values.slice(-CATEGORY_PRIOR_WEEKS);
    perCategory.set(key, [...(perCategory.get(key) ?? []), recent.reduce((a, b) => a + b, 0) / recent.length]);
  }
  return (id) => {
    const driven = fromTemplates[String(id)];
    if (driven && driven.mean.some((m) => m > 0)) return { kind: 'procedures', mean: driven.mean, sd: driven.sd };
    const key = categoryKey(input.products?.get(id));
    const peers = key === null ? undefined : perCategory.get(key);
    const mean = peers ? peers.reduce((a, b) => a + b, 0) / peers.length : 0;
    return mean > 0 ? { kind: 'category', mean } : null;
  };
}

/**
 * Every series of a practice as of a date: procedure codes from their own weekly counts, products from
 * their own weekly usage or from the procedure forecasts × what one procedure uses, whichever forecast
 * the product's last HOLDOUT_WEEKS better from the weeks before them; a successor on its predecessors' history, a
 * thin product with a prior (`thinPriors`) on what it borrows. Planned procedures add their
 * items to the weeks they fall in. Pure computation over `input`: no database.
 */
export function forecastAll(input: WeeklyInput, horizon: number, level: number): SeriesResult[] {
  const out: SeriesResult[] = [];
  const weekStart = (offset: number) => addDays(input.start, 7 * offset);
  const noBooking = new Array<number>(horizon).fill(0);

  const codes = codeForecasts(input, horizon, level);
  for (const [id, series] of input.procedures) {
    const f = codes.get(id);
    if (!f) continue;
    const booked = input.bookedProcedures.get(id) ?? noBooking;
    out.push({
      kind: 'procedure_code',
      refId: id,
      method: f.result.method,
      demandClass: f.result.classification.class,
      source: 'history',
      thin: series.values.length < THIN_WEEKS,
      historyStart: weekStart(series.offset),
      history: series.values,
      booked,
      mean: plusBooked(f.result.mean, booked),
      lower: plusBooked(f.result.lower, booked),
      upper: plusBooked(f.result.upper, booked),
      sd: f.result.stats.sd,
      distribution: f.result.stats.distribution,
    });
  }
  // Booked procedure codes without any history: the schedule is all that is known.
  for (const [id, booked] of input.bookedProcedures) {
    if (codes.has(id)) continue;
    out.push({ kind: 'procedure_code', refId: id, method: 'booked', demandClass: 'no-demand', source: 'schedule', thin: true, historyStart: weekStart(input.weeks), history: [], booked, mean: booked, lower: booked, upper: booked, sd: noBooking, distribution: 'count' });
  }

  const templateLines = lines(input);
  const driven = procedureDrivenDemand(byCode(codes), templateLines, level);
  const holdout = input.weeks >= 4 * HOLDOUT_WEEKS ? HOLDOUT_WEEKS : 0;
  const drivenAtOrigin = holdout > 0 ? procedureDrivenDemand(byCode(codeForecasts(input, holdout, level, holdout)), templateLines, level) : {};

  const { replaced, combined } = successionHistories(input);
  // Usage booked on a replaced product (a planned procedure's template still naming it) moves to its last successor, converted.
  const bookedUsage = new Map([...input.bookedUsage].map(([id, b]) => [id, [...b]]));
  for (const [id, booked] of input.bookedUsage) {
    let to = id;
    let factor = 1;
    const seen = new Set([id]);
    for (let r = replaced.get(to); r && !seen.has(r.successorId); r = replaced.get(to)) {
      seen.add(r.successorId);
      to = r.successorId;
      factor *= r.factor;
    }
    if (to === id) continue;
    bookedUsage.delete(id);
    const into = bookedUsage.get(to) ?? new Array<number>(horizon).fill(0);
    bookedUsage.set(to, into.map((v, i) => v + (booked[i] ?? 0) * factor));
  }
  const zeros = new Array<number>(horizon).fill(0);
  const priorOf = thinPriors(input, codes, level, (id) => replaced.has(id) || combined.has(id));
  /** A thin product's forecast on a borrowed demand pooled with its own short history; null without a prior. */
  const borrowed = (id: number, own: number[], historyStart: string): SeriesResult | null => {
    const prior = priorOf(id);
    if (!prior) return null;
    const r = forecastWithPrior(own, prior, optionsFor(own.length, horizon, level));
    const booked = bookedUsage.get(id) ?? noBooking;
    return {
      kind: 'product', refId: id, method: r.method, demandClass: r.classification.class, source: prior.kind, thin: true, historyStart, history: own, booked,
      mean: plusBooked(r.mean, booked), lower: plusBooked(r.lower, booked), upper: plusBooked(r.upper, booked), sd: [...r.stats.sd], distribution: r.stats.distribution,
    };
  };
  const borrowers = new Set<number>();

  for (const [id, series] of input.usage) {
    if (replaced.has(id)) {
      // Replaced at the date: its demand has moved to the successor; nothing more is forecast (or ordered).
      out.push({ kind: 'product', refId: id, method: 'succeeded', demandClass: classify(series.values).class, source: 'successor', thin: series.values.length < THIN_WEEKS, historyStart: weekStart(series.offset), history: series.values, booked: zeros, mean: zeros, lower: zeros, upper: zeros, sd: zeros, distribution: 'normal' });
      continue;
    }
    if (combined.has(id)) continue; // below: forecast on the history it takes over
    if (series.values.length < THIN_WEEKS) {
      const thin = borrowed(id, series.values, weekStart(series.offset));
      if (thin) {
        out.push(thin);
        borrowers.add(id);
        continue;
      }
    }
    const own = forecast(series.values, optionsFor(series.values.length, horizon, level));
    const fromProcedures = driven[String(id)];
    let useProcedures = false;
    if (fromProcedures && holdout > 0 && series.values.length >= 4 * HOLDOUT_WEEKS) {
      const actual = series.values.slice(-holdout);
      const ownAtOrigin = forecast(series.values.slice(0, -holdout), optionsFor(series.values.length - holdout, holdout, level));
      const procAtOrigin = drivenAtOrigin[String(id)];
      useProcedures = procAtOrigin !== undefined && mae(actual, procAtOrigin.mean) < mae(actual, ownAtOrigin.mean);
    }
    const booked = bookedUsage.get(id) ?? noBooking;
    const base = useProcedures && fromProcedures ? { method: 'procedures', mean: fromProcedures.mean, lower: fromProcedures.lower, upper: fromProcedures.upper, sd: fromProcedures.sd, distribution: fromProcedures.distribution } : { method: own.method, mean: own.mean, lower: own.lower, upper: own.upper, sd: own.stats.sd, distribution: own.stats.distribution };
    out.push({
      kind: 'product',
      refId: id,
      method: base.method,
      demandClass: own.classification.class,
      source: useProcedures ? 'procedures' : 'history',
      thin: series.values.length < THIN_WEEKS,
      historyStart: weekStart(series.offset),
      history: series.values,
      booked,
      mean: plusBooked(base.mean, booked),
      lower: plusBooked(base.lower, booked),
      upper: plusBooked(base.upper, booked),
      sd: [...base.sd],
      distribution: base.distribution,
    });
  }
  // Successors: their predecessors' converted history before the succession week, their own from it.
  for (const [id, c] of combined) {
    const own = input.usage.get(id);
    const ownValues = own ? own.values.slice(Math.max(0, c.offset - own.offset)) : [];
    const k = Math.min(c.sinceSuccession, ownValues.length);
    const r = forecastWithPrior(ownValues, { kind: 'predecessor', history: c.values, sinceSuccession: k }, optionsFor(c.values.length, horizon, level));
    const booked = bookedUsage.get(id) ?? noBooking;
    out.push({
      kind: 'product',
      refId: id,
      method: r.method,
      demandClass: r.classification.class,
      source: 'predecessor',
      thin: c.values.length < THIN_WEEKS,
      historyStart: weekStart(c.offset),
      history: r.history.combined ?? c.values,
      booked,
      mean: plusBooked(r.mean, booked),
      lower: plusBooked(r.lower, booked),
      upper: plusBooked(r.upper, booked),
      sd: [...r.stats.sd],
      distribution: r.stats.distribution,
    });
  }
  // Stocked products with no history at all: a borrowed forecast when there is one to borrow (else as before).
  for (const id of input.products?.keys() ?? []) {
    if (input.usage.has(id) || combined.has(id) || replaced.has(id)) continue;
    const none = borrowed(id, [], weekStart(input.weeks));
    if (none) {
      out.push(none);
      borrowers.add(id);
    }
  }
  for (const [id, booked] of bookedUsage) {
    if (input.usage.has(id) || combined.has(id) || borrowers.has(id)) continue;
    out.push({ kind: 'product', refId: id, method: 'booked', demandClass: 'no-demand', source: 'schedule', thin: true, historyStart: weekStart(input.weeks), history: [], booked, mean: booked, lower: booked, upper: booked, sd: noBooking, distribution: 'normal' });
  }
  return out;
}

/**
 * Runs a queued forecast run to its end. The run is claimed first (queued → running), so a run is
 * executed once however many workers are handed it; its series and its completion are written in one
 * transaction with the suggested reorder levels it implies, so readers see the previous complete run until this one is
 * whole. A failure is recorded
 * on the run (status failed, the message) and leaves no series behind.
 */
export async function executeForecastRun(db: Database, runId: number): Promise<void> {
  const run = await forecastRunRows.claim(db, runId);
  if (!run) return;
  const began = performance.now();
  try {
    const input = await buildWeeklyInput(db, run.dentalPracticeId, run.forecastDate, run.horizonWeeks);
    const results = forecastAll(input, run.horizonWeeks, Number(run.level));
    const methods: Record<string, number> = {};
    for (const r of results) methods[r.method] = (methods[r.method] ?? 0) + 1;
    await db.transaction(async (tx) => {
      for (let i = 0; i < results.length; i += 200) {
        await tx.insert(forecastSeries).values(
          results.slice(i, i + 200).map((r) => ({
            runId,
            kind: r.kind,
            refId: r.refId,
            method: r.method,
            demandClass: r.demandClass,
            source: r.source,
            thin: r.thin,
            historyStart: r.historyStart,
            history: round(r.history),
            booked: round(r.booked),
            mean: round(r.mean),
            lower: round(r.lower),
            upper: round(r.upper),
            sd: round(r.sd),
            distribution: r.distribution,
          })),
        );
      }
      await forecastRunRows.succeed(tx, runId, { durationMs: Math.round(performance.now() - began), seriesCount: results.length, methods });
      // The levels the run implies are committed with it (forecast-levels.ts): readers never see a run without them.
      await refreshSuggestedLevels(tx, run.dentalPracticeId);
      await emitWebhookEvent(tx, run.dentalPracticeId, 'forecast.run_finished', {
        forecast_run: { id: runId, forecast_date: run.forecastDate, horizon_weeks: run.horizonWeeks, series_count: results.length, methods },
      });
    });
  } catch (err) {
    await forecastRunRows.fail(db, runId, { key: 'failed' }, { durationMs: Math.round(performance.now() - began) }, errorText(err));
    return;
  }
  // The run is complete; scoring it (a back-test at once) and the practice's earlier runs is extra: a
  // failure there leaves the run as it is and is tried again after the next run.
  try {
    const [practice] = await db.select({ timeZone: dentalPractices.timeZone }).from(dentalPractices).where(eq(dentalPractices.id, run.dentalPracticeId));
    if (practice) await remeasurePracticeRuns(db, run.dentalPracticeId, practice.timeZone);
  } catch {
    // Accuracy stays as it was.
  }
}

