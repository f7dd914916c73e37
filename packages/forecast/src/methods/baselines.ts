/** Benchmarks: naive, seasonal naive, mean and zero forecasts, with textbook interval formulas (fpp3 §5.5). */
import type { MethodForecast } from '../types.ts';
import { mean, variance } from '../util.ts';

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
    mean: Array.from({ length: h }, () => last),
    sd: Array.from({ length: h }, (_, i) => s * Math.sqrt(i + 1)),
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
    mean: Array.from({ length: h }, (_, i) => y[n - m + (i % m)]!),
    sd: Array.from({ length: h }, (_, i) => s * Math.sqrt(Math.floor(i / m) + 1)),
    distribution: 'normal',
    params: { sigma: s },
  };
}

export function meanForecast(y: readonly number[], h: number): MethodForecast {
  const mu = mean(y);
  const s = Math.sqrt(variance(y) * (1 + 1 / Math.max(1, y.length)));
  return { method: 'mean', mean: Array.from({ length: h }, () => mu), sd: Array.from({ length: h }, () => s), distribution: 'normal', params: { mean: mu } };
}

export function zeroForecast(h: number): MethodForecast {
  return { method: 'zero', mean: Array.from({ length: h }, () => 0), sd: Array.from({ length: h }, () => 0), distribution: 'count', params: {} };
}
