/** Classical decomposition and the seasonality test used by Theta (as R's forecast::thetaf). */
import { mean, qnorm } from './util.ts';

/** Sample autocorrelations r_1..r_maxLag (as R's acf). */
export function acf(y: readonly number[], maxLag: number): number[] {
  const n = y.length;
  const mu = mean(y);
  let d = 0;
  for (let t = 0; t < n; t++) d += (y[t]! - mu) ** 2;
  const out: number[] = [];
  for (let k = 1; k <= maxLag; k++) {
    let s = 0;
    for (let t = 0; t + k < n; t++) s += (y[t]! - mu) * (y[t + k]! - mu);
    out.push(d > 0 ? s / d : 0);
  }
  return out;
}

/**
 * 90 % one-sided test of the lag-m autocorrelation against Bartlett's standard error
 * (Assimakopoulos & Nikolopoulos 2000; R forecast::thetaf and the M4 benchmarks).
 */
export function isSeasonal(y: readonly number[], m: number): boolean {
  const n = y.length;
  if (m <= 1 || n <= 2 * m) return false;
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of y) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  if (hi - lo <= 1e-12 * Math.max(1, Math.abs(hi))) return false;
  const r = acf(y, m);
  let s = 0;
  for (let k = 0; k < m - 1; k++) s += r[k]! ** 2;
  const stat = Math.sqrt((1 + 2 * s) / n);
  return Math.abs(r[m - 1]!) / stat > qnorm(0.95);
}

/**
 * Seasonal indices of a classical decomposition (R's decompose): centred moving average of order m
 * (2×m for even m), detrended values averaged by position t mod m, normalised to mean 1
 * (multiplicative) or 0 (additive). Index k applies to observations t with t mod m = k.
 */
export function seasonalIndices(y: readonly number[], m: number, type: 'multiplicative' | 'additive'): number[] {
  const n = y.length;
  const half = Math.floor(m / 2);
  const even = m % 2 === 0;
  const sums = new Float64Array(m);
  const counts = new Float64Array(m);
  for (let t = half; t < n - half; t++) {
    let tr = 0;
    if (even) {
      tr = 0.5 * y[t - half]! + 0.5 * y[t + half]!;
      for (let j = t - half + 1; j < t + half; j++) tr += y[j]!;
    } else {
      for (let j = t - half; j <= t + half; j++) tr += y[j]!;
    }
    tr /= m;
    const k = t % m;
    if (type === 'multiplicative') {
      if (!(tr !== 0)) continue;
      sums[k] = sums[k]! + y[t]! / tr;
    } else {
      sums[k] = sums[k]! + (y[t]! - tr);
    }
    counts[k] = counts[k]! + 1;
  }
  const fig: number[] = [];
  for (let k = 0; k < m; k++) fig.push(counts[k]! > 0 ? sums[k]! / counts[k]! : type === 'multiplicative' ? 1 : 0);
  const mu = mean(fig);
  if (type === 'multiplicative') return fig.map((v) => (mu !== 0 ? v / mu : 1));
  return fig.map((v) => v - mu);
}
