/** Small numeric helpers shared by the methods. Pure functions, no dependencies. */

/**
 * An array of `n` numbers f(0), …, f(n − 1) stored as doubles. V8 specialises optimised code to
 * the kind of array it meets (small integers or doubles); arrays of one kind throughout keep the
 * optimised forecasting code from being discarded and compiled again when whole-number data
 * (zero forecasts, count series) meet fractional data.
 */
export function doubleArray(n: number, f: (i: number) => number): number[] {
  const out = [0.5];
  out.pop();
  for (let i = 0; i < n; i++) out.push(f(i));
  return out;
}

/** A copy of `x` stored as doubles (see doubleArray). */
export function toDoubles(x: ArrayLike<number>): number[] {
  return doubleArray(x.length, (i) => x[i]!);
}

export function sum(x: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < x.length; i++) s += x[i]!;
  return s;
}

export function mean(x: ArrayLike<number>): number {
  return x.length === 0 ? NaN : sum(x) / x.length;
}

/** Sample variance (n − 1 denominator); 0 for fewer than two values. */
export function variance(x: ArrayLike<number>): number {
  const n = x.length;
  if (n < 2) return 0;
  const mu = mean(x);
  let s = 0;
  for (let i = 0; i < n; i++) s += (x[i]! - mu) ** 2;
  return s / (n - 1);
}

export function clampNonNegative(x: number[]): number[] {
  return x.map((v) => (v > 0 && Number.isFinite(v) ? v : 0));
}

/** Ordinary least squares of y on t = 0..n−1: intercept and slope. */
export function linearTrend(y: ArrayLike<number>): { intercept: number; slope: number } {
  const n = y.length;
  if (n === 0) return { intercept: NaN, slope: 0 };
  if (n === 1) return { intercept: y[0]!, slope: 0 };
  const tm = (n - 1) / 2;
  const ym = mean(y);
  let sxy = 0;
  let sxx = 0;
  for (let i = 0; i < n; i++) {
    sxy += (i - tm) * (y[i]! - ym);
    sxx += (i - tm) ** 2;
  }
  const slope = sxy / sxx;
  return { intercept: ym - slope * tm, slope };
}

/** Inverse of the standard normal CDF (Acklam's rational approximation, relative error < 1.2e-9). */
export function qnorm(p: number): number {
  if (!(p > 0 && p < 1)) {
    if (p === 0) return -Infinity;
    if (p === 1) return Infinity;
    return NaN;
  }
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239];
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1];
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416];
  const pl = 0.02425;
  let x: number;
  if (p < pl) {
    const q = Math.sqrt(-2 * Math.log(p));
    x = (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  } else if (p <= 1 - pl) {
    const q = p - 0.5;
    const r = q * q;
    x = ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) / (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p));
    x = -(((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  return x;
}

/** Complementary error function: Taylor series of erf for |x| < 3, continued fraction beyond (≈1e-14). */
export function erfc(x: number): number {
  const ax = Math.abs(x);
  if (ax < 3) {
    let term = ax;
    let sumE = ax;
    for (let n = 1; n < 100; n++) {
      term *= (-ax * ax) / n;
      const add = term / (2 * n + 1);
      sumE += add;
      if (Math.abs(add) < 1e-17 * Math.abs(sumE)) break;
    }
    const erf = (2 / Math.sqrt(Math.PI)) * sumE;
    return x >= 0 ? 1 - erf : 1 + erf;
  }
  let k = ax;
  for (let n = 80; n >= 1; n--) k = ax + n / 2 / k;
  const r = Math.exp(-ax * ax) / (Math.sqrt(Math.PI) * k);
  return x >= 0 ? r : 2 - r;
}

export function pnorm(x: number): number {
  return 0.5 * erfc(-x / Math.SQRT2);
}

/** log Γ(x) for x > 0 (Lanczos, g = 7, n = 9). */
export function lgamma(x: number): number {
  const g = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - lgamma(1 - x);
  const xx = x - 1;
  let a = g[0]!;
  const t = xx + 7.5;
  for (let i = 1; i < 9; i++) a += g[i]! / (xx + i);
  return 0.5 * Math.log(2 * Math.PI) + (xx + 0.5) * Math.log(t) - t + Math.log(a);
}

/**
 * A discrete count distribution for demand with the given mean and variance: Poisson when the
 * variance does not exceed the mean, otherwise negative binomial (size r = μ²/(σ² − μ)).
 * Returns the probability mass function as a function of k.
 */
export function countPmf(mu: number, v: number): (k: number) => number {
  if (!(mu > 0)) return (k) => (k === 0 ? 1 : 0);
  if (!(v > mu * (1 + 1e-9))) {
    const lm = Math.log(mu);
    return (k) => Math.exp(k * lm - mu - lgamma(k + 1));
  }
  const r = (mu * mu) / (v - mu);
  const p = r / (r + mu); // success probability
  const lr = lgamma(r);
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  return (k) => Math.exp(lgamma(k + r) - lr - lgamma(k + 1) + r * lp + k * lq);
}

/** Smallest integer k with P(X ≤ k) ≥ q for the count distribution with mean μ and variance v. */
export function countQuantile(q: number, mu: number, v: number): number {
  if (!(mu > 0) || q <= 0) return 0;
  const vv = Math.max(v, mu);
  if (mu + 12 * Math.sqrt(vv) > 1e5) {
    // Very large or very dispersed counts: gamma approximation with the same mean and variance
    // (Wilson–Hilferty), rounded up, instead of summing the mass function term by term.
    const k = (mu * mu) / vv;
    const theta = vv / mu;
    const c = 1 / (9 * k);
    let x = k * theta * Math.max(0, 1 - c + qnorm(Math.min(q, 1 - 1e-12)) * Math.sqrt(c)) ** 3;
    if (!Number.isFinite(x)) x = mu + qnorm(Math.min(q, 1 - 1e-12)) * Math.sqrt(vv);
    return Number.isFinite(x) ? Math.max(0, Math.ceil(x - 1e-9)) : 0;
  }
  const pmf = countPmf(mu, v);
  let cdf = 0;
  const cap = Math.ceil(mu + 60 * Math.sqrt(vv) + 100);
  for (let k = 0; k <= cap; k++) {
    cdf += pmf(k);
    if (cdf >= q - 1e-12) return k;
  }
  return cap;
}

/** Deterministic pseudo-random generator (mulberry32), for benchmarks and tests. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
