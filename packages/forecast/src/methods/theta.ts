/**
 * Standard Theta method as SES with drift (Hyndman & Billah 2003), exactly as R's
 * forecast::thetaf: 90 % seasonality test on the lag-m autocorrelation, classical multiplicative
 * decomposition when seasonal, SES (α and ℓ0 optimised) on the adjusted series, drift equal to half
 * the slope of a linear trend, re-seasonalised forecasts.
 */
import { isSeasonal, seasonalIndices } from '../decompose.ts';
import type { MethodForecast } from '../types.ts';
import { doubleArray, linearTrend } from '../util.ts';
import { etsForecast, fitEts, fitSes } from './ets.ts';

export interface ThetaDetails {
  seasonal: boolean;
  indices: number[] | null;
}

/** Seasonal adjustment shared by Theta and the deseasonalised smoothing methods. */
export function seasonalAdjust(y: readonly number[], m: number): { adjusted: number[]; indices: number[] | null } {
  let pos = true;
  for (const v of y) if (!(v > 0)) pos = false;
  if (m > 1 && pos && isSeasonal(y, m)) {
    const idx = seasonalIndices(y, m, 'multiplicative');
    return { adjusted: y.map((v, t) => v / idx[t % m]!), indices: idx };
  }
  return { adjusted: [...y], indices: null };
}

export function reseasonalise(f: number[], n: number, m: number, indices: number[] | null): number[] {
  if (!indices) return f;
  return f.map((v, i) => v * indices[(n + i) % m]!);
}

export function theta(y: readonly number[], h: number, m: number): MethodForecast {
  return thetaAndSes(y, h, m).theta;
}

/**
 * Theta and plain SES on the same seasonally adjusted series (they share the adjustment and the
 * SES fit): `ses` is the re-seasonalised SES forecast ("ses-sa"). SES is fitted as R's ets(ANN) does,
 * by Nelder–Mead over α and ℓ0; `exact` uses fitSes instead (the exact optimum at a quarter of the
 * cost; automatic selection uses it at the rolling origins of the interval calibration).
 */
export function thetaAndSes(y: readonly number[], h: number, m: number, exact = false): { theta: MethodForecast; ses: MethodForecast } {
  const n = y.length;
  const { adjusted, indices } = seasonalAdjust(y, m);
  const ses = exact ? fitSes(adjusted) : fitEts(adjusted, 1, { error: 'A', trend: 'N', season: 'N' });
  let meanF: number[];
  let sd: number[];
  let alpha: number;
  let sesOut: MethodForecast;
  if (!ses) {
    // Too short for an optimised SES: level = mean, α = 0.5 by convention.
    const l = adjusted.reduce((a, b) => a + b, 0) / Math.max(1, n);
    alpha = 0.5;
    meanF = doubleArray(h, () => l);
    const resid = adjusted.slice(1).map((v, i) => v - adjusted[i]!);
    const s = Math.sqrt(resid.reduce((a, b) => a + b * b, 0) / Math.max(1, resid.length));
    sd = doubleArray(h, (j) => s * Math.sqrt(1 + j * alpha * alpha));
    sesOut = { method: 'ses-sa', mean: reseasonalise(meanF, n, m, indices), sd: reseasonalise(sd, n, m, indices), distribution: 'normal', params: { alpha } };
  } else {
    const f = etsForecast(ses, h);
    sesOut = { ...f, method: 'ses-sa', mean: reseasonalise(f.mean, n, m, indices), sd: reseasonalise(f.sd, n, m, indices) };
    alpha = Math.max(1e-10, ses.alpha);
    meanF = f.mean;
    const s = Math.sqrt(ses.sigma2) * ses.scale;
    sd = doubleArray(h, (j) => s * Math.sqrt(1 + j * alpha * alpha));
  }
  const drift = n > 1 ? linearTrend(adjusted).slope / 2 : 0;
  const c = (1 - (1 - alpha) ** n) / alpha;
  meanF = meanF.map((v, i) => v + drift * (i + c));
  if (indices) {
    meanF = reseasonalise(meanF, n, m, indices);
    sd = reseasonalise(sd, n, m, indices);
  }
  return { theta: { method: 'theta', mean: meanF, sd, distribution: 'normal', params: { alpha, drift, seasonal: indices ? 1 : 0 } }, ses: sesOut };
}
