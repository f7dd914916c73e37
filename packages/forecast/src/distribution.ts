/**
 * Distribution of cumulative demand over a (possibly fractional) number of forecast periods:
 * mean = Σ mean, variance = Σ sd² (independent period errors, a simplification), as a count
 * distribution (Poisson / negative binomial) or a normal one.
 */
import { countPmf, countQuantile, pnorm, qnorm } from './util.ts';

/** What the inventory maths needs from a forecast (a ForecastResult fits via `toDemand`). */
export interface DemandForecast {
  mean: readonly number[];
  sd: readonly number[];
  lower?: readonly number[];
  upper?: readonly number[];
  distribution: 'normal' | 'count';
}

export function toDemand(r: { mean: readonly number[]; lower: readonly number[]; upper: readonly number[]; stats: { sd: readonly number[]; distribution: 'normal' | 'count' } }): DemandForecast {
  return { mean: r.mean, sd: r.stats.sd, lower: r.lower, upper: r.upper, distribution: r.stats.distribution };
}

/** Mean and variance of demand over the first `periods` periods; beyond the horizon the last period repeats. */
export function cumulativeMoments(f: DemandForecast, periods: number): { mean: number; variance: number } {
  let mu = 0;
  let v = 0;
  const h = f.mean.length;
  let left = Math.max(0, periods);
  for (let i = 0; left > 1e-12; i++) {
    const w = Math.min(1, left);
    const j = Math.min(i, h - 1);
    const m = Math.max(0, f.mean[j] ?? 0);
    const s = f.sd[j] ?? 0;
    mu += w * m;
    v += w * s * s;
    left -= w;
  }
  return { mean: mu, variance: v };
}

/** Smallest quantity q with P(D ≤ q) ≥ p (integer for count demand). */
export function demandQuantile(p: number, mean: number, variance: number, distribution: 'normal' | 'count'): number {
  if (!(mean > 0)) return 0;
  if (distribution === 'count' && mean < 1e4) return countQuantile(p, mean, Math.max(variance, 0));
  const q = mean + qnorm(p) * Math.sqrt(Math.max(variance, 0));
  return Math.max(0, distribution === 'count' ? Math.ceil(q) : q);
}

/** P(D ≥ x). */
export function exceedProbability(x: number, mean: number, variance: number, distribution: 'normal' | 'count'): number {
  if (x <= 0) return 1;
  if (!(mean > 0)) return 0;
  if (distribution === 'count' && mean < 1e4) {
    const pmf = countPmf(mean, Math.max(variance, 0));
    let cdf = 0;
    const k0 = Math.ceil(x);
    for (let k = 0; k < k0; k++) cdf += pmf(k);
    return Math.max(0, 1 - cdf);
  }
  const sd = Math.sqrt(Math.max(variance, 0));
  if (sd === 0) return mean >= x ? 1 : 0;
  return 1 - pnorm((x - mean) / sd);
}

/** Probability mass over 0..kMax (discretised normal for continuous demand), for expectations. */
export function demandPmf(mean: number, variance: number, distribution: 'normal' | 'count', kMax: number): number[] {
  const out: number[] = [];
  if (!(mean > 0)) {
    out.push(1);
    return out;
  }
  if (distribution === 'count' && mean < 1e4) {
    const pmf = countPmf(mean, Math.max(variance, 0));
    for (let k = 0; k <= kMax; k++) out.push(pmf(k));
    return out;
  }
  const sd = Math.sqrt(Math.max(variance, 1e-12));
  let prev = 0;
  for (let k = 0; k <= kMax; k++) {
    const c = pnorm((k + 0.5 - mean) / sd);
    out.push(c - prev);
    prev = c;
  }
  return out;
}
