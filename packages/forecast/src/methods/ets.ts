/**
 * Exponential smoothing in innovations state-space form, ETS(E,T,S) with E ∈ {A,M}, T ∈ {N,A,Ad},
 * S ∈ {N,A,M} (Hyndman, Koehler, Ord & Snyder 2008). The recursions and the likelihood follow
 * R forecast's etscalc: −2 log L = n·log Σe² (+ 2 Σ log|ŷ| for multiplicative errors).
 * Smoothing parameters, damping and the initial level and trend are estimated by Nelder–Mead on
 * the likelihood; initial seasonal states come from a classical decomposition of the first three
 * years (as R's initstate) and are kept fixed, which makes a fit several times cheaper.
 * The model form is chosen by AICc.
 */
import { nelderMead } from '../optim.ts';
import { seasonalIndices } from '../decompose.ts';
import type { MethodForecast } from '../types.ts';
import { linearTrend, mean } from '../util.ts';

export type ErrorType = 'A' | 'M';
export type TrendType = 'N' | 'A' | 'Ad';
export type SeasonType = 'N' | 'A' | 'M';
export interface EtsSpec {
  error: ErrorType;
  trend: TrendType;
  season: SeasonType;
}

export interface EtsModel {
  spec: EtsSpec;
  m: number;
  n: number;
  /** Data were divided by this before fitting; states are in scaled units. */
  scale: number;
  alpha: number;
  beta: number;
  gamma: number;
  phi: number;
  /** −2 log-likelihood up to a constant, AICc and number of estimated parameters (incl. σ). */
  lik: number;
  aicc: number;
  k: number;
  /** Innovation variance (relative for multiplicative errors, scaled units for additive). */
  sigma2: number;
  /** Final states after the last observation. */
  level: number;
  trend: number;
  /** Seasonal state by position: season[(t) mod m] applies to observation t. */
  season: Float64Array;
}

export function etsName(s: EtsSpec): string {
  return `ETS(${s.error},${s.trend},${s.season})`;
}

const ALL_SPECS: EtsSpec[] = [];
for (const error of ['A', 'M'] as const)
  for (const trend of ['N', 'A', 'Ad'] as const)
    for (const season of ['N', 'A', 'M'] as const) {
      // As R's ets(restrict = TRUE): additive errors with multiplicative seasonality are unstable.
      if (error === 'A' && season === 'M') continue;
      ALL_SPECS.push({ error, trend, season });
    }
export const ETS_SPECS: readonly EtsSpec[] = ALL_SPECS;

/** Extra outputs of the last `filter` call: [sse, final level, final trend] (avoids allocation). */
const FILTER_OUT = new Float64Array(3);

/**
 * Runs the state recursions over y (scaled) and returns −2 log L up to a constant (Infinity when
 * the model breaks down). `s` is modified in place and holds the final seasonal states on return.
 */
function filter(y: ArrayLike<number>, n: number, errMult: boolean, trend: number, season: number, m: number, alpha: number, beta: number, gamma: number, phi: number, l0: number, b0: number, s: Float64Array): number {
  // Unary plus: the loop's level and trend stay unboxed doubles in optimised code (started from the
  // parameters as they are, V8 keeps them as heap objects and allocates one every period).
  let l = +l0;
  let b = +b0;
  let sse = 0;
  let logsum = 0;
  let k = 0;
  const bOverA = beta / alpha;
  for (let t = 0; t < n; t++) {
    const yt = y[t]!;
    const phib = trend === 0 ? 0 : trend === 1 ? b : phi * b;
    const q = l + phib;
    let f = q;
    let st = 0;
    if (season === 1) {
      st = s[k]!;
      f = q + st;
    } else if (season === 2) {
      st = s[k]!;
      if (!(st > 1e-10)) return Infinity;
      f = q * st;
    }
    let e: number;
    if (errMult) {
      if (!(f > 1e-10)) return Infinity;
      e = (yt - f) / f;
      logsum += Math.log(f);
    } else {
      e = yt - f;
    }
    sse += e * e;
    const p = season === 0 ? yt : season === 1 ? yt - st : yt / st;
    const ln = q + alpha * (p - q);
    if (trend !== 0) b = phib + bOverA * (ln - l - phib);
    if (season === 1) s[k] = st + gamma * (yt - q - st);
    else if (season === 2) {
      if (!(q > 1e-10)) return Infinity;
      s[k] = st + gamma * (yt / q - st);
    }
    l = ln;
    if (season !== 0 && ++k === m) k = 0;
  }
  FILTER_OUT[0] = sse;
  FILTER_OUT[1] = l;
  FILTER_OUT[2] = b;
  return n * Math.log(Math.max(sse, 1e-300)) + (errMult ? 2 * logsum : 0);
}

export interface FitOptions {
  maxEvaluations?: number;
  /** Convergence tolerance of Nelder–Mead (relative spread of the simplex values). */
  tolerance?: number;
  /** Also optimise the initial level and trend (default true); false keeps the heuristic start (faster). */
  optimizeInitial?: boolean;
  /** Start the search from these smoothing parameters (e.g. a fit on a longer window) with small steps. */
  start?: { alpha: number; beta: number; gamma: number; phi: number };
}

/** Fits one ETS form; null when the form is not applicable to the data (too short, non-positive). */
export function fitEts(y: readonly number[], m: number, spec: EtsSpec, opts: FitOptions = {}): EtsModel | null {
  const n = y.length;
  const seasonal = spec.season !== 'N';
  if (seasonal && (m < 2 || n < 2 * m)) return null;
  let minY = Infinity;
  let absSum = 0;
  for (const v of y) {
    if (v < minY) minY = v;
    absSum += Math.abs(v);
  }
  if ((spec.error === 'M' || spec.season === 'M') && !(minY > 0)) return null;
  const mm = seasonal ? m : 1;
  const nPar = 1 + (spec.trend !== 'N' ? 1 : 0) + (seasonal ? 1 : 0) + (spec.trend === 'Ad' ? 1 : 0);
  const nStates = 1 + (spec.trend !== 'N' ? 1 : 0) + (seasonal ? m - 1 : 0);
  const k = nPar + nStates + 1;
  if (n < k + 4) return null;
  // (k counts the initial states as estimated even when they are not optimised: they are still
  // estimated from the data by the heuristic, and the penalty stays comparable with R's.)

  const scale = absSum > 0 ? absSum / n : 1;
  const ys = new Float64Array(n);
  for (let t = 0; t < n; t++) ys[t] = y[t]! / scale;

  // Initial states (R's initstate heuristic).
  const s0 = new Float64Array(mm);
  let ysa: Float64Array = ys;
  if (seasonal) {
    const first = Array.from(ys);
    const idx = seasonalIndices(first, m, spec.season === 'M' ? 'multiplicative' : 'additive');
    for (let i = 0; i < m; i++) s0[i] = idx[i]!;
    ysa = new Float64Array(n);
    for (let t = 0; t < n; t++) ysa[t] = spec.season === 'M' ? ys[t]! / s0[t % m]! : ys[t]! - s0[t % m]!;
  } else s0[0] = spec.season === 'N' ? 0 : 1;
  const maxn = Math.min(Math.max(10, 2 * m), n);
  const head = ysa.subarray(0, maxn);
  let l0: number;
  let b0 = 0;
  if (spec.trend === 'N') l0 = mean(head);
  else {
    const lt = linearTrend(head);
    l0 = lt.intercept - lt.slope;
    b0 = lt.slope;
  }

  const trendCode = spec.trend === 'N' ? 0 : spec.trend === 'A' ? 1 : 2;
  const seasonCode = spec.season === 'N' ? 0 : spec.season === 'A' ? 1 : 2;
  const errMult = spec.error === 'M';
  const hasB = trendCode !== 0;
  const hasG = seasonCode !== 0;
  const hasPhi = trendCode === 2;
  const work = new Float64Array(mm);

  // Parameter vector: alpha, [beta], [gamma], [phi], l0, [b0].
  const st = opts.start;
  const inside = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const a0 = st ? inside(st.alpha, 0.002, 0.99) : seasonal ? 0.1 : 0.2;
  const x0: number[] = [a0];
  const step: number[] = [st ? Math.min(0.05, a0 / 4) : 0.1];
  if (hasB) {
    const v = st ? inside(st.beta, 0.0002, a0 * 0.95) : 0.01;
    x0.push(v);
    step.push(st ? v / 4 + 1e-4 : 0.01);
  }
  if (hasG) {
    const v = st ? inside(st.gamma, 0.0002, (1 - a0) * 0.95) : 0.05;
    x0.push(v);
    step.push(st ? v / 4 + 1e-4 : 0.05);
  }
  if (hasPhi) {
    const v = st ? inside(st.phi, 0.81, 0.97) : 0.95;
    x0.push(v);
    step.push(st ? 0.01 : 0.02);
  }
  const optInit = opts.optimizeInitial ?? true;
  if (optInit) {
    x0.push(l0);
    step.push(0.1 * Math.abs(l0) + 0.01);
    if (hasB) {
      x0.push(b0);
      step.push(0.05 * Math.abs(l0) + 0.01);
    }
  }

  // Positions in the parameter vector (−1 = not estimated).
  const iB = hasB ? 1 : -1;
  const iG = hasG ? 1 + (hasB ? 1 : 0) : -1;
  const iPhi = hasPhi ? 1 + (hasB ? 1 : 0) + (hasG ? 1 : 0) : -1;
  const iL = optInit ? 1 + (hasB ? 1 : 0) + (hasG ? 1 : 0) + (hasPhi ? 1 : 0) : -1;
  const iB0 = optInit && hasB ? iL + 1 : -1;
  const unpack = (x: ArrayLike<number>) => ({
    alpha: x[0]!,
    beta: iB >= 0 ? x[iB]! : 0,
    gamma: iG >= 0 ? x[iG]! : 0,
    phi: iPhi >= 0 ? x[iPhi]! : 1,
    lv: iL >= 0 ? x[iL]! : l0,
    bv: iB0 >= 0 ? x[iB0]! : hasB ? b0 : 0,
  });
  const objective = (x: Float64Array): number => {
    const alpha = x[0]!;
    const beta = iB >= 0 ? x[iB]! : 0;
    const gamma = iG >= 0 ? x[iG]! : 0;
    const phi = iPhi >= 0 ? x[iPhi]! : 1;
    if (!(alpha >= 1e-4 && alpha <= 0.9999)) return Infinity;
    if (hasB && !(beta >= 1e-4 && beta <= alpha)) return Infinity;
    if (hasG && !(gamma >= 1e-4 && gamma <= 1 - alpha)) return Infinity;
    if (hasPhi && !(phi >= 0.8 && phi <= 0.98)) return Infinity;
    work.set(s0);
    return filter(ys, n, errMult, trendCode, seasonCode, mm, alpha, beta, gamma, phi, iL >= 0 ? x[iL]! : l0, iB0 >= 0 ? x[iB0]! : b0, work);
  };
  const res = nelderMead(objective, x0, { step, maxEvaluations: opts.maxEvaluations ?? 60 * x0.length + 100, tolerance: opts.tolerance ?? 1e-7 });
  if (!Number.isFinite(res.value)) return null;
  const p = unpack(res.x);
  work.set(s0);
  const lik = filter(ys, n, errMult, trendCode, seasonCode, mm, p.alpha, p.beta, p.gamma, p.phi, p.lv, p.bv, work);
  if (!Number.isFinite(lik)) return null;
  const out = { lik, sse: FILTER_OUT[0]!, level: FILTER_OUT[1]!, trend: FILTER_OUT[2]! };
  const aicc = out.lik + 2 * k + (2 * k * (k + 1)) / (n - k - 1);
  return {
    spec,
    m: mm,
    n,
    scale,
    alpha: p.alpha,
    beta: p.beta,
    gamma: p.gamma,
    phi: p.phi,
    lik: out.lik,
    aicc,
    k,
    sigma2: out.sse / Math.max(1, n - k + 1),
    level: out.level,
    trend: out.trend,
    season: work,
  };
}

/** Sum of squared one-step errors of SES with smoothing α at its best initial level (see fitSes); sets SES_OUT. */
const SES_OUT = new Float64Array(2); // [best initial level, final level]
function sesProfile(ys: Float64Array, alpha: number): number {
  // e_t = ẽ_t − d_t ℓ0 with ẽ the errors from ℓ0 = 0 and d_t = (1 − α)^(t−1): the SSE is a quadratic in ℓ0.
  let l = 0;
  let d = 1;
  let see = 0;
  let sed = 0;
  let sdd = 0;
  const a1 = 1 - alpha;
  for (let t = 0; t < ys.length; t++) {
    const e = ys[t]! - l;
    see += e * e;
    sed += e * d;
    sdd += d * d;
    l += alpha * e;
    d *= a1;
  }
  const l0 = sed / sdd;
  SES_OUT[0] = l0;
  SES_OUT[1] = l + d * l0;
  return Math.max(0, see - sed * l0);
}

/**
 * Simple exponential smoothing, ETS(A,N,N), fitted exactly and cheaply. For a given α the one-step
 * errors are linear in the initial level ℓ0, so the best ℓ0 is a least-squares ratio and the sum of
 * squares (hence −2 log L = n log SSE) a function of α alone: a grid of 21 values over
 * α ∈ [0.0001, 0.9999] brackets its minima, golden-section search refines each to 1e-6. The same model, likelihood and bounds as
 * fitEts(y, 1, ANN), which searches α and ℓ0 together with Nelder–Mead (about three times the work).
 */
export function fitSes(y: readonly number[]): EtsModel | null {
  const n = y.length;
  const k = 3; // α, ℓ0 and σ, as fitEts counts them
  if (n < k + 4) return null;
  let absSum = 0;
  for (const v of y) absSum += Math.abs(v);
  const scale = absSum > 0 ? absSum / n : 1;
  const ys = new Float64Array(n);
  for (let t = 0; t < n; t++) ys[t] = y[t]! / scale;
  const lo = 1e-4;
  const hi = 0.9999;
  // Grid denser at small α, where most optima lie (spacing 0.0025 near 0, 0.1 near 1); every local
  // minimum of the grid is refined by golden-section search on its bracket (the profile can have two).
  const G = 20;
  const grid = new Float64Array(G + 1);
  const f = new Float64Array(G + 1);
  for (let i = 0; i <= G; i++) {
    grid[i] = lo + (hi - lo) * (i / G) ** 2;
    f[i] = sesProfile(ys, grid[i]!);
  }
  let alpha = grid[0]!;
  let best = Infinity;
  const r = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i <= G; i++) {
    if ((i > 0 && f[i - 1]! < f[i]!) || (i < G && f[i + 1]! < f[i]!)) continue;
    if (f[i]! < best) {
      best = f[i]!;
      alpha = grid[i]!;
    }
    let a = grid[Math.max(0, i - 1)]!;
    let b = grid[Math.min(G, i + 1)]!;
    let c = b - r * (b - a);
    let d = a + r * (b - a);
    let fc = sesProfile(ys, c);
    let fd = sesProfile(ys, d);
    while (b - a > 1e-6) {
      if (fc <= fd) {
        b = d;
        d = c;
        fd = fc;
        c = b - r * (b - a);
        fc = sesProfile(ys, c);
      } else {
        a = c;
        c = d;
        fc = fd;
        d = a + r * (b - a);
        fd = sesProfile(ys, d);
      }
    }
    if (Math.min(fc, fd) < best) {
      best = Math.min(fc, fd);
      alpha = fc <= fd ? c : d;
    }
  }
  const sse = sesProfile(ys, alpha);
  const level = SES_OUT[1]!;
  const lik = n * Math.log(Math.max(sse, 1e-300));
  if (!Number.isFinite(lik)) return null;
  return {
    spec: { error: 'A', trend: 'N', season: 'N' },
    m: 1,
    n,
    scale,
    alpha,
    beta: 0,
    gamma: 0,
    phi: 1,
    lik,
    aicc: lik + 2 * k + (2 * k * (k + 1)) / (n - k - 1),
    k,
    sigma2: sse / Math.max(1, n - k + 1),
    level,
    trend: 0,
    season: new Float64Array(1),
  };
}

/** Point forecasts and error standard deviations h periods ahead from the end of the fitted data. */
export function etsForecast(model: EtsModel, h: number): MethodForecast {
  const { spec, m, n, scale, phi, level: l, trend: b, season: s } = model;
  const meanOut: number[] = [];
  const sd: number[] = [];
  let phiSum = 0;
  let phiPow = 1;
  let cum = 0; // Σ c_j² for j < i
  for (let i = 1; i <= h; i++) {
    if (spec.trend === 'Ad') {
      phiPow *= phi;
      phiSum += phiPow;
    } else phiSum = i;
    let f = spec.trend === 'N' ? l : l + phiSum * b;
    const k = (n + i - 1) % m;
    if (spec.season === 'A') f += s[k]!;
    else if (spec.season === 'M') f *= s[k]!;
    meanOut.push(f * scale);
    // Variance of the i-step error, class-1 formula (Hyndman et al. 2008, Table 6.1):
    // v_i = σ² (1 + Σ_{j<i} c_j²), c_j = α + β φ_j + γ [j mod m = 0]. Used as an approximation
    // (relative to the mean) for multiplicative-error models.
    const v = model.sigma2 * (1 + cum);
    sd.push(spec.error === 'M' ? Math.sqrt(v) * Math.abs(f * scale) : Math.sqrt(v) * scale);
    const j = i;
    let phiJ: number;
    if (spec.trend === 'Ad') phiJ = (phi * (1 - phi ** j)) / (1 - phi);
    else phiJ = j;
    const c = model.alpha + (spec.trend !== 'N' ? model.beta * phiJ : 0) + (spec.season !== 'N' && j % m === 0 ? model.gamma : 0);
    cum += c * c;
  }
  return {
    method: etsName(spec),
    mean: meanOut,
    sd,
    distribution: 'normal',
    params: { model: etsName(spec), alpha: model.alpha, beta: model.beta, gamma: model.gamma, phi: model.phi, aicc: model.aicc },
  };
}

export interface AutoEtsOptions extends FitOptions {
  specs?: readonly EtsSpec[];
}

/** Fits every applicable form and keeps the one with the smallest AICc. */
export function autoEts(y: readonly number[], m: number, opts: AutoEtsOptions = {}): EtsModel | null {
  let best: EtsModel | null = null;
  for (const spec of opts.specs ?? ETS_SPECS) {
    if (spec.season !== 'N' && m < 2) continue;
    const fit = fitEts(y, m, spec, opts);
    if (fit && Number.isFinite(fit.aicc) && (!best || fit.aicc < best.aicc)) best = fit;
  }
  return best;
}

export function parseEtsName(name: string): EtsSpec | null {
  const r = /^ETS\((A|M),(N|A|Ad),(N|A|M)\)$/.exec(name);
  if (!r) return null;
  return { error: r[1] as ErrorType, trend: r[2] as TrendType, season: r[3] as SeasonType };
}

export interface EtsParameters {
  alpha: number;
  beta?: number;
  gamma?: number;
  phi?: number;
  l0: number;
  b0?: number;
  /** Initial seasonal states by position (index k applies to observations t with t mod m = k). */
  s0?: readonly number[];
}

/**
 * Runs the ETS recursions with given parameters and initial states (no estimation): returns
 * −2 log-likelihood (up to a constant), the sum of squared innovations and forecasts h ahead.
 * Used for reference tests and for evaluating a fitted model on new data.
 */
export function etsEvaluate(y: readonly number[], m: number, spec: EtsSpec, p: EtsParameters, h: number): { lik: number; sse: number; forecast: number[] } {
  const seasonal = spec.season !== 'N';
  const mm = seasonal ? m : 1;
  const s = new Float64Array(mm);
  if (seasonal) for (let i = 0; i < m; i++) s[i] = p.s0?.[i] ?? (spec.season === 'M' ? 1 : 0);
  const trendCode = spec.trend === 'N' ? 0 : spec.trend === 'A' ? 1 : 2;
  const seasonCode = spec.season === 'N' ? 0 : spec.season === 'A' ? 1 : 2;
  const lik = filter(y, y.length, spec.error === 'M', trendCode, seasonCode, mm, p.alpha, p.beta ?? 0, p.gamma ?? 0, p.phi ?? 1, p.l0, p.b0 ?? 0, s);
  const out = { lik, sse: FILTER_OUT[0]!, level: FILTER_OUT[1]!, trend: FILTER_OUT[2]! };
  const model: EtsModel = {
    spec,
    m: mm,
    n: y.length,
    scale: 1,
    alpha: p.alpha,
    beta: p.beta ?? 0,
    gamma: p.gamma ?? 0,
    phi: p.phi ?? 1,
    lik: out.lik,
    aicc: NaN,
    k: 0,
    sigma2: 0,
    level: out.level,
    trend: out.trend,
    season: s,
  };
  return { lik: out.lik, sse: out.sse, forecast: etsForecast(model, h).mean };
}
