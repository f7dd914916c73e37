/**
 * A series' life: where its current regime starts (after a launch or a pause), whether it has
 * ended, and how likely it is to come back.
 *
 * - **Usual gap.** The zero runs between two demands of the series (the leading run before the
 *   first demand is not a gap: it is censored) give the series' own idea of a normal silence:
 *   `usualGap` = their `gapQuantile` quantile (linear interpolation). A run is **structural** when
 *   it is longer than `threshold` = max(`minGap`, ⌈`gapFactor` × usualGap⌉). For memoryless
 *   (geometric) gaps, a run longer than twice the 75 % quantile happens in about 6 % of gaps by
 *   chance (twice the 90 % quantile: 1 %); the quantile was 0.9 until the follow-up of issue 28.
 * - **Regime.** The current regime starts at the first demand after the last structural run
 *   (a launch: leading zeros longer than the threshold; a pause: an inner run). The automatic
 *   selection classifies and fits on the regime only, so zeros from before a launch or a pause do
 *   not turn a smooth series into an "intermittent" one.
 * - **Ended.** A series with at least `minDemands` demands whose trailing silence is longer than
 *   `endAfter` — max(`minGap`, ⌈`endFactor` × usualGap⌉), and a silence that would have probability
 *   below `endAlpha` under the regime's own demand rate p if its gaps were memoryless
 *   ((1 − p)^z < endAlpha) — has ended or paused. Its point forecast is zero. (Follow-up of issue
 *   28, chosen on half A of the benchmark only: gapQuantile 0.75 and endFactor 1.5 instead of 0.9
 *   and 2 find 19 of the 20 discontinued series of the lifecycle set within 8 weeks instead of 17,
 *   with RMSSE on carparts, carparts-more and weekly still better than without lifecycle. Then per
 *   period of the data, also on half A: weekly data the median gap × 2 (20 of 20, weekly RMSSE
 *   0.7004 against 0.7031), monthly data the 75 % quantile × 3 (carparts 0.4996 against 0.4999,
 *   carparts-more 0.5661 against 0.5672): a monthly spare part silent for half a year is more often
 *   paused than gone. See docs/forecasting.md#lifecycle-goals.)
 * - **Unusual silence.** While the trailing silence is longer than the usual gap but not yet an
 *   end, `forecast()` keeps the point forecast and upper bounds and sets the lower bounds to zero
 *   (`silenceLowerZero`): an end may have begun, so no demand is promised.
 * - **Comeback** (a cure model of survival analysis). Of the series silent for `endAfter` periods,
 *   a share π is only paused and comes back with a constant hazard h per period; the rest are gone.
 *   After z more silent periods, P(paused) = π(1 − h)^z / (π(1 − h)^z + 1 − π), and
 *   P(back within t) = P(paused) × (1 − (1 − h)^t). π (`priorAlive`) and the prior h
 *   (`priorHazard`) are fitted by maximum likelihood to what the ended series of half A of the four
 *   benchmark sets did in their test parts: refitted with the end rule of the follow-up (75 series,
 *   60 came back: π = 0.93, h = 0.22; the earlier fit 0.88 / 0.25 is 2.2 log-likelihood points
 *   worse on them, the plain geometric model, π = 1, 3.8; under the first end rule: 60 series, 41
 *   back, 0.88 / 0.25); h is then shrunk towards the series' own earlier silences
 *   longer than `endAfter` that ended (each adds length − endAfter + 1 periods to `exposure` and one
 *   comeback), with the prior worth `priorWeight` periods, and π towards 1 by those comebacks (each
 *   one more observed pause of this series; π worth `aliveWeight` silences).
 * - **New.** A series whose regime started fewer than `newPeriods` periods ago (with no
 *   structural run before it: a launch) has little history of its own; `forecastWithPrior`
 *   can give it one.
 */
import { demandPoints } from './methods/intermittent.ts';

export type LifecycleState = 'active' | 'new' | 'ended';

export interface Lifecycle {
  /** `ended`: the series has been silent for longer than its usual gaps; `new`: its regime is young; otherwise `active`. */
  state: LifecycleState;
  /** Periods since the last demand (trailing zeros). */
  silentPeriods: number;
  /** The series' usual zero run between demands (the `gapQuantile` quantile of its gaps). */
  usualGap: number;
  /** Zero runs longer than this are structural (a launch, a pause or an end). */
  threshold: number;
  /** A trailing silence longer than this ends the series (threshold, and rare under the regime's demand rate). */
  endAfter: number;
  /** Index of the first period of the current regime (0 = the whole series). */
  regimeStart: number;
  /** Earlier silences longer than `endAfter` that ended with a demand. */
  comebacks: number;
  /** Periods at risk of a comeback beyond `endAfter` in those earlier silences (length − endAfter + 1 each). */
  exposure: number;
  /** Per-period probability that an ended series, if it is only paused, comes back (null unless ended). */
  hazard: number | null;
  /** Probability that an ended series is only paused, given how long it has been silent (null unless ended). */
  aliveProbability: number | null;
  /** Probability of any demand within the horizon asked for: aliveProbability × (1 − (1 − hazard)^horizon) (null unless ended). */
  returnProbability: number | null;
}

/** Settings of the life detection (exported for the benchmark and tests): those of weekly data (the app's), see `LIFECYCLE_MONTHLY`. */
export const LIFECYCLE = {
  /** Quantile of the series' own zero runs taken as its usual gap (0.9 before the follow-up of issue 28; 0.75 chosen on half A; 0.5 for weekly data once the settings were chosen per period, also on half A). */
  gapQuantile: 0.5,
  /** A run is structural beyond this multiple of the usual gap … */
  gapFactor: 2,
  /** … and never at or below this many periods. */
  minGap: 4,
  /** A trailing run ends the series beyond this multiple of the usual gap (and beyond minGap) … (2 before the follow-up of issue 28; 1.5 chosen on half A; 2 for weekly data with the median gap, chosen per period on half A) */
  endFactor: 2,
  /** … and only when a silence that long had less than this probability under the regime's own demand rate (geometric gaps). */
  endAlpha: 0.01,
  /** Lower bounds zero while the trailing silence is longer than the usual gap (an end may have begun). */
  silenceLowerZero: true,
  /** Demands (so at least two gaps) a series needs before its silence can end it: with fewer it has no usual gap. */
  minDemands: 3,
  /** Periods a regime needs before the automatic selection chooses its path on it alone. */
  minRegime: 24,
  /** Periods of a regime under which a launched series counts as new. */
  newPeriods: 13,
  /** Cure model, fitted by maximum likelihood on half A of the benchmark sets: share of series silent for `endAfter` periods that are only paused … */
  priorAlive: 0.93,
  /** Weight of `priorAlive` against the series' own earlier long silences that ended (a judgement, not fitted). */
  aliveWeight: 8,
  /** … and their per-period hazard of coming back. */
  priorHazard: 0.22,
  /** Weight of the prior hazard against the series' own earlier long silences, in periods of exposure. */
  priorWeight: 20,
};

export type LifecycleSettings = typeof LIFECYCLE;

/**
 * What differs for data of 12 periods a year or fewer (monthly spare parts against weekly practice use; chosen on
 * half A of the benchmark, docs/forecasting.md#lifecycle-goals): a monthly series silent for 6 months is more often
 * paused than gone, so it must be silent for longer before it is called ended.
 */
export const LIFECYCLE_MONTHLY: Partial<LifecycleSettings> = { gapQuantile: 0.75, endFactor: 3 };

/** The settings for data of `periodsPerYear` periods a year (52 weekly, the default; 12 monthly). */
export function lifecycleSettings(periodsPerYear = 52): LifecycleSettings {
  return periodsPerYear <= 12 ? { ...LIFECYCLE, ...LIFECYCLE_MONTHLY } : LIFECYCLE;
}

function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.min(sorted.length - 1, lo + 1);
  return sorted[lo]! + (pos - lo) * (sorted[hi]! - sorted[lo]!);
}

/** Zero runs between consecutive demands (interval − 1), in time order. */
export function zeroRuns(y: readonly number[]): number[] {
  const { intervals } = demandPoints(y);
  return intervals.slice(1).map((i) => i - 1);
}

/** Structural threshold of a series (see the module comment). */
export function gapThreshold(y: readonly number[], settings: LifecycleSettings = LIFECYCLE): { usualGap: number; threshold: number } {
  const runs = zeroRuns(y).sort((a, b) => a - b);
  const usualGap = quantile(runs, settings.gapQuantile);
  return { usualGap, threshold: Math.max(settings.minGap, Math.ceil(settings.gapFactor * usualGap)) };
}

/**
 * The life of a series (see the module comment). `horizon` only sets the horizon of
 * `returnProbability` (default 1 period); `periodsPerYear` chooses the settings (`lifecycleSettings`).
 */
export function detectLifecycle(y: readonly number[], horizon = 1, periodsPerYear = 52): Lifecycle {
  const cfg = lifecycleSettings(periodsPerYear);
  const n = y.length;
  let first = -1;
  let last = -1;
  for (let t = 0; t < n; t++)
    if (y[t]! > 0) {
      if (first < 0) first = t;
      last = t;
    }
  if (first < 0) return { state: 'active', silentPeriods: n, usualGap: 0, threshold: cfg.minGap, endAfter: cfg.minGap, regimeStart: 0, comebacks: 0, exposure: 0, hazard: null, aliveProbability: null, returnProbability: null };
  const { usualGap, threshold } = gapThreshold(y.slice(0, last + 1), cfg);
  // The regime: after the last structural run (a long leading run counts as a launch).
  let regimeStart = first > threshold ? first : 0;
  let prev = first;
  let pauses = 0;
  for (let t = first + 1; t <= last; t++) {
    if (!(y[t]! > 0)) continue;
    if (t - prev - 1 > threshold) {
      regimeStart = t;
      pauses++;
    }
    prev = t;
  }
  const silentPeriods = n - 1 - last;
  // Demand probability per period in the regime (up to its last demand); a silence of z periods has
  // probability (1 − p)^z when the series is alive and its gaps are memoryless.
  let demands = 0;
  for (let t = regimeStart; t <= last; t++) if (y[t]! > 0) demands++;
  const p = demands / (last - regimeStart + 1);
  const rare = p >= 1 ? 0 : Math.ceil(Math.log(cfg.endAlpha) / Math.log(1 - p)) - 1;
  const endAfter = Math.max(cfg.minGap, Math.ceil(cfg.endFactor * usualGap), rare);
  // Earlier silences as long as an end: each is (length − endAfter) periods without a comeback and one with.
  let comebacks = 0;
  let exposure = 0;
  prev = first;
  for (let t = first + 1; t <= last; t++) {
    if (!(y[t]! > 0)) continue;
    const run = t - prev - 1;
    if (run > endAfter) {
      comebacks++;
      exposure += run - endAfter + 1;
    }
    prev = t;
  }
  const base = { silentPeriods, usualGap, threshold, endAfter, regimeStart, comebacks, exposure };
  let total = 0;
  for (let t = first; t <= last; t++) if (y[t]! > 0) total++;
  if (silentPeriods > endAfter && total >= cfg.minDemands) {
    // Cure model: alive with probability π at endAfter (then back at hazard h a period), or gone.
    const hazard = (cfg.priorHazard * cfg.priorWeight + comebacks) / (cfg.priorWeight + exposure);
    const still = (1 - hazard) ** (silentPeriods - endAfter);
    // Each earlier long silence that ended is one more pause of this series: π is shrunk towards 1.
    const alive = (cfg.priorAlive * cfg.aliveWeight + comebacks) / (cfg.aliveWeight + comebacks);
    const aliveProbability = (alive * still) / (alive * still + 1 - alive);
    return { state: 'ended', ...base, hazard, aliveProbability, returnProbability: aliveProbability * (1 - (1 - hazard) ** Math.max(1, horizon)) };
  }
  const state: LifecycleState = pauses === 0 && n - first < cfg.newPeriods ? 'new' : 'active';
  return { state, ...base, hazard: null, aliveProbability: null, returnProbability: null };
}
