/**
 * Forecast accuracy on the data in bench/forecast-data/ (see its README): M3 monthly (seasonal),
 * carparts (intermittent) and the demo practices' weekly consumption and procedure counts. Fit on
 * `train`, score on `test`, for every fixed method and for automatic selection, side by side.
 *
 * Each set is split in two halves by position (A = even, B = odd index). Design choices are made on
 * half A only; half B is the honest, held-out figure. Measures: MASE (seasonal-naive scaling on M3,
 * naive elsewhere), RMSSE (M5), sMAPE (M3), scaled bias (mean forecast − actual over the MASE
 * scale), coverage of the 80 % and 95 % bounds pooled over all test values, MSIS (M4 scaled
 * interval score of the 95 % bounds, MASE scale), negative forecasts or bounds, and ms per series
 * (the 95 % call only, one core, wall clock).
 *
 * The `lifecycle` set (products that switch, stop or launch; see bench/forecast-data/README.md) is
 * scored per kind by `lifecycleReport`.
 *
 * Environment: FORECAST_SETS=seasonal,intermittent,intermittentMore,weekly,lifecycle, FORECAST_METHODS=a,b, FORECAST_HALF=A|B,
 * FORECAST_SPLIT=validation (score on the last `horizon` periods of `train`; test parts unused).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { combineHistory, forecast, forecastLevels, forecastWithPrior, maeScale, mase, mulberry32, rmsse, scaledBias, smape, toDemand, type ForecastResult, type MethodName } from '@enamel/forecast';
import type { LifecycleSeries, Series } from './forecast-data/series.ts';

interface DataSet {
  horizon: number;
  season: number;
  series: Series[];
}
type SetName = 'seasonal' | 'intermittent' | 'intermittentMore' | 'weekly';


const INTERMITTENT_METHODS: MethodName[] = ['zero', 'naive', 'snaive', 'mean', 'ses', 'theta', 'croston', 'sba', 'tsb', 'adida', 'imapa', 'intermittent-combo', 'ets-theta', 'theta-tsb', 'auto'];
const METHODS: Record<SetName, MethodName[]> = {
  seasonal: ['naive', 'snaive', 'ses', 'damped', 'holt-winters', 'ets', 'theta', 'ses-sa', 'arima', 'ets-theta', 'theta-ses', 'ets-arima-theta', 'theta-tsb', 'auto'],
  intermittent: INTERMITTENT_METHODS,
  intermittentMore: INTERMITTENT_METHODS,
  weekly: ['naive', 'snaive', 'mean', 'smean', 'ses', 'ets', 'theta', 'arima', 'ets-theta', 'ets-arima-theta', 'croston', 'sba', 'tsb', 'imapa', 'intermittent-combo', 'theta-tsb', 'auto'],
};
const TITLES: Record<SetName, string> = {
  seasonal: 'M3 monthly',
  intermittent: 'carparts (intermittent)',
  intermittentMore: 'carparts, 760 more series (intermittent, fresh data of session 21)',
  weekly: 'demo practices, weekly',
};

function pad(s: string, w: number): string {
  return s.length >= w ? s : s + ' '.repeat(w - s.length);
}
function num(x: number, d = 3): string {
  return Number.isFinite(x) ? x.toFixed(d) : 'n/a';
}

/** M4 mean scaled interval score of bounds at `level`, scaled like MASE. */
export function msis(train: readonly number[], test: readonly number[], lower: readonly number[], upper: readonly number[], level: number, lag: number): number {
  const a = 1 - level;
  let s = 0;
  for (let i = 0; i < test.length; i++) {
    const y = test[i]!;
    s += upper[i]! - lower[i]! + (y < lower[i]! ? (2 / a) * (lower[i]! - y) : 0) + (y > upper[i]! ? (2 / a) * (y - upper[i]!) : 0);
  }
  return s / test.length / maeScale(train, lag);
}

interface Row {
  mase: number;
  rmsse: number;
  smape: number;
  bias: number;
  cover80: number;
  cover95: number;
  msis: number;
  ms: number;
  negative: number;
  chosen: string;
  /** Test values of each series inside the 80 % and 95 % bounds (for the bootstrap ranges). */
  perSeries: Array<{ points: number; in80: number; in95: number }>;
  /** Series `auto` calls ended, the sum of their comeback probabilities over the horizon, and how many had demand in the test part. */
  ended: { n: number; predicted: number; back: number };
}

/**
 * Range of the pooled coverage over resampled sets of series (series drawn with replacement, 2,000
 * times, fixed seed): the central `level` share of the resampled coverages. Values of one series
 * are not independent, so whole series are resampled. Shows how far a half's coverage may move by
 * the luck of which series it holds.
 */
export function coverageRange(perSeries: Row['perSeries'], key: 'in80' | 'in95', level = 0.95, draws = 2000): [number, number] {
  const rand = mulberry32(20261126);
  const n = perSeries.length;
  const out: number[] = [];
  for (let d = 0; d < draws; d++) {
    let inside = 0;
    let points = 0;
    for (let i = 0; i < n; i++) {
      const s = perSeries[Math.floor(rand() * n)]!;
      inside += s[key];
      points += s.points;
    }
    out.push((100 * inside) / points);
  }
  out.sort((a, b) => a - b);
  return [out[Math.floor(((1 - level) / 2) * draws)]!, out[Math.ceil((1 - (1 - level) / 2) * draws) - 1]!];
}

export function score(set: DataSet, series: Series[], method: MethodName, lag: number, validation: boolean): Row {
  let sMase = 0;
  let sRmsse = 0;
  let sSmape = 0;
  let sBias = 0;
  let sMsis = 0;
  let negative = 0;
  let in80 = 0;
  let in95 = 0;
  let points = 0;
  let ms = 0;
  let k = 0;
  const chosen = new Map<string, number>();
  const perSeries: Row['perSeries'] = [];
  const ended = { n: 0, predicted: 0, back: 0 };
  for (const s of series) {
    const train = validation ? s.train.slice(0, s.train.length - set.horizon) : s.train;
    const test = validation ? s.train.slice(s.train.length - set.horizon) : s.test;
    const t0 = performance.now();
    const r = forecast(train, { horizon: set.horizon, seasonalPeriod: set.season, method, level: 0.95 });
    ms += performance.now() - t0;
    const r80 = forecast(train, { horizon: set.horizon, seasonalPeriod: set.season, method, level: 0.8 });
    if ([...r.mean, ...r.lower, ...r80.lower].some((v) => v < 0)) negative++;
    if (method === 'auto' && r.lifecycle.state === 'ended') {
      ended.n++;
      ended.predicted += r.lifecycle.returnProbability!;
      if (test.some((v) => v > 0)) ended.back++;
    }
    const own = { points: test.length, in80: 0, in95: 0 };
    for (let i = 0; i < test.length; i++) {
      if (test[i]! >= r.lower[i]! && test[i]! <= r.upper[i]!) own.in95++;
      if (test[i]! >= r80.lower[i]! && test[i]! <= r80.upper[i]!) own.in80++;
    }
    perSeries.push(own);
    points += own.points;
    in80 += own.in80;
    in95 += own.in95;
    const scale = maeScale(train, lag);
    if (!(scale > 0)) continue; // a flat training part has no scale (never happens on M3 / carparts)
    k++;
    sMase += mase(train, test, r.mean, lag);
    sRmsse += rmsse(train, test, r.mean);
    sSmape += smape(test, r.mean);
    sBias += scaledBias(train, test, r.mean, lag);
    sMsis += msis(train, test, r.lower, r.upper, 0.95, lag);
    if (method === 'auto') {
      const key = r.method.startsWith('ETS(') ? 'ets' : r.method;
      chosen.set(key, (chosen.get(key) ?? 0) + 1);
    }
  }
  const top = [...chosen.entries()].sort((a, b) => b[1] - a[1]);
  return {
    mase: sMase / k,
    rmsse: sRmsse / k,
    smape: sSmape / k,
    bias: sBias / k,
    cover80: (100 * in80) / points,
    cover95: (100 * in95) / points,
    msis: sMsis / k,
    ms: ms / series.length,
    negative,
    perSeries,
    ended,
    chosen: top.slice(0, 6).map(([m, c]) => `${m}:${c}`).join(' ') + (top.length > 6 ? ' …' : ''),
  };
}

/** The lifecycle set of weekly.json (null when the file has none). */
export function readLifecycle(dir: string): { horizon: number; season: number; series: LifecycleSeries[] } | null {
  const w = path.join(dir, 'weekly.json');
  if (!fs.existsSync(w)) return null;
  return (JSON.parse(fs.readFileSync(w, 'utf8')) as { lifecycle?: { horizon: number; season: number; series: LifecycleSeries[] } }).lifecycle ?? null;
}

const LIFECYCLE_METHODS: MethodName[] = ['snaive', 'naive', 'mean', 'theta', 'tsb', 'theta-tsb', 'ets-arima-theta'];

interface LifeRow {
  mase: number;
  rmsse: number;
  bias: number;
  cover80: number;
  cover95: number;
  msis: number;
  zeroShare: number;
  /** RMSSE of each scored series, in order (for the bootstrap range of an improvement). */
  perSeries: number[];
}

/**
 * The history a lifecycle series' errors are scaled by: for a switch the combined history (the
 * successor's own few weeks have no scale), otherwise the training part; from its first demand on.
 */
function referenceHistory(s: LifecycleSeries): number[] {
  const h = s.kind === 'switch' ? combineHistory(s.train, { kind: 'predecessor', history: s.predecessor!, sinceSuccession: s.sinceSuccession! }).combined : s.train;
  const first = h.findIndex((v) => v > 0);
  return h.slice(Math.max(0, first));
}

function lifeRow(series: LifecycleSeries[], fc: (s: LifecycleSeries, level: number) => Pick<ForecastResult, 'mean' | 'lower' | 'upper'>): LifeRow {
  let sMase = 0;
  let sRmsse = 0;
  let sBias = 0;
  let sMsis = 0;
  let k = 0;
  let in80 = 0;
  let in95 = 0;
  let points = 0;
  let zero = 0;
  const perSeries: number[] = [];
  for (const s of series) {
    const r = fc(s, 0.95);
    const r80 = fc(s, 0.8);
    for (let i = 0; i < s.test.length; i++) {
      points++;
      if (s.test[i]! >= r.lower[i]! && s.test[i]! <= r.upper[i]!) in95++;
      if (s.test[i]! >= r80.lower[i]! && s.test[i]! <= r80.upper[i]!) in80++;
    }
    if (r.mean.every((v) => v === 0)) zero++;
    const ref = referenceHistory(s);
    if (!(maeScale(ref, 1) > 0)) continue;
    k++;
    sMase += mase(ref, s.test, r.mean, 1);
    const e = rmsse(ref, s.test, r.mean);
    perSeries.push(e);
    sRmsse += e;
    sBias += scaledBias(ref, s.test, r.mean, 1);
    sMsis += msis(ref, s.test, r.lower, r.upper, 0.95, 1);
  }
  return { mase: sMase / k, rmsse: sRmsse / k, bias: sBias / k, cover80: (100 * in80) / points, cover95: (100 * in95) / points, msis: sMsis / k, zeroShare: (100 * zero) / series.length, perSeries };
}

/**
 * Range of the improvement 1 − mean(better) / mean(base) (per-series RMSSE of the same series, in
 * the same order) over resampled sets of series (drawn with replacement, 2,000 times, fixed seed):
 * the central `level` share, in %. Shows how far a half's figure may move by the luck of which
 * series it holds.
 */
export function improvementRange(better: readonly number[], base: readonly number[], level = 0.95, draws = 2000): [number, number] {
  const rand = mulberry32(20261128);
  const n = better.length;
  const out: number[] = [];
  for (let d = 0; d < draws; d++) {
    let b = 0;
    let a = 0;
    for (let i = 0; i < n; i++) {
      const j = Math.floor(rand() * n);
      b += better[j]!;
      a += base[j]!;
    }
    out.push(100 * (1 - b / a));
  }
  out.sort((x, y) => x - y);
  return [out[Math.floor(((1 - level) / 2) * draws)]!, out[Math.ceil((1 - (1 - level) / 2) * draws) - 1]!];
}

/**
 * Weeks after its last demand at which a discontinued series' `auto` forecast first becomes zero
 * over the whole horizon: origins 1, 2, … 26 weeks after the last demand, on the full series
 * (training and test parts; Infinity when it never does).
 */
function weeksToZero(s: LifecycleSeries, horizon: number, season: number): number {
  const full = [...s.train, ...s.test];
  let last = -1;
  for (let t = 0; t < full.length; t++) if (full[t]! > 0) last = t;
  for (let k = 1; k <= 26; k++) {
    const train = [...full.slice(0, last + 1), ...new Array<number>(k).fill(0)];
    const r = forecast(train, { horizon, seasonalPeriod: season });
    if (r.mean.every((v) => v === 0)) return k;
  }
  return Infinity;
}

/** Replay settings of the switch series: weekly review, one week's lead time, 95 % service level. */
const REPLAY = { leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: 0.95, periodDays: 7 };

interface ReplayTotals {
  /** Demand of the successor not met from stock (units). */
  short: number;
  /** Weeks with unmet demand. */
  stockoutWeeks: number;
  /** Mean on-hand of the successor at the end of a week (units). */
  onHand: number;
  /** Units of the old product ordered after the switch (no one will use them). */
  oldOrdered: number;
  demand: number;
}

/**
 * Replay of the order suggestions over the 13 test weeks of one switch series: every week the
 * forecast is made again on the history up to that week and the order-up-to level of
 * `forecastLevels` (replenish.ts) is ordered up to (arriving a week later); demand is met from stock
 * or lost. Without succession the successor is forecast on its own history and the old product on
 * its own (silent since the switch) and both are ordered; with succession the successor is
 * forecast on the combined history and the old product is not ordered. The successor starts at the
 * order-up-to level of its forecast at the origin; the old product starts with nothing on hand, and
 * what it is then ordered up to is never used (the excess stock of a switch without succession).
 */
function replaySwitch(s: LifecycleSeries, horizon: number, season: number, succession: boolean): ReplayTotals {
  const levels = (history: number[], since: number, own: boolean) => {
    const opts = { horizon, seasonalPeriod: season, level: REPLAY.serviceLevel };
    const r = own ? forecast(history, opts) : forecastWithPrior(history, { kind: 'predecessor', history: [...s.predecessor!, ...new Array<number>(history.length - s.predecessor!.length).fill(0)], sinceSuccession: since }, opts);
    return forecastLevels(toDemand(r), REPLAY);
  };
  const t: ReplayTotals = { short: 0, stockoutWeeks: 0, onHand: 0, oldOrdered: 0, demand: 0 };
  let onHand = levels(s.train, s.sinceSuccession!, !succession)?.orderUpTo ?? 0;
  let arriving = 0;
  let oldStock = 0;
  for (let j = 0; j < s.test.length; j++) {
    const history = [...s.train, ...s.test.slice(0, j)];
    onHand += arriving;
    const S = levels(history, s.sinceSuccession! + j, !succession)?.orderUpTo ?? 0;
    arriving = Math.max(0, S - onHand);
    if (!succession) {
      // The old product, silent since the switch: whatever is ordered up to its level stays on the shelf.
      const old = [...s.predecessor!, ...new Array<number>(j).fill(0)];
      const oldS = forecastLevels(toDemand(forecast(old, { horizon, seasonalPeriod: season, level: REPLAY.serviceLevel })), REPLAY)?.orderUpTo ?? 0;
      const order = Math.max(0, oldS - oldStock);
      oldStock += order;
      t.oldOrdered += order;
    }
    const d = s.test[j]!;
    t.demand += d;
    const met = Math.min(onHand, d);
    if (met < d - 1e-9) t.stockoutWeeks++;
    t.short += d - met;
    onHand -= met;
    t.onHand += onHand / s.test.length;
  }
  return t;
}

/** Switch, stop and launch series of the lifecycle set, per kind and half. */
export function lifecycleReport(set: { horizon: number; season: number; series: LifecycleSeries[] }, halves: string[]): void {
  const opts = (level: number) => ({ horizon: set.horizon, seasonalPeriod: set.season, level });
  for (const half of halves) {
    const all = set.series.filter((_, i) => (half === 'A' ? i % 2 === 0 : i % 2 === 1));
    for (const kind of ['switch', 'stop', 'launch'] as const) {
      const series = all.filter((s) => s.kind === kind);
      if (series.length === 0) continue;
      console.log(`\nlifecycle: ${kind} series, half ${half}${half === 'B' ? ' (held out)' : ''}: ${series.length} series, horizon ${set.horizon}; errors scaled by ${kind === 'switch' ? 'the combined history' : 'the training part'} from its first demand`);
      console.log(`${pad('method', 26)} ${pad('MASE', 6)} ${pad('RMSSE', 6)} ${pad('bias', 7)} ${pad('cov80', 5)} ${pad('cov95', 5)} ${pad('MSIS', 6)} zero forecasts %`);
      const rows = new Map<string, LifeRow>();
      const show = (name: string, r: LifeRow) => {
        rows.set(name, r);
        console.log(`${pad(name, 26)} ${pad(num(r.mase), 6)} ${pad(num(r.rmsse), 6)} ${pad(num(r.bias), 7)} ${pad(num(r.cover80, 1), 5)} ${pad(num(r.cover95, 1), 5)} ${pad(num(r.msis, 2), 6)} ${num(r.zeroShare, 0)}`);
      };
      for (const m of LIFECYCLE_METHODS) show(m, lifeRow(series, (s, level) => forecast(s.train, { ...opts(level), method: m })));
      show('auto, no lifecycle', lifeRow(series, (s, level) => forecast(s.train, { ...opts(level), lifecycle: false })));
      show('auto', lifeRow(series, (s, level) => forecast(s.train, opts(level))));
      if (kind === 'switch') show('auto, combined history', lifeRow(series, (s, level) => forecastWithPrior(s.train, { kind: 'predecessor', history: s.predecessor!, sinceSuccession: s.sinceSuccession! }, opts(level))));
      if (kind === 'launch') show('auto, procedure prior', lifeRow(series, (s, level) => forecastWithPrior(s.train, { kind: 'procedures', mean: s.procedureMean! }, opts(level))));
      const auto = rows.get('auto')!;
      const fixed = LIFECYCLE_METHODS.map((m) => [m, rows.get(m)!] as const).sort((a, b) => a[1].rmsse - b[1].rmsse)[0]!;
      console.log(`→ auto RMSSE ${num(auto.rmsse, 4)} vs best fixed ${fixed[0]} ${num(fixed[1].rmsse, 4)} and snaive ${num(rows.get('snaive')!.rmsse, 4)}; coverage 80 % ${num(auto.cover80, 1)}, 95 % ${num(auto.cover95, 1)}; MSIS ${num(auto.msis, 3)}`);
      if (kind === 'switch') {
        const c = rows.get('auto, combined history')!;
        for (const succession of [false, true]) {
          const sum: ReplayTotals = { short: 0, stockoutWeeks: 0, onHand: 0, oldOrdered: 0, demand: 0 };
          for (const s of series) {
            const r = replaySwitch(s, set.horizon, set.season, succession);
            for (const key of Object.keys(sum) as Array<keyof ReplayTotals>) sum[key] += r[key];
          }
          console.log(
            `→ replay of the suggestions, 13 weeks, ${succession ? 'with succession   ' : 'without succession'}: unmet demand ${num((100 * sum.short) / sum.demand, 1)} % of ${num(sum.demand, 0)} units, stock-out weeks ${sum.stockoutWeeks} of ${13 * series.length}, successor's mean stock ${num(sum.onHand / series.length, 1)} units/series, old product bought after the switch ${num(sum.oldOrdered, 0)} units`,
          );
        }
        console.log(`→ combined history vs the successor's own (auto), first 13 weeks after ${Math.min(...series.map((s) => s.sinceSuccession!))}–${Math.max(...series.map((s) => s.sinceSuccession!))} weeks of its own: MASE ${num(c.mase)} vs ${num(auto.mase)} (${num(100 * (1 - c.mase / auto.mase), 1)} % better), RMSSE ${num(c.rmsse)} vs ${num(auto.rmsse)} (${num(100 * (1 - c.rmsse / auto.rmsse), 1)} % better; bootstrap 95 % range over series ${improvementRange(c.perSeries, auto.perSeries).map((v) => num(v, 1)).join('–')} %) — goal ≥ 20 %`);
      }
      if (kind === 'stop') {
        const ended = series.map((s) => forecast(s.train, opts(0.95)).lifecycle).filter((l) => l.state === 'ended');
        if (ended.length > 0) console.log(`→ auto calls ${ended.length} of ${series.length} ended at the origin: mean comeback probability over the horizon ${num(ended.reduce((a, l) => a + l.returnProbability!, 0) / ended.length, 2)} (none comes back: they were discontinued)`);
        // Every test value is zero: a value is covered exactly when the lower bound is zero, whatever the upper bound.
        const lowerAboveZero = series.filter((s) => forecast(s.train, opts(0.95)).lower.some((v) => v > 0)).length;
        console.log(`→ the test parts are all zero, so coverage is the share of lower bounds at zero (upper bounds cannot lower it): ${lowerAboveZero} of ${series.length} series keep a 95 % lower bound above zero somewhere in the horizon`);
        const w = series.map((s) => weeksToZero(s, set.horizon, set.season)).sort((a, b) => a - b);
        const within = w.filter((v) => v <= 8).length;
        console.log(`→ weeks after the last demand until the forecast is zero: median ${w[Math.floor(w.length / 2)]}, within 8 weeks ${within} of ${w.length} (${num((100 * within) / w.length, 0)} %), never within 26 weeks ${w.filter((v) => !Number.isFinite(v)).length} — goal: all within 8`);
      }
    }
  }
}

export function readSets(dir: string): Record<SetName, DataSet> | null {
  const a = path.join(dir, 'm3-carparts.json');
  const w = path.join(dir, 'weekly.json');
  const more = path.join(dir, 'carparts-more.json');
  if (!fs.existsSync(a) || !fs.existsSync(w) || !fs.existsSync(more)) return null;
  const mc = JSON.parse(fs.readFileSync(a, 'utf8')) as { intermittent: DataSet; seasonal: DataSet };
  const wk = JSON.parse(fs.readFileSync(w, 'utf8')) as { weekly: DataSet };
  const cm = JSON.parse(fs.readFileSync(more, 'utf8')) as { intermittentMore: DataSet };
  return { seasonal: mc.seasonal, intermittent: mc.intermittent, intermittentMore: cm.intermittentMore, weekly: wk.weekly };
}

export async function run(): Promise<void> {
  const data = readSets(path.join(import.meta.dirname, 'forecast-data'));
  if (!data) {
    console.log('forecast-accuracy: bench/forecast-data/*.json not found; skipped.');
    return;
  }
  const validation = process.env.FORECAST_SPLIT === 'validation';
  const only = process.env.FORECAST_METHODS?.split(',') as MethodName[] | undefined;
  const wantedSets = process.env.FORECAST_SETS?.split(',') ?? ['seasonal', 'intermittent', 'intermittentMore', 'weekly', 'lifecycle'];
  const sets = wantedSets.filter((s) => s !== 'lifecycle') as SetName[];
  const halves = process.env.FORECAST_HALF ? [process.env.FORECAST_HALF] : ['A', 'B'];
  console.log(`${validation ? 'Split: VALIDATION (last horizon of train held out; test parts unused)' : 'Split: train → test'}; halves A = even, B = odd series index (B is held out: no design choice was made on it)`);
  console.log(`CPU: ${os.cpus()[0]?.model ?? 'unknown'} (${os.cpus().length} cores, load average ${os.loadavg()[0]!.toFixed(2)} at start); Node ${process.version}`);
  for (const setName of sets) {
    const set = data[setName];
    const lag = setName === 'seasonal' ? set.season : 1;
    const methods = only ? only.filter((m) => METHODS[setName].includes(m) || m === 'auto') : METHODS[setName];
    for (const half of halves) {
      const series = set.series.filter((_, i) => (half === 'A' ? i % 2 === 0 : i % 2 === 1));
      console.log(`\n${TITLES[setName]}, half ${half}${half === 'B' ? ' (held out)' : ''}: ${series.length} series, horizon ${set.horizon}, season ${set.season}, MASE lag ${lag}`);
      console.log(`${pad('method', 19)} ${pad('MASE', 6)} ${pad('RMSSE', 6)} ${pad('sMAPE', 6)} ${pad('bias', 7)} ${pad('cov80', 5)} ${pad('cov95', 5)} ${pad('MSIS', 6)} ${pad('neg', 3)} ${pad('ms', 6)} chosen`);
      const rows = new Map<MethodName, Row>();
      for (const method of methods) {
        const r = score(set, series, method, lag, validation);
        rows.set(method, r);
        console.log(
          `${pad(method, 19)} ${pad(num(r.mase), 6)} ${pad(num(r.rmsse), 6)} ${pad(setName === 'seasonal' ? num(r.smape, 2) : '-', 6)} ${pad(num(r.bias), 7)} ${pad(num(r.cover80, 1), 5)} ${pad(num(r.cover95, 1), 5)} ${pad(num(r.msis, 2), 6)} ${pad(String(r.negative), 3)} ${pad(num(r.ms, 2), 6)} ${r.chosen}`,
        );
      }
      const auto = rows.get('auto');
      if (auto) {
        // The headline measure of the set; 'zero' is a sanity check, not a method anyone would pick.
        const key = setName === 'seasonal' ? 'mase' : 'rmsse';
        const fixed = [...rows].filter(([m]) => m !== 'auto' && m !== 'zero').sort((a, b) => a[1][key] - b[1][key]);
        const best = fixed[0];
        if (best) console.log(`→ auto ${key.toUpperCase()} ${num(auto[key], 4)} vs best fixed ${best[0]} ${num(best[1][key], 4)} (${num((100 * (auto[key] / best[1][key] - 1)), 2)} %)`);
        const [lo80, hi80] = coverageRange(auto.perSeries, 'in80');
        const [lo95, hi95] = coverageRange(auto.perSeries, 'in95');
        console.log(`→ auto coverage 80 % ${num(auto.cover80, 1)} (bootstrap 95 % range over series ${num(lo80, 1)}–${num(hi80, 1)}), 95 % ${num(auto.cover95, 1)} (${num(lo95, 1)}–${num(hi95, 1)}); MSIS ${num(auto.msis, 4)}`);
        if (auto.ended.n > 0) console.log(`→ auto calls ${auto.ended.n} series ended: mean comeback probability over the horizon ${num(auto.ended.predicted / auto.ended.n, 2)}, share with demand in the test part ${num(auto.ended.back / auto.ended.n, 2)}`);
      }
    }
  }
  const life = readLifecycle(path.join(import.meta.dirname, 'forecast-data'));
  if (life && wantedSets.includes('lifecycle') && !validation) lifecycleReport(life, halves);
  if (!validation) console.log('\nPublished, all 1428 M3 monthly series (MASE / sMAPE): ETS 0.865 / 14.14, Theta 0.864 / 13.86, seasonal naive 1.146 / 17.23.');
}
