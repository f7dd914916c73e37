/**
 * Seasonal ARIMA(p,d,q)(P,D,Q)m with automatic order selection in the manner of Hyndman &
 * Khandakar (2008), R's forecast::auto.arima: seasonal differencing when the seasonal strength of
 * a classical decomposition exceeds 0.64, ordinary differencing while the KPSS test rejects level
 * stationarity at 5 % (up to d = 2), then a stepwise search over p, q ≤ 5, P, Q ≤ 2 (p+q+P+Q ≤ 5)
 * and the constant, by AICc. Differences from R: the coefficients are estimated by least squares
 * on the one-step errors from zero pre-sample values (R: conditional sum of squares, then maximum
 * likelihood), AR and MA parts are kept stationary and invertible by fitting partial
 * autocorrelations (tanh-transformed), and the search fits at most 14 models (R: 94).
 */
import { nelderMead } from '../optim.ts';
import type { MethodForecast } from '../types.ts';
import { mean } from '../util.ts';

export interface ArimaOrder {
  p: number;
  d: number;
  q: number;
  P: number;
  D: number;
  Q: number;
  m: number;
  /** Mean of the differenced series (a mean when d + D = 0, a drift when d + D = 1). */
  constant: boolean;
}

export interface ArimaModel {
  order: ArimaOrder;
  ar: number[];
  ma: number[];
  sar: number[];
  sma: number[];
  /** Mean of the differenced series (0 without constant). */
  mu: number;
  sigma2: number;
  /** −2 log-likelihood (Gaussian, from the one-step errors) and AICc. */
  lik: number;
  aicc: number;
  /** Series the model was fitted on and its one-step errors aligned with it (0 for the d + Dm points lost to differencing). */
  y: number[];
  resid: number[];
  /** Estimated parameters in the optimiser's (transformed) space, to restart from. */
  x: number[];
}

export function arimaName(o: ArimaOrder): string {
  const s = o.P + o.D + o.Q > 0 ? `(${o.P},${o.D},${o.Q})[${o.m}]` : '';
  return `ARIMA(${o.p},${o.d},${o.q})${s}${o.constant ? (o.d + o.D === 0 ? ' with mean' : ' with drift') : ''}`;
}

/** Coefficients φ₁..φₖ of a stationary AR polynomial from partial autocorrelations in (−1, 1) (Durbin–Levinson). */
export function pacfToAr(r: readonly number[]): number[] {
  let phi: number[] = [];
  for (let j = 0; j < r.length; j++) {
    const next = phi.map((v, i) => v - r[j]! * phi[j - 1 - i]!);
    next.push(r[j]!);
    phi = next;
  }
  return phi;
}

/** Product of two polynomials given by coefficient arrays (index = power of B). */
function polyMul(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j] = out[i + j]! + a[i]! * b[j]!;
  return out;
}

/** 1 − Σ φᵢ Bⁱ (seasonal: powers × m) as a coefficient array. */
function arPoly(phi: readonly number[], step: number, sign: 1 | -1): number[] {
  const out = new Array<number>(phi.length * step + 1).fill(0);
  out[0] = 1;
  phi.forEach((v, i) => (out[(i + 1) * step] = sign * v));
  return out;
}

/** Full AR (as y_t = Σ a_k y_{t−k} …) and MA (e_t + Σ b_k e_{t−k}) lag polynomials of the ARMA part. */
function fullLags(ar: readonly number[], sar: readonly number[], ma: readonly number[], sma: readonly number[], m: number): { a: number[]; b: number[] } {
  const phi = polyMul(arPoly(ar, 1, -1), arPoly(sar, m, -1)).map((v) => -v);
  const theta = polyMul(arPoly(ma, 1, 1), arPoly(sma, m, 1));
  phi[0] = 0;
  theta[0] = 0;
  return { a: phi, b: theta };
}

/** (1 − B)^d (1 − B^m)^D applied to y. */
export function difference(y: readonly number[], d: number, D: number, m: number): number[] {
  let w = [...y];
  for (let i = 0; i < D; i++) w = w.slice(m).map((v, t) => v - w[t]!);
  for (let i = 0; i < d; i++) w = w.slice(1).map((v, t) => v - w[t]!);
  return w;
}

/** Durbin–Levinson in place: partial autocorrelations r[0..k) → AR coefficients out[0..k) (tmp: scratch). */
function pacfToArInPlace(r: Float64Array, k: number, out: Float64Array, tmp: Float64Array): void {
  for (let j = 0; j < k; j++) {
    for (let i = 0; i < j; i++) tmp[i] = out[i]! - r[j]! * out[j - 1 - i]!;
    for (let i = 0; i < j; i++) out[i] = tmp[i]!;
    out[j] = r[j]!;
  }
}

/**
 * The sum of squares of one order on the differenced series, without allocation per evaluation:
 * full lag polynomials a (AR: y_t = Σ a_k y_{t−k}) and b (MA: e_t + Σ b_k e_{t−k}) are rebuilt into
 * fixed arrays, and only their structurally non-zero lags are visited.
 */
function cssEvaluator(w: Float64Array, order: ArimaOrder, wm: number, sdw: number) {
  const { p, q, P, Q, m } = order;
  const N = w.length;
  const maxA = p + P * m;
  const maxB = q + Q * m;
  const a = new Float64Array(maxA + 1);
  const b = new Float64Array(maxB + 1);
  const lagSet = (n: number, s: number) => {
    const set = new Set<number>();
    for (let i = 1; i <= n; i++) set.add(i);
    for (let j = 1; j <= s; j++) {
      set.add(j * m);
      for (let i = 1; i <= n; i++) set.add(i + j * m);
    }
    return Int32Array.from([...set].sort((x, y) => x - y));
  };
  const aLags = lagSet(p, P);
  const bLags = lagSet(q, Q);
  const r = new Float64Array(6);
  const tmp = new Float64Array(6);
  const ar = new Float64Array(6);
  const ma = new Float64Array(6);
  const sar = new Float64Array(6);
  const sma = new Float64Array(6);
  const e = new Float64Array(N);
  let mu = 0;
  function fill(x: ArrayLike<number>, i: number, n: number, out: Float64Array, sign: number): void {
    for (let j = 0; j < n; j++) r[j] = Math.tanh(x[i + j]!);
    pacfToArInPlace(r, n, out, tmp);
    if (sign < 0) for (let j = 0; j < n; j++) out[j] = -out[j]!;
  }
  function setParams(x: ArrayLike<number>): void {
    fill(x, 0, p, ar, 1);
    fill(x, p, q, ma, -1);
    fill(x, p + q, P, sar, 1);
    fill(x, p + q + P, Q, sma, -1);
    mu = order.constant ? wm + x[p + q + P + Q]! * sdw : 0;
    setLags();
  }
  function setLags(): void {
    // (1 − Σφ_i B^i)(1 − ΣΦ_j B^{jm}) = 1 − Σ a_k B^k; (1 + Σθ_i B^i)(1 + ΣΘ_j B^{jm}) = 1 + Σ b_k B^k.
    a.fill(0);
    b.fill(0);
    for (let i = 1; i <= p; i++) a[i] = a[i]! + ar[i - 1]!;
    for (let j = 1; j <= P; j++) {
      a[j * m] = a[j * m]! + sar[j - 1]!;
      for (let i = 1; i <= p; i++) a[i + j * m] = a[i + j * m]! - ar[i - 1]! * sar[j - 1]!;
    }
    for (let i = 1; i <= q; i++) b[i] = b[i]! + ma[i - 1]!;
    for (let j = 1; j <= Q; j++) {
      b[j * m] = b[j * m]! + sma[j - 1]!;
      for (let i = 1; i <= q; i++) b[i + j * m] = b[i + j * m]! + ma[i - 1]! * sma[j - 1]!;
    }
  }
  const na = aLags.length;
  const nb = bLags.length;
  function sse(x: ArrayLike<number>): number {
    setParams(x);
    return run();
  }
  function run(): number {
    let s = 0;
    const c = mu;
    e.fill(0);
    for (let t = 0; t < N; t++) {
      let v = w[t]! - c;
      for (let j = 0; j < na; j++) {
        const k = aLags[j]!;
        if (k <= t) v -= a[k]! * (w[t - k]! - c);
      }
      for (let j = 0; j < nb; j++) {
        const k = bLags[j]!;
        if (k <= t) v -= b[k]! * e[t - k]!;
      }
      e[t] = v;
      s += v * v;
    }
    return s;
  }
  const params = () => ({ ar: Array.from(ar.subarray(0, p)), ma: Array.from(ma.subarray(0, q)), sar: Array.from(sar.subarray(0, P)), sma: Array.from(sma.subarray(0, Q)), mu });
  /** Sets the coefficients themselves (no transformation) and returns the sum of squares. */
  function evaluate(c: ArimaCoefficients): number {
    const put = (src: readonly number[] | undefined, n: number, out: Float64Array) => {
      for (let j = 0; j < n; j++) out[j] = src?.[j] ?? 0;
    };
    put(c.ar, p, ar);
    put(c.ma, q, ma);
    put(c.sar, P, sar);
    put(c.sma, Q, sma);
    mu = order.constant ? (c.mu ?? 0) : 0;
    setLags();
    return run();
  }
  return { sse, evaluate, params, e };
}

/**
 * Fits one order by least squares on the one-step errors of the differenced series, every error
 * counted from the first observation with pre-sample values at the mean and pre-sample errors at 0
 * (so that all orders are compared on the same observations); null when too short.
 */
export function fitArima(y: readonly number[], order: ArimaOrder, start?: number[], effort = 1): ArimaModel | null {
  const { p, q, P, Q, m, d, D } = order;
  const w = Float64Array.from(difference(y, d, D, m));
  const N = w.length;
  const k = p + q + P + Q + (order.constant ? 1 : 0);
  const cond = p + P * m;
  if (N - cond < k + 4) return null;
  const wm = order.constant ? mean(w) : 0;
  if (!Number.isFinite(wm)) return null;
  let sdw = 0;
  for (const v of w) sdw += (v - wm) ** 2;
  sdw = Math.sqrt(sdw / Math.max(1, N - 1)) || 1;
  const ev = cssEvaluator(w, order, wm, sdw);
  const dim = k;
  let best: { x: number[]; value: number };
  if (dim === 0) best = { x: [], value: 0 };
  else {
    const x0 = start && start.length === dim ? start : new Array<number>(dim).fill(0);
    best = nelderMead(ev.sse, x0, { step: new Array<number>(dim).fill(start ? 0.1 : 0.3), maxEvaluations: effort * (60 + 40 * dim), tolerance: 1e-3 });
  }
  const sse = ev.sse(best.x);
  const u = ev.params();
  const e = ev.e;
  if (!(sse >= 0) || !Number.isFinite(sse) || N <= k + 2) return null;
  const sigma2 = Math.max(sse / N, 1e-300);
  const lik = N * (Math.log(2 * Math.PI * sigma2) + 1);
  const kk = k + 1;
  const aicc = lik + 2 * kk + (2 * kk * (kk + 1)) / Math.max(1, N - kk - 1);
  const resid = new Array<number>(y.length).fill(0);
  const offset = y.length - N;
  for (let t = 0; t < N; t++) resid[t + offset] = e[t]!;
  return { order, ...u, sigma2, lik, aicc, y: [...y], resid, x: best.x };
}

export interface ArimaCoefficients {
  ar?: readonly number[];
  ma?: readonly number[];
  sar?: readonly number[];
  sma?: readonly number[];
  /** Mean of the differenced series (used when the order has a constant). */
  mu?: number;
}

/**
 * Runs one order with given coefficients (no estimation): sum of squared one-step errors,
 * σ² = SSE / N and forecasts with their standard deviations h ahead. For reference tests.
 */
export function arimaEvaluate(y: readonly number[], order: ArimaOrder, c: ArimaCoefficients, h: number): { sse: number; forecast: MethodForecast } {
  const w = Float64Array.from(difference(y, order.d, order.D, order.m));
  const ev = cssEvaluator(w, order, 0, 1);
  const sse = ev.evaluate(c);
  const N = w.length;
  const resid = new Array<number>(y.length).fill(0);
  for (let t = 0; t < N; t++) resid[t + y.length - N] = ev.e[t]!;
  const model: ArimaModel = { order, ...ev.params(), sigma2: sse / N, lik: NaN, aicc: NaN, y: [...y], resid, x: [] };
  return { sse, forecast: arimaForecast(model, h) };
}

/** Point forecasts and error standard deviations (ψ-weights of the full model, differencing included). */
export function arimaForecast(model: ArimaModel, h: number): MethodForecast {
  const { order, y, resid } = model;
  const { a, b } = fullLags(model.ar, model.sar, model.ma, model.sma, order.m);
  // Full AR including differencing: (1 − Σ a_k B^k)(1 − B)^d (1 − B^m)^D = 1 − Σ φ*_k B^k.
  let poly = a.map((v, i) => (i === 0 ? 1 : -v));
  for (let i = 0; i < order.d; i++) poly = polyMul(poly, [1, -1]);
  for (let i = 0; i < order.D; i++) poly = polyMul(poly, arPoly([1], order.m, -1));
  const phiStar = poly.map((v) => -v);
  let sumA = 0;
  for (let k = 1; k < a.length; k++) sumA += a[k]!;
  const c = model.mu * (1 - sumA);
  const n = y.length;
  const ext = [...y];
  const out: number[] = [];
  for (let i = 0; i < h; i++) {
    const t = n + i;
    let v = c;
    for (let k = 1; k < phiStar.length; k++) if (phiStar[k] !== 0) v += phiStar[k]! * (t - k >= 0 ? ext[t - k]! : 0);
    for (let k = i + 1; k < b.length; k++) if (b[k] !== 0 && t - k >= 0) v += b[k]! * resid[t - k]!;
    ext.push(v);
    out.push(v);
  }
  // ψ-weights: ψ_0 = 1, ψ_j = b_j + Σ_{k=1..j} φ*_k ψ_{j−k}.
  const psi = [1];
  const sd: number[] = [];
  let acc = 0;
  for (let j = 0; j < h; j++) {
    if (j > 0) {
      let v = j < b.length ? b[j]! : 0;
      for (let k = 1; k <= j && k < phiStar.length; k++) v += phiStar[k]! * psi[j - k]!;
      psi.push(v);
    }
    acc += psi[j]! ** 2;
    sd.push(Math.sqrt(model.sigma2 * acc));
  }
  return {
    method: arimaName(order),
    mean: out,
    sd,
    distribution: 'normal',
    params: { model: arimaName(order), aicc: model.aicc, sigma2: model.sigma2 },
  };
}

/**
 * KPSS statistic for level stationarity (Kwiatkowski et al. 1992) with the Bartlett long-run
 * variance at lag ⌊3√n / 13⌋, as forecast::ndiffs calls urca::ur.kpss(type = "mu").
 */
export function kpss(x: readonly number[]): number {
  const n = x.length;
  const mu = mean(x);
  const e = x.map((v) => v - mu);
  let s = 0;
  let num = 0;
  for (const v of e) {
    s += v;
    num += s * s;
  }
  const L = Math.floor((3 * Math.sqrt(n)) / 13);
  let lrv = 0;
  for (const v of e) lrv += v * v;
  for (let l = 1; l <= L; l++) {
    let g = 0;
    for (let t = l; t < n; t++) g += e[t]! * e[t - l]!;
    lrv += 2 * (1 - l / (L + 1)) * g;
  }
  lrv /= n;
  return lrv > 0 ? num / (n * n * lrv) : 0;
}

/** 5 % critical value of the KPSS level test. */
export const KPSS_CRITICAL = 0.463;

/** Seasonal strength of a classical additive decomposition (Wang, Smith & Hyndman 2006): 1 − Var(R) / Var(S + R). */
export function seasonalStrength(y: readonly number[], m: number): number {
  const n = y.length;
  const half = Math.floor(m / 2);
  const detr: number[] = new Array<number>(n).fill(NaN);
  for (let t = half; t < n - half; t++) {
    let tr = 0;
    if (m % 2 === 0) {
      tr = 0.5 * y[t - half]! + 0.5 * y[t + half]!;
      for (let j = t - half + 1; j < t + half; j++) tr += y[j]!;
    } else for (let j = t - half; j <= t + half; j++) tr += y[j]!;
    detr[t] = y[t]! - tr / m;
  }
  const sums = new Array<number>(m).fill(0);
  const counts = new Array<number>(m).fill(0);
  detr.forEach((v, t) => {
    if (!Number.isNaN(v)) {
      sums[t % m] = sums[t % m]! + v;
      counts[t % m] = counts[t % m]! + 1;
    }
  });
  const fig = sums.map((v, i) => (counts[i]! > 0 ? v / counts[i]! : 0));
  const fm = mean(fig);
  const sr: number[] = [];
  const r: number[] = [];
  detr.forEach((v, t) => {
    if (!Number.isNaN(v)) {
      sr.push(v);
      r.push(v - (fig[t % m]! - fm));
    }
  });
  const vr = variance0(r);
  const vsr = variance0(sr);
  return vsr > 0 ? Math.max(0, 1 - vr / vsr) : 0;
}

function variance0(x: readonly number[]): number {
  const mu = mean(x);
  let s = 0;
  for (const v of x) s += (v - mu) ** 2;
  return x.length > 1 ? s / (x.length - 1) : 0;
}

/** Number of differences (d, D) as auto.arima chooses them. */
export function chooseDifferences(y: readonly number[], m: number): { d: number; D: number } {
  let D = 0;
  if (m > 1 && y.length >= 2 * m + 3 && seasonalStrength(y, m) > 0.64) D = 1;
  let z = difference(y, 0, D, m);
  let d = 0;
  while (d < 2 && z.length > 10 && kpss(z) > KPSS_CRITICAL) {
    z = difference(z, 1, 0, m);
    d++;
  }
  return { d, D };
}

export interface AutoArimaOptions {
  /** Largest number of models the stepwise search may fit (R: 94). */
  maxModels?: number;
}

/** Long histories are modelled on their last max(240, 4m) observations (the cost grows with length; R approximates too). */
function recent(y: readonly number[], m: number): readonly number[] {
  const cap = Math.max(240, 4 * m);
  return y.length > cap ? y.slice(y.length - cap) : y;
}

/** Stepwise order search (Hyndman & Khandakar 2008) by AICc; null when no model fits. */
export function autoArima(series: readonly number[], m: number, opts: AutoArimaOptions = {}): ArimaModel | null {
  const y = recent(series, m);
  const seasonal = m > 1 && y.length >= 2 * m + 3;
  const mm = seasonal ? m : 1;
  const { d, D } = chooseDifferences(y, mm);
  const allowConst = d + D <= 1;
  const maxModels = opts.maxModels ?? 14;
  const fitted = new Map<string, ArimaModel | null>();
  const key = (o: ArimaOrder) => `${o.p},${o.q},${o.P},${o.Q},${o.constant}`;
  /** Starting point for a neighbour: the current best's partial autocorrelations where the orders overlap. */
  const startFrom = (o: ArimaOrder, from: ArimaModel | null): number[] | undefined => {
    if (!from) return undefined;
    const f = from.order;
    const x: number[] = [];
    let i = 0;
    for (const [n, nf] of [[o.p, f.p], [o.q, f.q], [o.P, f.P], [o.Q, f.Q]] as const) {
      for (let j = 0; j < n; j++) x.push(j < nf ? from.x[i + j]! : 0);
      i += nf;
    }
    if (o.constant) x.push(f.constant ? from.x[i]! : 0);
    return x;
  };
  const tryOrder = (o: ArimaOrder, from: ArimaModel | null = null): ArimaModel | null => {
    const k = key(o);
    if (fitted.has(k)) return fitted.get(k)!;
    if (fitted.size >= maxModels) return null;
    if (o.p < 0 || o.q < 0 || o.P < 0 || o.Q < 0 || o.p > 5 || o.q > 5 || o.P > 2 || o.Q > 2 || o.p + o.q + o.P + o.Q > 5) return null;
    if (!seasonal && (o.P > 0 || o.Q > 0)) return null;
    const fit = fitArima(y, o, startFrom(o, from));
    const ok = fit && Number.isFinite(fit.aicc) ? fit : null;
    fitted.set(k, ok);
    return ok;
  };
  const base = { d, D, m: mm, constant: allowConst };
  const starts: Array<[number, number, number, number]> = seasonal
    ? [[2, 2, 1, 1], [0, 0, 0, 0], [1, 0, 1, 0], [0, 1, 0, 1]]
    : [[2, 2, 0, 0], [0, 0, 0, 0], [1, 0, 0, 0], [0, 1, 0, 0]];
  let best: ArimaModel | null = null;
  for (const [p, q, P, Q] of starts) {
    const f = tryOrder({ ...base, p, q, P, Q });
    if (f && (!best || f.aicc < best.aicc)) best = f;
  }
  if (!best) return null;
  const moves: Array<[number, number, number, number, boolean]> = [
    [0, 0, -1, 0, false], [0, 0, 1, 0, false], [0, 0, 0, -1, false], [0, 0, 0, 1, false], [0, 0, 1, 1, false], [0, 0, -1, -1, false],
    [-1, 0, 0, 0, false], [1, 0, 0, 0, false], [0, -1, 0, 0, false], [0, 1, 0, 0, false], [1, 1, 0, 0, false], [-1, -1, 0, 0, false],
    [-1, 1, 0, 0, false], [1, -1, 0, 0, false], [0, 0, 0, 0, true],
  ];
  let improved = true;
  while (improved && fitted.size < maxModels) {
    improved = false;
    for (let i = 0; i < moves.length; i++) {
      const mv = moves[i]!;
      const flip = mv[4];
      const o = best.order;
      if (flip && !allowConst) continue;
      const f = tryOrder({ ...o, p: o.p + mv[0], q: o.q + mv[1], P: o.P + mv[2], Q: o.Q + mv[3], constant: flip ? !o.constant : o.constant }, best);
      if (f && f.aicc < best.aicc) {
        best = f;
        improved = true;
        break;
      }
    }
  }
  return best;
}

/** Re-estimates a model's order on other data (e.g. a rolling origin), starting from its coefficients. */
export function refitArima(y: readonly number[], model: ArimaModel): ArimaModel | null {
  return fitArima(recent(y, model.order.m), model.order, model.x, 0.5);
}
