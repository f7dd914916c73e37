/**
 * Public entry point: classify the series, forecast with the class's combination (ETS + ARIMA +
 * Theta for smooth demand, Theta + TSB for intermittent demand; a seasonal pattern of zeros may
 * replace the latter after rolling-origin evaluation), calibrate the error variance on the series'
 * own rolling-origin errors and turn the forecast into non-negative bounds at the requested level.
 */
import { classify, type Classification } from './classify.ts';
import { detectLifecycle, lifecycleSettings, type Lifecycle } from './lifecycle.ts';
import { maeScale, mseScale } from './metrics.ts';
import { meanForecast, naive, seasonalMean, seasonalNaive, zeroForecast } from './methods/baselines.ts';
import { autoEts, etsForecast, fitEts, type EtsSpec } from './methods/ets.ts';
import { arimaForecast, autoArima, refitArima, type ArimaModel } from './methods/arima.ts';
import { adida, croston, imapa, sba, tsb } from './methods/intermittent.ts';
import { theta, thetaAndSes } from './methods/theta.ts';
import type { MethodForecast } from './types.ts';
import { countPmf, doubleArray, qnorm, toDoubles } from './util.ts';
import { assertSeries } from './validate.ts';

export type MethodName =
  | 'auto'
  | 'naive'
  | 'snaive'
  | 'mean'
  | 'smean'
  | 'zero'
  | 'ses'
  | 'holt'
  | 'damped'
  | 'holt-winters'
  | 'ets'
  | 'theta'
  | 'ets-theta'
  | 'arima'
  | 'ets-arima-theta'
  | 'ses-sa'
  | 'theta-ses'
  | 'croston'
  | 'sba'
  | 'tsb'
  | 'adida'
  | 'imapa'
  | 'intermittent-combo'
  | 'theta-tsb';

export interface ForecastOptions {
  /** Number of periods to forecast (≥ 1). */
  horizon: number;
  /** Seasonal period (12 monthly, 52 weekly, 7 daily); 1 or omitted = non-seasonal. */
  seasonalPeriod?: number;
  /**
   * Periods in a year (52 weekly, 12 monthly): chooses the life detection's settings (lifecycle.ts, `lifecycleSettings`).
   * Default: the seasonal period when above 1, else 52 (the app's weekly use).
   */
  periodsPerYear?: number;
  /** Coverage of the two-sided interval, e.g. 0.95 (default). */
  level?: number;
  /** Force one method instead of automatic selection. */
  method?: MethodName;
  /** Number of rolling origins for automatic selection (default 3; 0 = class defaults only). */
  origins?: number;
  /**
   * Follow the series' life (default true, automatic selection only): fit on the current regime
   * (after a launch or a pause) and forecast zero for a series that has ended (see lifecycle.ts).
   */
  lifecycle?: boolean;
}

export interface CandidateScore {
  method: string;
  /** Mean scaled error over the rolling origins (lower is better). */
  score: number;
}

export interface ForecastStats {
  n: number;
  /** How the method was chosen. */
  selection: 'rolling-origin' | 'class-default' | 'short-series' | 'forced' | 'no-demand' | 'ended';
  /** First period of the history the method was fitted on (> 0 when the regime started after a launch or pause). */
  regimeStart: number;
  /** Rolling-origin scores of the candidates, best first (empty when not evaluated). */
  candidates: CandidateScore[];
  /** Fitted parameters of the chosen method (and of its components for combinations). */
  params: Record<string, number | string>;
  /** Standard deviation of the forecast error per period ahead. */
  sd: number[];
  /** How the bounds were formed. */
  distribution: 'normal' | 'count';
  level: number;
}

export interface ForecastResult {
  method: string;
  /** Classification of the history the method was fitted on (the current regime). */
  classification: Classification;
  /**
   * The series' life: `ended` (silent for longer than its usual gaps: the point forecast is zero and
   * `returnProbability` is the chance of any demand within the horizon), `new` (little history
   * since its launch) or `active`; see lifecycle.ts. The app should not drive suggestions from an
   * ended series.
   */
  lifecycle: Lifecycle;
  mean: number[];
  lower: number[];
  upper: number[];
  stats: ForecastStats;
}

const INTERMITTENT = new Set(['intermittent', 'lumpy']);

/**
 * Equal-weight combination. Each member's mean is clamped at zero before averaging: a member
 * forecasting negative demand contributes "no demand", it does not cancel the others. For
 * occurrence × size members this makes the combination's mean the mean of the linear pool (the
 * equal-weight mixture) of the members' predictive distributions, which `sizeBounds` uses.
 */
function combine(name: string, parts: MethodForecast[], withParams = true): MethodForecast {
  const h = parts[0]!.mean.length;
  const k = parts.length;
  const meanOut = doubleArray(h, () => 0);
  const sd = doubleArray(h, () => 0);
  const params: Record<string, number | string> = { components: parts.map((p) => p.method).join('+') };
  for (const p of parts) {
    for (let i = 0; i < h; i++) {
      const v = p.mean[i]!;
      meanOut[i] = meanOut[i]! + (v > 0 ? v : 0) / k;
      sd[i] = sd[i]! + p.sd[i]! / k;
    }
    if (withParams) for (const [key, v] of Object.entries(p.params)) params[`${p.method}.${key}`] = v;
  }
  return { method: name, mean: meanOut, sd, distribution: parts.some((p) => p.distribution === 'normal') ? 'normal' : 'count', params };
}

/** Faster ETS fitting inside automatic selection: heuristic initial states, looser tolerance. */
const FAST_FIT = { optimizeInitial: false, tolerance: 1e-4 } as const;

type EtsStart = { alpha: number; beta: number; gamma: number; phi: number };

function etsSpecFixed(y: readonly number[], h: number, m: number, spec: EtsSpec, name: string, fast = false, start?: EtsStart): MethodForecast {
  const o = fast ? (start ? { ...FAST_FIT, start, maxEvaluations: 40 } : FAST_FIT) : {};
  const fit = fitEts(y, m, spec, o) ?? fitEts(y, m, { ...spec, season: 'N' }, o) ?? fitEts(y, 1, { error: 'A', trend: 'N', season: 'N' }, o);
  if (!fit) return { ...meanForecast(y, h), method: name };
  return { ...etsForecast(fit, h), method: name };
}

/** SES on the series seasonally adjusted as in Theta (classical decomposition when the 90 % test passes). */
function sesSeasonallyAdjusted(y: readonly number[], h: number, m: number): MethodForecast {
  return thetaAndSes(y, h, m).ses;
}

/**
 * ETS forms considered inside automatic selection: no undamped trend (it extrapolates too far over
 * long horizons and lost on the rolling-origin validation of the M3 training parts). `ets` as a
 * forced method searches all 15 forms.
 */
const AUTO_ETS_SPECS: EtsSpec[] = [
  { error: 'A', trend: 'N', season: 'N' },
  { error: 'A', trend: 'Ad', season: 'N' },
  { error: 'A', trend: 'N', season: 'A' },
  { error: 'A', trend: 'Ad', season: 'A' },
  { error: 'M', trend: 'N', season: 'M' },
  { error: 'M', trend: 'Ad', season: 'M' },
];

function etsAuto(y: readonly number[], h: number, m: number, specs?: readonly EtsSpec[]): { f: MethodForecast; spec: EtsSpec | null; start?: EtsStart } {
  const fit = autoEts(y, m, specs ? { specs, ...FAST_FIT } : {});
  if (!fit) return { f: { ...meanForecast(y, h), method: 'mean' }, spec: null };
  return { f: etsForecast(fit, h), spec: fit.spec, start: { alpha: fit.alpha, beta: fit.beta, gamma: fit.gamma, phi: fit.phi } };
}

function arimaAuto(y: readonly number[], h: number, m: number): { f: MethodForecast; model: ArimaModel | null } {
  const model = autoArima(y, m, { maxModels: SELECTION.arimaModels });
  if (!model) return { f: { ...meanForecast(y, h), method: 'mean' }, model };
  return { f: arimaForecast(model, h), model };
}

/** Runs one named method (no selection). */
export function runMethod(name: Exclude<MethodName, 'auto'>, y: readonly number[], h: number, m: number): MethodForecast {
  switch (name) {
    case 'naive':
      return naive(y, h);
    case 'snaive':
      return seasonalNaive(y, h, m);
    case 'mean':
      return meanForecast(y, h);
    case 'smean':
      return seasonalMean(y, h, m);
    case 'zero':
      return zeroForecast(h);
    case 'ses':
      return etsSpecFixed(y, h, 1, { error: 'A', trend: 'N', season: 'N' }, 'ses');
    case 'holt':
      return etsSpecFixed(y, h, 1, { error: 'A', trend: 'A', season: 'N' }, 'holt');
    case 'damped':
      return etsSpecFixed(y, h, 1, { error: 'A', trend: 'Ad', season: 'N' }, 'damped');
    case 'holt-winters': {
      const pos = y.every((v) => v > 0);
      return etsSpecFixed(y, h, m, pos ? { error: 'M', trend: 'A', season: 'M' } : { error: 'A', trend: 'A', season: 'A' }, 'holt-winters');
    }
    case 'ets':
      return etsAuto(y, h, m).f;
    case 'theta':
      return theta(y, h, m);
    case 'ets-theta':
      return combine('ets-theta', [etsAuto(y, h, m).f, theta(y, h, m)]);
    case 'arima':
      return arimaAuto(y, h, m).f;
    case 'ets-arima-theta':
      return combine('ets-arima-theta', [etsAuto(y, h, m).f, arimaAuto(y, h, m).f, theta(y, h, m)]);
    case 'ses-sa':
      return sesSeasonallyAdjusted(y, h, m);
    case 'theta-ses':
      return combine('theta-ses', [theta(y, h, m), sesSeasonallyAdjusted(y, h, m)]);
    case 'croston':
      return croston(y, h);
    case 'sba':
      return sba(y, h);
    case 'tsb':
      return tsb(y, h);
    case 'adida':
      return adida(y, h, Math.max(1, Math.round(classify(y).adi)));
    case 'imapa':
      return imapa(y, h);
    case 'intermittent-combo':
      return combine('intermittent-combo', [sba(y, h), tsb(y, h), imapa(y, h)]);
    case 'theta-tsb':
      return combine('theta-tsb', [theta(y, h, m), tsb(y, h)]);
  }
}

/**
 * Candidate set per demand class. Components are fitted at every origin; combinations average
 * components; `selectable` are the methods that may replace the class default.
 */
interface Plan {
  components: string[];
  selectable: string[];
  combos: Record<string, string[]>;
  fallback: string;
}

function planFor(cls: Classification, seasonal: boolean): Plan {
  if (INTERMITTENT.has(cls.class)) {
    // Fixed seasonal patterns of zeros (closed days in daily data) are the one thing the flat
    // intermittent forecasts cannot follow: seasonal mean and seasonal naive may replace the default.
    const s = seasonal ? ['smean', 'snaive'] : [];
    return { components: ['theta', 'tsb', ...s], selectable: s, combos: { 'theta-tsb': ['theta', 'tsb'] }, fallback: 'theta-tsb' };
  }
  return { components: ['ets', 'arima', 'theta'], selectable: [], combos: { 'ets-arima-theta': ['ets', 'arima', 'theta'] }, fallback: 'ets-arima-theta' };
}

/**
 * Settings of the automatic selection (exported for the benchmark and tests). Chosen on half A of
 * each benchmark set only (bench/forecast-accuracy.ts); see the README.
 */
export const SELECTION = {
  /** A seasonal-pattern candidate replaces the class default only if its rolling-origin score is this much lower. */
  margin: 0.2,
  /** Interval calibration: weight, in origins, of the prior variance factor against the rolling-origin errors. */
  calibrationPrior: 3,
  /** Prior variance factor for smooth demand (combination and model variances understate the error on M3) and intermittent demand. */
  calibrationBase: 1.2,
  calibrationBaseIntermittent: 1,
  /** Range of the rolling-origin variance ratio (a break in the series must not explode or collapse the bounds). */
  calibrationMin: 0.25,
  calibrationMax: 9,
  /** Largest number of ARIMA orders the stepwise search fits. */
  arimaModels: 14,
  /** Discrete bounds at levels below this are rounded to the nearest coverage, at and above it up to the quantile (boundRule). */
  nearestBelow: 0.9,
};

/** Theta and SES-on-adjusted share their fit; cached per training array during one selection. */
const thetaCache = new WeakMap<readonly number[], ReturnType<typeof thetaAndSes>>();

/**
 * One component on the full history (`origin` false) or at a rolling origin (`origin` true: ETS and
 * ARIMA keep the form / order chosen on the full history, Theta's SES takes the exact fit).
 */
function componentForecast(name: string, y: readonly number[], h: number, m: number, origin: boolean, etsSpec: EtsSpec | null = null, etsStart?: EtsStart, arima?: ArimaModel | null): MethodForecast {
  if (name === 'theta' || name === 'ses-sa') {
    let c = thetaCache.get(y);
    if (!c || c.theta.mean.length !== h) {
      c = thetaAndSes(y, h, m, origin);
      thetaCache.set(y, c);
    }
    return name === 'theta' ? c.theta : c.ses;
  }
  if (name === 'ets') {
    // At rolling origins: the form chosen on the full history, re-estimated from its parameters.
    if (etsSpec) return { ...etsSpecFixed(y, h, m, etsSpec, 'ets', true, etsStart), method: 'ets' };
    return etsAuto(y, h, m, AUTO_ETS_SPECS).f;
  }
  if (name === 'arima') {
    // At rolling origins: the order chosen on the full history, re-estimated from its coefficients.
    const fit = arima ? refitArima(y, arima) : autoArima(y, m);
    return fit ? { ...arimaForecast(fit, h), method: 'arima' } : { ...meanForecast(y, h), method: 'arima' };
  }
  return runMethod(name as Exclude<MethodName, 'auto'>, y, h, m);
}

function scoreOf(train: readonly number[], test: readonly number[], f: readonly number[], lag: number, intermittent: boolean): number {
  let se = 0;
  let ae = 0;
  for (let i = 0; i < test.length; i++) {
    const fi = Math.max(0, f[i]!);
    se += (test[i]! - fi) ** 2;
    ae += Math.abs(test[i]! - fi);
  }
  const s2 = mseScale(train);
  const rmsse = s2 > 0 ? Math.sqrt(se / test.length / s2) : Math.sqrt(se / test.length);
  if (intermittent) return rmsse;
  const s1 = maeScale(train, lag);
  const maseV = s1 > 0 ? ae / test.length / s1 : ae / test.length;
  return (rmsse + maseV) / 2;
}

/**
 * Variance factor for the chosen forecast from its own rolling-origin errors: the ratio of the
 * squared errors to the model's error variance at the same steps (kept within [calibrationMin,
 * calibrationMax]), shrunk towards the prior factor `base` with `calibrationPrior` origins' weight.
 */
function varianceFactor(runs: Array<{ test: readonly number[]; f: MethodForecast }>, base: number): number {
  let se = 0;
  let sv = 0;
  for (const { test, f } of runs)
    for (let i = 0; i < test.length; i++) {
      se += (test[i]! - Math.max(0, f.mean[i]!)) ** 2;
      sv += f.sd[i]! ** 2;
    }
  if (!(sv > 0) || !Number.isFinite(se)) return base;
  const r = Math.min(SELECTION.calibrationMax, Math.max(SELECTION.calibrationMin, se / sv));
  const w = SELECTION.calibrationPrior;
  return (w * base + runs.length * r) / (w + runs.length);
}

function calibrated(f: MethodForecast, varianceFactorValue: number): MethodForecast {
  const c = Math.sqrt(varianceFactorValue);
  return { ...f, sd: f.sd.map((v) => v * c), params: { ...f.params, varianceFactor: varianceFactorValue } };
}

function autoSelect(y: readonly number[], h: number, m: number, cls: Classification, originsWanted: number): { f: MethodForecast; selection: ForecastStats['selection']; candidates: CandidateScore[] } {
  const n = y.length;
  const plan = planFor(cls, m > 1 && n >= 2 * m);
  const intermittent = INTERMITTENT.has(cls.class);
  // Fit every component on the full history.
  let etsSpec: EtsSpec | null = null;
  let etsStart: EtsStart | undefined;
  let arimaModel: ArimaModel | null = null;
  const full = new Map<string, MethodForecast>();
  for (const c of plan.components) {
    if (c === 'ets') {
      // Positive data: multiplicative seasonality only (the additive seasonal forms did not change
      // a single validation result and cost a third of the ETS time).
      const positive = y.every((v) => v > 0);
      const r = etsAuto(y, h, m, positive ? AUTO_ETS_SPECS.filter((sp) => sp.season !== 'A') : AUTO_ETS_SPECS);
      etsSpec = r.spec;
      etsStart = r.start;
      full.set(c, { ...r.f, method: r.f.method });
    } else if (c === 'arima') {
      const r = arimaAuto(y, h, m);
      arimaModel = r.model;
      full.set(c, r.f);
    } else full.set(c, componentForecast(c, y, h, m, false));
  }
  // At the rolling origins only the means and standard deviations are used (no parameter lists).
  const build = (name: string, src: Map<string, MethodForecast>, withParams = false): MethodForecast => {
    const parts = plan.combos[name];
    if (parts) return combine(name, parts.map((p) => src.get(p)!), withParams);
    return src.get(name)!;
  };
  const names = [...plan.components, ...Object.keys(plan.combos)];

  // Rolling origins: the last one leaves h periods for evaluation; earlier ones step back by ⌈h/R⌉.
  // (Seasonal smooth series need two seasons at every origin; shorter ones are fitted without season.)
  const minTrain = !intermittent && m > 1 && n >= 2 * m ? 2 * m + 3 : 12;
  const R = originsWanted;
  const stepBack = Math.max(1, Math.ceil(h / Math.max(1, R)));
  const origins: number[] = [];
  for (let r = 0; r < R; r++) {
    const o = n - h - r * stepBack;
    if (o >= minTrain) origins.push(o);
  }
  const base = intermittent ? SELECTION.calibrationBaseIntermittent : SELECTION.calibrationBase;
  if (origins.length === 0) return { f: calibrated(build(plan.fallback, full, true), base), selection: 'class-default', candidates: [] };
  const lag = m > 1 && n > 2 * m ? m : 1;
  const totals = new Map<string, number>(names.map((nm) => [nm, 0]));
  const runs: Array<{ test: number[]; at: Map<string, MethodForecast> }> = [];
  for (const o of origins) {
    const train = y.slice(0, o);
    const test = y.slice(o, o + h);
    const at = new Map<string, MethodForecast>();
    for (const c of plan.components) at.set(c, componentForecast(c, train, test.length, m, true, etsSpec, etsStart, arimaModel));
    for (const nm of names) totals.set(nm, totals.get(nm)! + scoreOf(train, test, build(nm, at).mean, lag, intermittent) / origins.length);
    runs.push({ test, at });
  }
  const candidates = names.map((nm) => ({ method: nm, score: totals.get(nm)! })).sort((a, b) => a.score - b.score);
  const def = totals.get(plan.fallback)!;
  let pick = plan.fallback;
  for (const nm of plan.selectable) if (totals.get(nm)! < Math.min(def, totals.get(pick)!) * (1 - SELECTION.margin)) pick = nm;
  const k = varianceFactor(runs.map((r) => ({ test: r.test, f: build(pick, r.at) })), base);
  return { f: calibrated(build(pick, full, true), k), selection: 'rolling-origin', candidates };
}

function isIntegerSeries(y: readonly number[]): boolean {
  return y.every((v) => Number.isInteger(v));
}

/**
 * How a bound of a discrete predictive distribution is rounded. Whole-number demand can rarely be
 * covered at exactly the level: with P(0) = 0.72 and P(≤ 1) = 0.92 an upper bound covers 72 % or
 * 92 %, never 80 %.
 * - `quantile`: bounds at the quantiles of the tails (never less coverage than asked under the
 *   model; the value a quantile / newsvendor loss picks).
 * - `nearest`: the lower bound leaves out the mass nearest the lower tail, the upper bound makes the
 *   interval's coverage nearest the level — the deterministic counterpart of a randomised interval,
 *   covering the level on average rather than at least.
 * Levels below `SELECTION.nearestBelow` (display bands such as 80 %) use `nearest`; service levels
 * from 90 % up (safety stock, and the 95 % bounds that the interval score charges 40 units per
 * unit of demand above the bound) use `quantile`.
 */
export type BoundRule = 'quantile' | 'nearest';

export function boundRule(level: number): BoundRule {
  return level < SELECTION.nearestBelow ? 'nearest' : 'quantile';
}

/**
 * Lower and upper support indices of a discrete distribution at two-sided coverage `level`.
 * `cdf(i)` is P(X ≤ value i) for support indices 0, 1, 2, … (value 0 = zero demand), `last` the
 * largest index.
 * - `quantile`: the lower bound is the lower-tail quantile, the upper bound the 1 − (1 − level)/2
 *   quantile, except when the lower bound is the first value: demand cannot fall below zero, so the
 *   lower tail is empty and the upper bound is the `level` quantile (1 − (1 − level)/2 would cover
 *   97.5 % instead of 95 %).
 * - `nearest`: the lower bound leaves out the probability P(X < lower) nearest (1 − level)/2 (a tie
 *   keeps the value), the upper bound makes P(lower ≤ X ≤ upper) nearest `level` (a tie includes the
 *   value). With an empty lower tail this is the `level` quantile rounded to the nearest coverage;
 *   Poisson(2) at 80 %: [1, 4] (81.2 %), where a quantile lower bound would give [0, 3] (85.7 %).
 */
export function discreteInterval(cdf: (i: number) => number, last: number, level: number, rule: BoundRule): { lo: number; hi: number } {
  const tail = (1 - level) / 2;
  const at = (i: number) => (i < 0 ? 0 : cdf(i));
  const quantile = (q: number): number => {
    let i = 0;
    while (i < last && at(i) < q - 1e-12) i++;
    return i;
  };
  if (rule === 'quantile') {
    // The lower bound never leaves out more than the lower tail; the upper one reaches 1 − tail
    // (`level` when the lower tail is empty).
    const lo = quantile(tail);
    return { lo, hi: Math.max(lo, quantile(lo === 0 ? level : 1 - tail)) };
  }
  // Nearest: the lower bound leaves out the mass nearest the lower tail, the upper bound makes the
  // interval's own coverage nearest the level (ties include the value).
  let lo = 0;
  while (lo < last && Math.abs(at(lo) - tail) < Math.abs(at(lo - 1) - tail)) lo++;
  const target = at(lo - 1) + level;
  let hi = Math.max(lo, quantile(target));
  if (hi > lo && target - at(hi - 1) < at(hi) - target) hi--;
  return { lo, hi };
}

/**
 * Lower and upper bounds at two-sided coverage `level`, never negative (see discreteInterval for
 * count demand). Continuous demand: mean ± z·sd with equal tails, or [0, mean + z(level)·sd] when the
 * lower bound would be negative.
 */
export function bounds(f: MethodForecast, level: number, integer: boolean): { lower: number[]; upper: number[]; distribution: 'normal' | 'count' } {
  const h = f.mean.length;
  const lower: number[] = [];
  const upper: number[] = [];
  const useCount = usesCount(f, integer);
  const tail = (1 - level) / 2;
  const z = qnorm(1 - tail);
  const zOne = qnorm(level);
  const rule = boundRule(level);
  for (let i = 0; i < h; i++) {
    const mu = Math.max(0, f.mean[i]!);
    const sd = f.sd[i]!;
    if (useCount && mu < 200) {
      const { lo, hi } = countInterval(mu, sd * sd, level, rule);
      lower.push(lo);
      upper.push(hi);
    } else {
      const lo = mu - z * sd;
      const up = lo > 0 ? mu + z * sd : mu + zOne * sd;
      // Large counts: normal approximation, widened to whole units.
      lower.push(useCount ? Math.max(0, Math.floor(lo)) : Math.max(0, lo));
      upper.push(useCount ? Math.max(0, Math.ceil(up)) : Math.max(0, up));
    }
  }
  return { lower, upper, distribution: useCount ? 'count' : 'normal' };
}

/** Whole-number demand that is intermittent or small (means below 30) gets count bounds. */
function usesCount(f: MethodForecast, integer: boolean): boolean {
  return integer && (f.distribution === 'count' || f.mean.every((v) => v < 30));
}

/** Interval of the Poisson / negative-binomial distribution with mean μ and variance v (as countPmf). */
function countInterval(mu: number, v: number, level: number, rule: BoundRule): { lo: number; hi: number } {
  if (!(mu > 0)) return { lo: 0, hi: 0 };
  const pmf = countPmf(mu, v);
  const cum: number[] = [];
  const cdf = (i: number): number => {
    for (let k = cum.length; k <= i; k++) cum.push((k > 0 ? cum[k - 1]! : 0) + pmf(k));
    return cum[i]!;
  };
  const last = Math.ceil(mu + 60 * Math.sqrt(Math.max(v, mu)) + 100);
  return discreteInterval(cdf, last, level, rule);
}

/**
 * Bounds from an occurrence × size model: in each period demand occurs with probability
 * p = min(1, mean / mean size) and then takes one of the series' own non-zero sizes (empirical
 * distribution), so lumpy items keep their real large draws in the upper bound. For a combination
 * whose members' means were clamped at zero and averaged (`combine`), this is the linear pool of
 * the members' occurrence × size distributions. Rounding as `discreteInterval` (rule by level).
 */
export function sizeBounds(mean: readonly number[], sizes: readonly number[], level: number): { lower: number[]; upper: number[] } {
  const sorted = [...sizes].sort((a, b) => a - b);
  const n = sorted.length;
  const zbar = sorted.reduce((a, b) => a + b, 0) / n;
  // Support: 0, then the distinct sizes; share[i] = share of sizes ≤ values[i].
  const values = [0];
  const share = [0];
  for (let j = 0; j < n; j++) {
    if (j + 1 < n && sorted[j + 1] === sorted[j]) continue;
    values.push(sorted[j]!);
    share.push((j + 1) / n);
  }
  const rule = boundRule(level);
  const lower: number[] = [];
  const upper: number[] = [];
  for (const mu of mean) {
    const p = Math.min(1, Math.max(0, mu) / zbar);
    const { lo, hi } = discreteInterval((i) => 1 - p + p * share[i]!, values.length - 1, level, rule);
    lower.push(values[lo]!);
    upper.push(values[hi]!);
  }
  return { lower, upper };
}

/**
 * Forecast a series of non-negative demand counts `horizon` periods ahead.
 * Throws a RangeError for invalid input (negative, non-finite, empty, bad horizon).
 */
export function forecast(series: readonly number[], options: ForecastOptions): ForecastResult {
  assertSeries(series);
  const h = options.horizon;
  if (!Number.isInteger(h) || h < 1) throw new RangeError(`horizon must be a positive integer, got ${String(h)}`);
  const m = options.seasonalPeriod ?? 1;
  if (!Number.isInteger(m) || m < 1) throw new RangeError(`seasonalPeriod must be a positive integer, got ${String(m)}`);
  const level = options.level ?? 0.95;
  if (!(level > 0 && level < 1)) throw new RangeError(`level must be between 0 and 1, got ${String(level)}`);
  // One array kind for every series (see doubleArray).
  const all = toDoubles(series);
  const forced = options.method && options.method !== 'auto' ? options.method : null;
  const perYear = options.periodsPerYear ?? (m > 1 ? m : 52);
  const settings = lifecycleSettings(perYear);
  const life = detectLifecycle(all, h, perYear);
  const follow = !forced && options.lifecycle !== false;
  if (follow && life.state === 'ended') return endedForecast(all, h, level, life);
  // The path (intermittent or smooth) is chosen on the current regime: zeros before a launch or a
  // pause are not demand. When the regime (at least `minRegime` periods) takes another path
  // than the whole series, the methods are fitted on the regime alone; otherwise on the whole
  // series as before (on half A of the benchmark, refitting every regime, or short ones, lost).
  const whole = classify(all);
  const regimeCls = follow && life.regimeStart > 0 && all.length - life.regimeStart >= settings.minRegime ? classify(all.slice(life.regimeStart)) : whole;
  const regimeStart = INTERMITTENT.has(regimeCls.class) !== INTERMITTENT.has(whole.class) ? life.regimeStart : 0;
  const y = regimeStart > 0 ? toDoubles(all.slice(regimeStart)) : all;
  const n = y.length;
  const cls = regimeStart > 0 ? regimeCls : whole;
  const integer = isIntegerSeries(y);

  let f: MethodForecast;
  let selection: ForecastStats['selection'];
  let candidates: CandidateScore[] = [];
  if (forced) {
    f = runMethod(forced, y, h, m);
    selection = 'forced';
  } else if (cls.class === 'no-demand') {
    f = zeroForecast(h);
    selection = 'no-demand';
  } else if (n < 4) {
    // A handful of observations: the mean is the least risky guess.
    f = meanForecast(y, h);
    if (INTERMITTENT.has(cls.class) || integer) f = { ...f, distribution: 'count' };
    selection = 'short-series';
  } else {
    const r = autoSelect(y, h, m, cls, options.origins ?? 3);
    f = r.f;
    selection = r.selection;
    candidates = r.candidates;
  }
  const meanOut = f.mean.map((v) => (v > 0 && Number.isFinite(v) ? v : 0));
  let b: { lower: number[]; upper: number[]; distribution: 'normal' | 'count' };
  if (!forced && f.method === 'theta-tsb') {
    // Intermittent demand: occurrence × the item's own sizes (see sizeBounds).
    const sizes = y.filter((v) => v > 0);
    b = { ...sizeBounds(meanOut, sizes, level), distribution: usesCount({ ...f, mean: meanOut }, integer) ? 'count' : 'normal' };
  } else b = bounds({ ...f, mean: meanOut }, level, integer);
  // A silence longer than the series' usual gaps (not yet an end) may be the start of one: the
  // lower bounds do not promise demand the silence puts in doubt.
  if (follow && settings.silenceLowerZero && life.silentPeriods > 0 && life.silentPeriods > life.usualGap) b = { ...b, lower: b.lower.map(() => 0) };
  return {
    method: f.method,
    classification: cls,
    lifecycle: life,
    mean: meanOut,
    lower: b.lower,
    upper: b.upper,
    stats: { n: all.length, selection, regimeStart, candidates, params: f.params, sd: f.sd, distribution: b.distribution, level },
  };
}

/**
 * Forecast of an ended series: point forecast zero; the bounds are those of the mixture "still
 * silent" (gone, or paused and not yet back: 1 − P(paused)(1 − (1 − h)^t) at t periods ahead,
 * demand 0) and "back at the rate of its last regime" (occurrence × the series' own sizes, as
 * sizeBounds), so a likely comeback keeps an upper bound above zero. `sd` is the standard deviation of that mixture.
 */
function endedForecast(y: readonly number[], h: number, level: number, life: Lifecycle): ForecastResult {
  let last = y.length - 1;
  while (last > 0 && !(y[last]! > 0)) last--;
  const regime = y.slice(life.regimeStart, last + 1);
  const sizes = regime.filter((v) => v > 0);
  const rate = sizes.reduce((a, b) => a + b, 0) / regime.length;
  const zbar = sizes.reduce((a, b) => a + b, 0) / sizes.length;
  const z2 = sizes.reduce((a, b) => a + b * b, 0) / sizes.length;
  const hazard = life.hazard ?? 0;
  const alive = life.aliveProbability ?? 0;
  const back = doubleArray(h, (i) => rate * alive * (1 - (1 - hazard) ** (i + 1)));
  const sd = back.map((mu) => {
    const p = Math.min(1, mu / zbar);
    return Math.sqrt(Math.max(0, p * z2 - (p * zbar) ** 2));
  });
  const b = sizeBounds(back, sizes, level);
  const integer = isIntegerSeries(y);
  return {
    method: 'ended',
    classification: classify(regime),
    lifecycle: life,
    mean: doubleArray(h, () => 0),
    // An ended series promises no demand, however likely its comeback (the mixture's own lower
    // quantile is above zero when a dense series is almost surely back within the period).
    lower: b.lower.map(() => 0),
    upper: b.upper,
    stats: {
      n: y.length,
      selection: 'ended',
      regimeStart: life.regimeStart,
      candidates: [],
      params: { silentPeriods: life.silentPeriods, endAfter: life.endAfter, hazard, aliveProbability: alive, rateIfBack: rate, returnProbability: life.returnProbability ?? 0 },
      sd,
      distribution: integer ? 'count' : 'normal',
      level,
    },
  };
}
