/**
 * Forecasts for a product with a borrowed history ("Start" of issue 28).
 *
 * - **Predecessor** (succession): the product replaces another one from a succession date. The
 *   predecessor's history, already converted to this product's units by the caller (× the
 *   conversion factor), stands in for the periods before that date; the product's own history is
 *   used from the date on. The combined series is forecast as any other.
 * - **Demand prior** (no predecessor): a per-period demand the caller knows from elsewhere — the
 *   category's mean demand per product, or the procedure-driven demand of the product's templates
 *   (`productDemand` / `procedureDrivenDemand`). It is pooled with the forecast of the product's own
 *   (short) history with credibility weights: own weight w = n / (n + weight), where n is the
 *   number of periods since the product's first demand (all of them when it had none). The result
 *   is the linear pool of the two predictive distributions: mean w·own + (1 − w)·prior, variance
 *   the pool's (so a prior far from the own forecast widens the bounds).
 *
 * Both say where the history came from (`history.source`), so a view can mark the succession date
 * and the app can tell a borrowed forecast from a product's own.
 */
import { bounds, forecast, type ForecastOptions, type ForecastResult } from './forecast.ts';
import { doubleArray, toDoubles } from './util.ts';
import { assertSeries } from './validate.ts';

/** A predecessor's history carried over from a succession date. */
export interface PredecessorPrior {
  kind: 'predecessor';
  /**
   * The predecessor's demand per period, converted to this product's units (old quantity × the
   * conversion factor), oldest first, **ending at the same period as the product's own series**
   * (the two may have different lengths; periods after the predecessor stopped are zeros or may be
   * included as recorded: they are not used).
   */
  history: readonly number[];
  /**
   * Number of the latest periods that belong to the product itself: the periods from the
   * succession date on (0 = the succession starts with the next period). The combined history is
   * history[… − sinceSuccession] followed by the product's last `sinceSuccession` periods.
   */
  sinceSuccession: number;
}

/** A per-period demand from outside the product's own history (no predecessor). */
export interface DemandPrior {
  /** `category`: the category's mean demand per product; `procedures`: procedure-driven demand of the templates. */
  kind: 'category' | 'procedures';
  /** Expected demand per period over the horizon (one value = every period; a shorter array repeats its last value). */
  mean: number | readonly number[];
  /** Standard deviation per period (same shapes as `mean`); default √mean (Poisson). */
  sd?: number | readonly number[];
  /** Weight of the prior in periods of own history (default `PRIOR.weight`). */
  weight?: number;
}

export type HistoryPrior = PredecessorPrior | DemandPrior;

export type HistorySource = 'own' | 'predecessor' | 'category' | 'procedures';

export interface PriorForecastResult extends ForecastResult {
  /** Where the history behind the forecast came from. */
  history: {
    /** `predecessor` or the demand prior's kind (`own` is for callers that label plain forecasts alike). */
    source: HistorySource;
    /** Periods of the product's own history used. */
    ownPeriods: number;
    /** Predecessor: index in the combined history of the first period of the product itself. */
    successionIndex?: number;
    /** Predecessor: the combined history that was forecast. */
    combined?: number[];
    /** Demand prior: the weight (0–1) of the own forecast in the pool. */
    ownWeight?: number;
  };
}

/** Settings of the demand prior. */
export const PRIOR = {
  /** Weight of a demand prior, in periods of own history (the own forecast has weight n / (n + weight)). */
  weight: 8,
};

function perPeriod(v: number | readonly number[], h: number, name: string): number[] {
  const arr = typeof v === 'number' ? [v] : v;
  if (arr.length === 0) throw new RangeError(`${name}: empty`);
  for (const x of arr) if (!(Number.isFinite(x) && x >= 0)) throw new RangeError(`${name}: values must be finite and non-negative, got ${String(x)}`);
  return doubleArray(h, (i) => arr[Math.min(i, arr.length - 1)]!);
}

/** The combined history of a succession: the predecessor before the date, the product's own from it. */
export function combineHistory(own: readonly number[], prior: PredecessorPrior): { combined: number[]; successionIndex: number } {
  const k = prior.sinceSuccession;
  if (!Number.isInteger(k) || k < 0 || k > own.length) throw new RangeError(`sinceSuccession must be an integer from 0 to the series length (${own.length}), got ${String(k)}`);
  const before = prior.history.slice(0, Math.max(0, prior.history.length - k));
  const combined = toDoubles([...before, ...own.slice(own.length - k)]);
  return { combined, successionIndex: before.length };
}

/**
 * Forecast a product's demand with a borrowed history: its predecessor's (succession) or a demand
 * prior (category mean, procedure-driven demand); see the module comment. `series` is the
 * product's own demand per period, oldest first (an empty array is allowed: a product with no
 * history yet). Throws a RangeError for invalid input.
 */
export function forecastWithPrior(series: readonly number[], prior: HistoryPrior, options: ForecastOptions): PriorForecastResult {
  if (series.length > 0) assertSeries(series);
  if (prior.kind === 'predecessor') {
    if (prior.history.length > 0) assertSeries(prior.history, 'predecessor history');
    const { combined, successionIndex } = combineHistory(series, prior);
    if (combined.length === 0) throw new RangeError('predecessor history and series are both empty');
    const r = forecast(combined, options);
    return { ...r, history: { source: 'predecessor', ownPeriods: prior.sinceSuccession, successionIndex, combined } };
  }
  const h = options.horizon;
  if (!Number.isInteger(h) || h < 1) throw new RangeError(`horizon must be a positive integer, got ${String(h)}`);
  const weight = prior.weight ?? PRIOR.weight;
  if (!(Number.isFinite(weight) && weight >= 0)) throw new RangeError(`weight must be finite and non-negative, got ${String(weight)}`);
  const pm = perPeriod(prior.mean, h, 'prior mean');
  const ps = prior.sd === undefined ? pm.map((v) => Math.sqrt(v)) : perPeriod(prior.sd, h, 'prior sd');
  const first = series.findIndex((v) => v > 0);
  const n = first < 0 ? series.length : series.length - first;
  const own = series.length > 0 ? forecast(first > 0 ? series.slice(first) : series, options) : null;
  const w = own && n + weight > 0 ? n / (n + weight) : 0;
  const level = options.level ?? 0.95;
  const mean = pm.map((p, i) => w * (own?.mean[i] ?? 0) + (1 - w) * p);
  const sd = pm.map((p, i) => {
    const om = own?.mean[i] ?? 0;
    const os = own?.stats.sd[i] ?? 0;
    const second = w * (os * os + om * om) + (1 - w) * (ps[i]! ** 2 + p * p);
    return Math.sqrt(Math.max(0, second - mean[i]! ** 2));
  });
  const integer = series.every((v) => Number.isInteger(v));
  const b = bounds({ method: 'prior', mean, sd, distribution: integer ? 'count' : 'normal', params: {} }, level, integer);
  const base: ForecastResult = own ?? {
    method: 'prior',
    classification: { class: 'no-demand', adi: Infinity, cv2: 0, demands: 0 },
    lifecycle: { state: 'new', silentPeriods: 0, usualGap: 0, threshold: 0, endAfter: 0, regimeStart: 0, comebacks: 0, exposure: 0, hazard: null, aliveProbability: null, returnProbability: null },
    mean: [],
    lower: [],
    upper: [],
    stats: { n: 0, selection: 'short-series', regimeStart: 0, candidates: [], params: {}, sd: [], distribution: b.distribution, level },
  };
  return {
    ...base,
    method: w > 0 ? `${prior.kind}-prior+${base.method}` : `${prior.kind}-prior`,
    mean,
    lower: b.lower,
    upper: b.upper,
    stats: { ...base.stats, sd, distribution: b.distribution, level, params: { ...base.stats.params, ownWeight: w, priorWeight: weight } },
    history: { source: prior.kind, ownPeriods: n, ownWeight: w },
  };
}
