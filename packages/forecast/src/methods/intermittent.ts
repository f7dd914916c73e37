/**
 * Intermittent-demand methods: Croston (1972), SBA (Syntetos & Boylan 2005: Croston × (1 − α/2)),
 * TSB (Teunter, Syntetos & Babai 2011), ADIDA (Nikolopoulos et al. 2011) and IMAPA
 * (Petropoulos & Kourentzes 2015). Smoothing constants are optimised per series on in-sample
 * one-step mean squared error over a grid (Kourentzes 2014: optimise, separately for size and
 * interval); bounds are count distributions (see intervals.ts).
 */
import type { MethodForecast } from '../types.ts';
import { doubleArray, mean } from '../util.ts';

export const ALPHA_GRID = [0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.5] as const;

function flat(v: number, h: number): number[] {
  return doubleArray(h, () => v);
}

interface DemandPoints {
  sizes: number[];
  intervals: number[];
}

export function demandPoints(y: readonly number[]): DemandPoints {
  const sizes: number[] = [];
  const intervals: number[] = [];
  let last = -1;
  for (let t = 0; t < y.length; t++) {
    if (y[t]! > 0) {
      sizes.push(y[t]!);
      intervals.push(t - last);
      last = t;
    }
  }
  return { sizes, intervals };
}

/** Croston-type recursion: returns in-sample MSE and the final size and interval estimates. */
function crostonRun(y: readonly number[], aZ: number, aP: number, z0: number, p0: number, factor: (aP: number) => number): { mse: number; z: number; p: number } {
  // Unary plus keeps the smoothed states unboxed in optimised code (see the ETS filter).
  let z = +z0;
  let p = +p0;
  let q = 1;
  let sse = 0;
  const f = factor(aP);
  for (let t = 0; t < y.length; t++) {
    const fc = (f * z) / p;
    sse += (y[t]! - fc) ** 2;
    if (y[t]! > 0) {
      z += aZ * (y[t]! - z);
      p += aP * (q - p);
      q = 1;
    } else q++;
  }
  return { mse: sse / Math.max(1, y.length), z, p };
}

function crostonFamily(y: readonly number[], h: number, variant: 'croston' | 'sba'): MethodForecast {
  const { sizes } = demandPoints(y);
  if (sizes.length === 0) return { method: variant, mean: flat(0, h), sd: flat(0, h), distribution: 'count', params: {} };
  const z0 = mean(sizes);
  const p0 = y.length / sizes.length;
  const factor = variant === 'sba' ? (a: number) => 1 - a / 2 : () => 1;
  let best = { mse: Infinity, z: z0, p: p0, aZ: 0.1, aP: 0.1 };
  for (const aZ of ALPHA_GRID)
    for (const aP of ALPHA_GRID) {
      const r = crostonRun(y, aZ, aP, z0, p0, factor);
      if (r.mse < best.mse - 1e-12) best = { ...r, aZ, aP };
    }
  const fc = (factor(best.aP) * best.z) / best.p;
  return {
    method: variant,
    mean: flat(fc, h),
    sd: flat(Math.sqrt(best.mse), h),
    distribution: 'count',
    params: { alphaSize: best.aZ, alphaInterval: best.aP, size: best.z, interval: best.p },
  };
}

export function croston(y: readonly number[], h: number): MethodForecast {
  return crostonFamily(y, h, 'croston');
}

export function sba(y: readonly number[], h: number): MethodForecast {
  return crostonFamily(y, h, 'sba');
}

/** TSB: demand probability updated every period, size only when demand occurs. */
export function tsb(y: readonly number[], h: number): MethodForecast {
  const { sizes } = demandPoints(y);
  if (sizes.length === 0) return { method: 'tsb', mean: flat(0, h), sd: flat(0, h), distribution: 'count', params: {} };
  const z0 = mean(sizes);
  const p0 = sizes.length / y.length;
  let best = { mse: Infinity, z: z0, p: p0, a: 0.1, b: 0.1 };
  for (const a of ALPHA_GRID)
    for (const b of ALPHA_GRID) {
      let z = +z0;
      let p = +p0;
      let sse = 0;
      for (let t = 0; t < y.length; t++) {
        const yt = y[t]!;
        sse += (yt - p * z) ** 2;
        if (yt > 0) {
          p += b * (1 - p);
          z += a * (yt - z);
        } else p -= b * p;
      }
      const mse = sse / y.length;
      if (mse < best.mse - 1e-12) best = { mse, z, p, a, b };
    }
  return {
    method: 'tsb',
    mean: flat(best.p * best.z, h),
    sd: flat(Math.sqrt(best.mse), h),
    distribution: 'count',
    params: { alphaSize: best.a, betaProbability: best.b, size: best.z, probability: best.p },
  };
}

/** SES with α chosen on a grid by in-sample one-step MSE, initial level = series mean. */
export function sesGrid(y: readonly number[]): { level: number; alpha: number; mse: number } {
  const l0 = mean(y);
  let best = { level: l0, alpha: 0.1, mse: Infinity };
  for (const a of ALPHA_GRID) {
    let l = +l0;
    let sse = 0;
    for (const v of y) {
      sse += (v - l) ** 2;
      l += a * (v - l);
    }
    const mse = sse / Math.max(1, y.length);
    if (mse < best.mse - 1e-12) best = { level: l, alpha: a, mse };
  }
  return best;
}

/** Non-overlapping temporal aggregation into buckets of k periods, aligned with the end of the series. */
export function aggregate(y: readonly number[], k: number): number[] {
  const b = Math.floor(y.length / k);
  const start = y.length - b * k;
  const out: number[] = [];
  for (let j = 0; j < b; j++) {
    let s = 0;
    for (let i = 0; i < k; i++) s += y[start + j * k + i]!;
    out.push(s);
  }
  return out;
}

/** ADIDA: aggregate to buckets of k periods, SES, split the bucket forecast equally. */
export function adida(y: readonly number[], h: number, k: number): MethodForecast {
  const agg = aggregate(y, k);
  if (agg.length < 2) {
    const mu = mean(y);
    return { method: `adida(${k})`, mean: flat(mu, h), sd: flat(0, h), distribution: 'count', params: { k } };
  }
  const s = sesGrid(agg);
  return {
    method: `adida(${k})`,
    mean: flat(s.level / k, h),
    sd: flat(Math.sqrt(s.mse / k), h),
    distribution: 'count',
    params: { k, alpha: s.alpha },
  };
}

/** IMAPA: mean of ADIDA forecasts over aggregation levels 1..K (K ≈ mean inter-demand interval, at least 2). */
export function imapa(y: readonly number[], h: number): MethodForecast {
  const { sizes } = demandPoints(y);
  const adi = sizes.length > 0 ? y.length / sizes.length : 1;
  const kMax = Math.max(1, Math.min(Math.max(2, Math.ceil(adi)), 12, Math.floor(y.length / 3)));
  let mu = 0;
  let v = 0;
  for (let k = 1; k <= kMax; k++) {
    const f = adida(y, 1, k);
    mu += f.mean[0]! / kMax;
    v += f.sd[0]! ** 2 / kMax;
  }
  return { method: 'imapa', mean: flat(mu, h), sd: flat(Math.sqrt(v), h), distribution: 'count', params: { levels: kMax } };
}
