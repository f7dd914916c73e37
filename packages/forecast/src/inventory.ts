/**
 * Stock decisions on top of a demand forecast: days to zero, reorder point and order-up-to level
 * at a cycle service level, rounding to purchase units, expected expiry waste of a lot.
 * Periods are the forecast's periods; `periodDays` converts them to days (7 weekly, ≈30.44 monthly).
 */
import { cumulativeMoments, demandPmf, demandQuantile, exceedProbability, type DemandForecast } from './distribution.ts';
import { pnorm } from './util.ts';

export interface DaysToZero {
  /** Days until cumulative mean demand reaches the stock on hand. */
  expected: number;
  /** Earliest plausible day: demand at the upper bound. */
  low: number;
  /** Latest plausible day: demand at the lower bound (Infinity when the lower bound is all zero). */
  high: number;
}

/** First time (in periods) at which the cumulative sum of `rate` reaches `stock`; after the horizon the mean rate continues. */
function firstPassage(stock: number, rate: readonly number[]): number {
  if (stock <= 0) return 0;
  let cum = 0;
  for (let i = 0; i < rate.length; i++) {
    const r = Math.max(0, rate[i]!);
    if (cum + r >= stock) return i + (r > 0 ? (stock - cum) / r : 0);
    cum += r;
  }
  const avg = rate.length > 0 ? cum / rate.length : 0;
  if (!(avg > 0)) return Infinity;
  return rate.length + (stock - cum) / avg;
}

/**
 * Expected days to zero from stock on hand, with a band from the forecast bounds
 * (low = depleted at upper-bound demand, high = at lower-bound demand).
 */
export function daysToZero(onHand: number, f: { mean: readonly number[]; lower: readonly number[]; upper: readonly number[] }, periodDays: number): DaysToZero {
  if (!(periodDays > 0)) throw new RangeError('periodDays must be positive');
  return {
    expected: firstPassage(onHand, f.mean) * periodDays,
    low: firstPassage(onHand, f.upper) * periodDays,
    high: firstPassage(onHand, f.lower) * periodDays,
  };
}

/**
 * Probabilistic days to zero (docs/forecasting.md#days-to-zero): the first day t with P(D(0,t] ≥ onHand) ≥ p.
 * `p = 0.5` gives the median, `p = 0.1` the day by which the stockout risk reaches 10 %.
 * Infinity when not reached within `maxDays` (default: the forecast horizon).
 */
export function stockoutDay(onHand: number, f: DemandForecast, periodDays: number, p: number, maxDays?: number): number {
  if (onHand <= 0) return 0;
  const limit = maxDays ?? f.mean.length * periodDays;
  for (let d = 1; d <= limit; d++) {
    const { mean, variance } = cumulativeMoments(f, d / periodDays);
    if (exceedProbability(onHand, mean, variance, f.distribution) >= p) return d;
  }
  return Infinity;
}

/** P(demand over the next `periods` periods ≥ available stock): the chance of a stockout before a delivery. */
export function stockoutProbability(available: number, f: DemandForecast, periods: number): number {
  const { mean, variance } = cumulativeMoments(f, periods);
  return exceedProbability(available, mean, variance, f.distribution);
}

/** Rounds a quantity to a multiple of the purchase unit (up by default, so the target is reached). */
export function roundToPack(quantity: number, packSize: number, mode: 'up' | 'nearest' | 'down' = 'up'): number {
  if (!(packSize > 0)) throw new RangeError('packSize must be positive');
  if (quantity <= 0) return 0;
  const k = quantity / packSize;
  const eps = 1e-9;
  const units = mode === 'up' ? Math.ceil(k - eps) : mode === 'down' ? Math.floor(k + eps) : Math.round(k);
  return units * packSize;
}

export interface ReorderInput {
  /** Lead time in forecast periods (may be fractional). */
  leadTime: number;
  /** Review period in forecast periods (time between orders); default 0. */
  reviewPeriod?: number;
  /** Cycle service level, e.g. 0.95. */
  serviceLevel: number;
  onHand?: number;
  /** Quantity already ordered and not yet received. */
  onOrder?: number;
  /** Purchase unit (box of 50, ...); the suggested order is a multiple of it. */
  packSize?: number;
}

export interface ReorderPolicy {
  leadTimeDemand: number;
  safetyStock: number;
  /** Reorder when the inventory position (on hand + on order) falls to or below this. */
  reorderPoint: number;
  /** Order up to this level (service-level quantile of demand over lead time + review period). */
  orderUpTo: number;
  inventoryPosition: number;
  /** Order now: max(0, orderUpTo − position) rounded up to the pack size, 0 above the reorder point. */
  suggestedOrder: number;
  /** Probability of running out before an order placed now arrives. */
  stockoutRisk: number;
}

export function reorderPolicy(f: DemandForecast, input: ReorderInput): ReorderPolicy {
  const { leadTime, serviceLevel } = input;
  if (!(leadTime >= 0)) throw new RangeError('leadTime must be ≥ 0');
  if (!(serviceLevel > 0 && serviceLevel < 1)) throw new RangeError('serviceLevel must be between 0 and 1');
  const review = input.reviewPeriod ?? 0;
  const lt = cumulativeMoments(f, leadTime);
  const reorderPoint = demandQuantile(serviceLevel, lt.mean, lt.variance, f.distribution);
  const ltr = cumulativeMoments(f, leadTime + review);
  const orderUpTo = Math.max(reorderPoint, demandQuantile(serviceLevel, ltr.mean, ltr.variance, f.distribution));
  const position = (input.onHand ?? 0) + (input.onOrder ?? 0);
  const need = position <= reorderPoint ? Math.max(0, orderUpTo - position) : 0;
  const suggestedOrder = input.packSize ? roundToPack(need, input.packSize) : f.distribution === 'count' ? Math.ceil(need) : need;
  return {
    leadTimeDemand: lt.mean,
    safetyStock: reorderPoint - lt.mean,
    reorderPoint,
    orderUpTo,
    inventoryPosition: position,
    suggestedOrder,
    stockoutRisk: exceedProbability(position + 1e-9, lt.mean, lt.variance, f.distribution),
  };
}

export interface ExpiryWaste {
  /** Expected quantity of the lot left when it expires. */
  expectedWaste: number;
  /** Probability that some of the lot expires unused. */
  probabilityOfWaste: number;
  /** Expected usage from now until the expiry date. */
  expectedUsage: number;
}

/**
 * Expected expiry waste of a lot: usage D until the expiry date is drawn from the forecast; stock
 * ahead of the lot (older lots, FIFO) is used first, so waste = max(0, Q − max(0, D − ahead)).
 */
export function expectedExpiryWaste(lot: { quantity: number; daysToExpiry: number }, f: DemandForecast, periodDays: number, stockAhead = 0): ExpiryWaste {
  const q = Math.max(0, lot.quantity);
  if (q === 0) return { expectedWaste: 0, probabilityOfWaste: 0, expectedUsage: 0 };
  if (lot.daysToExpiry <= 0) return { expectedWaste: q, probabilityOfWaste: 1, expectedUsage: 0 };
  const { mean, variance } = cumulativeMoments(f, lot.daysToExpiry / periodDays);
  const ahead = Math.max(0, stockAhead);
  const kMax = Math.ceil(ahead + q);
  const pmf = demandPmf(mean, variance, f.distribution, kMax);
  let ew = 0;
  let pw = 0;
  for (let k = 0; k < pmf.length; k++) {
    const w = Math.max(0, q - Math.max(0, k - ahead));
    ew += pmf[k]! * w;
    if (w > 0) pw += pmf[k]!;
  }
  return { expectedWaste: ew, probabilityOfWaste: Math.min(1, pw), expectedUsage: mean };
}

/** E[(X − s)⁺] for the demand distribution with the given mean and variance. */
export function expectedShortage(s: number, mean: number, variance: number, distribution: 'normal' | 'count'): number {
  if (!(mean > 0)) return 0;
  if (distribution === 'count' && mean < 1e4) {
    const kMax = Math.max(Math.ceil(s) + 1, demandQuantile(1 - 1e-10, mean, variance, 'count') + 1);
    const pmf = demandPmf(mean, variance, 'count', kMax);
    let e = 0;
    for (let k = Math.floor(s) + 1; k < pmf.length; k++) e += (k - s) * pmf[k]!;
    return e;
  }
  const sd = Math.sqrt(Math.max(variance, 0));
  if (sd === 0) return Math.max(0, mean - s);
  const z = (s - mean) / sd;
  const phi = Math.exp(-z * z / 2) / Math.sqrt(2 * Math.PI);
  return sd * (phi - z * (1 - pnorm(z)));
}

/**
 * E[(X − s)⁺] for s = 0..sMax of count demand, from one pmf: e(0) = Σ k·p(k), e(s + 1) = e(s) − P(X ≥ s + 1).
 * Equal to `expectedShortage` at each whole s (the same pmf, truncated where its tail is below 1e-10).
 */
function countShortages(mean: number, variance: number, sMax: number): number[] {
  const out = new Array<number>(sMax + 1).fill(0);
  if (!(mean > 0)) return out;
  const kMax = Math.max(sMax + 1, demandQuantile(1 - 1e-10, mean, variance, 'count') + 1);
  const pmf = demandPmf(mean, variance, 'count', kMax);
  let e = 0;
  let tail = 0;
  for (let k = 1; k < pmf.length; k++) {
    e += k * pmf[k]!;
    tail += pmf[k]!;
  }
  for (let s = 0; s <= sMax; s++) {
    out[s] = Math.max(0, e);
    e -= tail;
    tail -= pmf[s + 1] ?? 0;
  }
  return out;
}

/**
 * Order-up-to level for a fill-rate target β (periodic review, docs/forecasting.md#stock): the smallest S
 * whose expected shortage per review cycle, E[(D(L+R) − S)⁺] − E[(D(L) − S)⁺], is at most
 * (1 − β) × expected demand per cycle E[D(R)]. Whole units for count demand.
 */
export function fillRateOrderUpTo(f: DemandForecast, input: { leadTime: number; reviewPeriod: number; fillRate: number }): number {
  const { leadTime, reviewPeriod, fillRate } = input;
  if (!(fillRate > 0 && fillRate < 1)) throw new RangeError('fillRate must be between 0 and 1');
  if (!(reviewPeriod > 0)) throw new RangeError('reviewPeriod must be positive');
  const a = cumulativeMoments(f, leadTime + reviewPeriod);
  const b = cumulativeMoments(f, leadTime);
  const cycle = a.mean - b.mean;
  if (!(cycle > 0)) return 0;
  const allowed = (1 - fillRate) * cycle;
  const shortage = (s: number) => expectedShortage(s, a.mean, a.variance, f.distribution) - expectedShortage(s, b.mean, b.variance, f.distribution);
  if (f.distribution === 'count') {
    const cap = demandQuantile(1 - 1e-9, a.mean, a.variance, 'count') + 1;
    if (a.mean < 1e4) {
      // One pmf per interval and running tail sums: O(cap) instead of a pmf per candidate level.
      const ea = countShortages(a.mean, a.variance, cap);
      const eb = countShortages(b.mean, b.variance, cap);
      for (let s = 0; s <= cap; s++) if (ea[s]! - eb[s]! <= allowed) return s;
      return cap;
    }
    for (let s = 0; s <= cap; s++) if (shortage(s) <= allowed) return s;
    return cap;
  }
  let lo = 0;
  let hi = a.mean + 10 * Math.sqrt(a.variance) + 1;
  for (let i = 0; i < 100; i++) {
    const mid = (lo + hi) / 2;
    if (shortage(mid) <= allowed) hi = mid;
    else lo = mid;
  }
  return hi;
}
