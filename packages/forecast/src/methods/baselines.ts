/** Benchmarks: naive, seasonal naive, mean and zero forecasts, with textbook interval formulas (fpp3 §5.5). */
import type { MethodForecast } from '../types.ts';
import { doubleArray, mean, variance } from '../util.ts';

function rmsDiff(y: readonly number[], lag: number): number {
  let s = 0;
  let c = 0;
  for (let t = lag; t < y.length; t++) {
    s += (y[t]! - y[t - lag]!) ** 2;
    c++;
  }
  return c > 0 ? Math.sqrt(s / c) : 0;
}

export function naive(y: readonly number[], h: number): MethodForecast {
  const last = y[y.length - 1] ?? 0;
  const s = rmsDiff(y, 1);
  return {
    method: 'naive',
    mean: doubleArray(h, () => last),
    sd: doubleArray(h, (i) => s * Math.sqrt(i + 1)),
    distribution: 'normal',
    params: { sigma: s },
  };
}

/** Seasonal naive: the value one season ago; falls back to naive when shorter than one season. */
export function seasonalNaive(y: readonly number[], h: number, m: number): MethodForecast {
  const n = y.length;
  if (m < 2 || n < m) return { ...naive(y, h), method: 'snaive' };
  const s = rmsDiff(y, m);
  return {
    method: 'snaive',
    mean: doubleArray(h, (i) => y[n - m + (i % m)]!),
    sd: doubleArray(h, (i) => s * Math.sqrt(Math.floor(i / m) + 1)),
    distribution: 'normal',
    params: { sigma: s },
  };
}

export function meanForecast(y: readonly number[], h: number): MethodForecast {
  const mu = mean(y);
  const s = Math.sqrt(variance(y) * (1 + 1 / Math.max(1, y.length)));
  return { method: 'mean', mean: doubleArray(h, () => mu), sd: doubleArray(h, () => s), distribution: 'normal', params: { mean: mu } };
}

export function zeroForecast(h: number): MethodForecast {
  return { method: 'zero', mean: doubleArray(h, () => 0), sd: doubleArray(h, () => 0), distribution: 'count', params: {} };
}

/**
 * Seasonal mean: the average of the same season position over the last `cycles` seasons (default
 * up to 6). Captures fixed weekly patterns such as closed days in daily data, which the
 * intermittent methods (flat forecasts) cannot.
 */
export function seasonalMean(y: readonly number[], h: number, m: number, cycles = 6): MethodForecast {
  const n = y.length;
  if (m < 2 || n < m) return { ...meanForecast(y, h), method: 'smean' };
  const c = Math.max(1, Math.min(cycles, Math.floor(n / m)));
  const prof: number[] = [];
  const sds: number[] = [];
  for (let k = 0; k < m; k++) {
    // Position of the k-th future period in the cycle, counted back from the end of the series.
    const vals: number[] = [];
    for (let j = 1; j <= c; j++) {
      const t = n - j * m + k;
      if (t >= 0) vals.push(y[t]!);
    }
    const mu = mean(vals);
    prof.push(mu);
    sds.push(Math.sqrt(variance(vals) * (1 + 1 / Math.max(1, vals.length))));
  }
  return {
    method: 'smean',
    mean: doubleArray(h, (i) => prof[i % m]!),
    sd: doubleArray(h, (i) => sds[i % m]!),
    distribution: 'normal',
    params: { cycles: c },
  };
}
