/**
 * Replenishment arithmetic on top of a demand forecast (docs/forecasting.md#replenishment): the
 * levels a forecast implies, when and how much to order in whole packs, what a practice can spare
 * for another, and what its lots will leave unused at expiry. Pure functions, no I/O: the API's
 * order suggestions, the forecast-driven levels and the replay bench all call these, so they agree.
 *
 * Units: quantities are usage units; times are days (the forecast's periods are `periodDays` long).
 */
import { cumulativeMoments, demandQuantile, type DemandForecast } from './distribution.ts';
import { daysToZero, expectedExpiryWaste, fillRateOrderUpTo } from './inventory.ts';

export interface LevelInput {
  leadTimeDays: number;
  /** Days between two orders (the practice's review period). */
  reviewPeriodDays: number;
  /** The practice's service level, e.g. 0.95. */
  serviceLevel: number;
  /** Days in one forecast period (7 for the weekly forecasts Enamel stores). */
  periodDays?: number;
}

export interface ForecastLevels {
  /** Reorder point s: the service-level quantile of demand over the lead time. */
  reorderPoint: number;
  /**
   * Order-up-to level S: covers the lead time and one review period. The larger of the fill-rate
   * level (expected shortage per cycle ≤ (1 − service level) × cycle demand) and s + mean demand
   * over the review period, so an order placed at s lasts until the next review.
   */
  orderUpTo: number;
  meanLeadTimeDemand: number;
  /** Mean demand over lead time + review period. */
  meanCycleDemand: number;
  /** s − mean lead-time demand. */
  safetyStock: number;
  /** Mean demand per day over the protection interval. */
  meanDailyDemand: number;
  distribution: 'normal' | 'count';
}

/** The reorder point and order-up-to level a forecast implies (null when it expects no demand at all). */
export function forecastLevels(f: DemandForecast, input: LevelInput): ForecastLevels | null {
  const periodDays = input.periodDays ?? 7;
  if (!(periodDays > 0)) throw new RangeError('periodDays must be positive');
  if (!(input.leadTimeDays >= 0)) throw new RangeError('leadTimeDays must be ≥ 0');
  if (!(input.reviewPeriodDays > 0)) throw new RangeError('reviewPeriodDays must be positive');
  if (!(input.serviceLevel > 0 && input.serviceLevel < 1)) throw new RangeError('serviceLevel must be between 0 and 1');
  const lead = input.leadTimeDays / periodDays;
  const review = input.reviewPeriodDays / periodDays;
  const lt = cumulativeMoments(f, lead);
  const ltr = cumulativeMoments(f, lead + review);
  if (!(ltr.mean > 0)) return null;
  const whole = (x: number) => (f.distribution === 'count' ? Math.ceil(x - 1e-9) : x);
  const reorderPoint = whole(demandQuantile(input.serviceLevel, lt.mean, lt.variance, f.distribution));
  const cycleMean = ltr.mean - lt.mean;
  const byFillRate = fillRateOrderUpTo(f, { leadTime: lead, reviewPeriod: review, fillRate: input.serviceLevel });
  const orderUpTo = whole(Math.max(byFillRate, reorderPoint + cycleMean));
  return {
    reorderPoint,
    orderUpTo,
    meanLeadTimeDemand: lt.mean,
    meanCycleDemand: ltr.mean,
    safetyStock: reorderPoint - lt.mean,
    meanDailyDemand: ltr.mean / (input.leadTimeDays + input.reviewPeriodDays),
    distribution: f.distribution,
  };
}

export type PolicyMode = 'manual' | 'forecast';

/**
 * The levels an inventory works with: in manual mode the typed ones; in forecast mode the forecast's,
 * with the typed values as a floor (a typed 0 is "not set"). Without a forecast the typed values stand.
 * The SQL twin is stock/levels.ts in the API; test/stock-levels.test.ts keeps them equal.
 */
export function effectiveLevels(input: {
  mode: PolicyMode;
  typedReorderPoint: number;
  typedOrderUpTo: number;
  suggestedReorderPoint: number | null;
  suggestedOrderUpTo: number | null;
}): { reorderPoint: number; orderUpTo: number; source: 'typed' | 'forecast' } {
  const { mode, typedReorderPoint, typedOrderUpTo, suggestedReorderPoint, suggestedOrderUpTo } = input;
  if (mode === 'manual' || suggestedReorderPoint === null || suggestedOrderUpTo === null) {
    return { reorderPoint: typedReorderPoint, orderUpTo: Math.max(typedOrderUpTo, typedReorderPoint), source: 'typed' };
  }
  const reorderPoint = Math.max(typedReorderPoint, suggestedReorderPoint);
  return { reorderPoint, orderUpTo: Math.max(typedOrderUpTo, suggestedOrderUpTo, reorderPoint), source: 'forecast' };
}

export interface OrderInput {
  onHand: number;
  /** Ordered and not yet received (and transfers on their way in). */
  onOrder: number;
  reorderPoint: number;
  orderUpTo: number;
  /** Expected usage per day (0 when unknown: the order then triggers only at the reorder point). */
  meanDailyDemand: number;
  reviewPeriodDays: number;
  /** Usage units in one purchase unit (pack). */
  unitsPerPack: number;
  /** The fewest packs the supplier sells on one line. */
  minimumOrderPacks?: number;
}

export interface OrderPlan {
  /** On hand + on order. */
  position: number;
  /** The position expected at the next review if nothing is ordered now. */
  positionAtNextReview: number;
  /** True when the position will fall to the reorder point before the next review. */
  needed: boolean;
  /** Usage units short of the order-up-to level (before rounding). */
  shortOfOrderUpTo: number;
  packs: number;
  /** packs × units per pack. */
  units: number;
  /** Days from now until the position reaches the reorder point at mean demand (0: now or overdue). */
  orderByDays: number;
}

/**
 * When and how much to order: if the position at the next review would be at or under the reorder
 * point, order up to S now, rounded up to whole packs and at least the minimum order quantity.
 */
export function orderQuantity(input: OrderInput): OrderPlan {
  const { onHand, onOrder, reorderPoint, orderUpTo, reviewPeriodDays } = input;
  if (!(input.unitsPerPack > 0)) throw new RangeError('unitsPerPack must be positive');
  const daily = Math.max(0, input.meanDailyDemand);
  const position = onHand + onOrder;
  const positionAtNextReview = position - daily * reviewPeriodDays;
  const target = Math.max(orderUpTo, reorderPoint);
  const shortOfOrderUpTo = Math.max(0, target - position);
  const needed = target > 0 && positionAtNextReview <= reorderPoint && shortOfOrderUpTo > 0;
  const minimum = Math.max(1, Math.ceil(input.minimumOrderPacks ?? 1));
  const packs = needed ? Math.max(minimum, Math.ceil(shortOfOrderUpTo / input.unitsPerPack - 1e-9)) : 0;
  const orderByDays = position <= reorderPoint ? 0 : daily > 0 ? Math.floor((position - reorderPoint) / daily) : Infinity;
  return { position, positionAtNextReview, needed, shortOfOrderUpTo, packs, units: packs * input.unitsPerPack, orderByDays };
}

/** Days until stock runs out if nothing more arrives, at mean forecast demand (Infinity: not within sight). */
export function stockOutInDays(stock: number, f: DemandForecast, periodDays = 7): number {
  return daysToZero(stock, { mean: f.mean, lower: f.lower ?? f.mean, upper: f.upper ?? f.mean }, periodDays).expected;
}

export interface LotForWaste {
  quantity: number;
  /** Days from now to the lot's expiry date (null: does not expire). */
  daysToExpiry: number | null;
}

export interface LotWaste {
  /** Expected quantity left unused when the lot expires. */
  expectedWaste: number;
  probabilityOfWaste: number;
}

/**
 * Expected waste of each lot at forecast usage in FEFO order: the lots that expire first are used
 * first, and what they are expected to use (their quantity less their own waste) is ahead of the
 * next. Answers in the order given; lots without expiry waste nothing.
 */
export function lotsExpiryWaste(lots: readonly LotForWaste[], f: DemandForecast, periodDays = 7): LotWaste[] {
  const order = lots.map((lot, i) => ({ lot, i })).sort((a, b) => (a.lot.daysToExpiry ?? Infinity) - (b.lot.daysToExpiry ?? Infinity));
  const out: LotWaste[] = lots.map(() => ({ expectedWaste: 0, probabilityOfWaste: 0 }));
  let ahead = 0;
  for (const { lot, i } of order) {
    if (lot.daysToExpiry === null) continue;
    const w = expectedExpiryWaste({ quantity: lot.quantity, daysToExpiry: lot.daysToExpiry }, f, periodDays, ahead);
    out[i] = { expectedWaste: w.expectedWaste, probabilityOfWaste: w.probabilityOfWaste };
    ahead += Math.max(0, lot.quantity - w.expectedWaste);
  }
  return out;
}

/**
 * What a practice can give another without putting itself at risk: stock beyond the larger of its
 * reorder point and the service-level quantile of its demand over `horizonDays` (the receiver's lead
 * time plus a margin), plus what would otherwise expire unused. Whole units for count demand.
 */
export function transferableSurplus(input: {
  onHand: number;
  reorderPoint: number;
  horizonDays: number;
  serviceLevel: number;
  /** Stock expected to expire unused (lotsExpiryWaste summed): always worth moving. */
  expectedWaste?: number;
  periodDays?: number;
}, f: DemandForecast | null): number {
  const periodDays = input.periodDays ?? 7;
  const keep = f ? (() => {
    const m = cumulativeMoments(f, input.horizonDays / periodDays);
    return demandQuantile(input.serviceLevel, m.mean, m.variance, f.distribution);
  })() : 0;
  const surplus = input.onHand - Math.max(input.reorderPoint, keep);
  const spare = Math.max(0, surplus, Math.min(input.onHand, input.expectedWaste ?? 0));
  return f?.distribution === 'count' || !f ? Math.floor(spare + 1e-9) : spare;
}
