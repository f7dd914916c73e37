import { describe, expect, it } from 'vitest';
import { effectiveLevels, expectedShortage, fillRateOrderUpTo, forecastLevels, lotsExpiryWaste, orderQuantity, stockOutInDays, transferableSurplus } from '../src/index.ts';

const poisson = (mu: number, h: number) => ({ mean: new Array<number>(h).fill(mu), sd: new Array<number>(h).fill(Math.sqrt(mu)), distribution: 'count' as const });
const normal = (mu: number, sd: number, h: number) => ({ mean: new Array<number>(h).fill(mu), sd: new Array<number>(h).fill(sd), distribution: 'normal' as const });

describe('forecastLevels', () => {
  it('count demand: s is the Poisson quantile over the lead time, S lasts a review beyond it', () => {
    // Poisson(7) over one week of lead time: P(≤11) = 0.9467, P(≤12) = 0.9730 → s = 12 at 95 %.
    const levels = forecastLevels(poisson(7, 12), { leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: 0.95 })!;
    expect(levels.reorderPoint).toBe(12);
    expect(levels.meanLeadTimeDemand).toBeCloseTo(7, 12);
    expect(levels.meanCycleDemand).toBeCloseTo(14, 12);
    expect(levels.safetyStock).toBeCloseTo(5, 12);
    expect(levels.meanDailyDemand).toBeCloseTo(1, 12);
    // The fill-rate level is below s + a review's mean demand (12 + 7), so S = 19.
    expect(fillRateOrderUpTo(poisson(7, 12), { leadTime: 1, reviewPeriod: 1, fillRate: 0.95 })).toBeLessThan(19);
    expect(levels.orderUpTo).toBe(19);
  });
  it('normal demand: s = mean + z·sd over the lead time (two weeks: 20 + 1.644854 × √8)', () => {
    const levels = forecastLevels(normal(10, 2, 12), { leadTimeDays: 14, reviewPeriodDays: 7, serviceLevel: 0.95 })!;
    expect(levels.reorderPoint).toBeCloseTo(20 + 1.6448536 * Math.sqrt(8), 5);
    expect(levels.orderUpTo).toBeGreaterThanOrEqual(levels.reorderPoint + 10 - 1e-9);
    expect(levels.distribution).toBe('normal');
  });
  it('a higher service level never lowers the levels', () => {
    const a = forecastLevels(poisson(3, 12), { leadTimeDays: 10, reviewPeriodDays: 14, serviceLevel: 0.9 })!;
    const b = forecastLevels(poisson(3, 12), { leadTimeDays: 10, reviewPeriodDays: 14, serviceLevel: 0.99 })!;
    expect(b.reorderPoint).toBeGreaterThanOrEqual(a.reorderPoint);
    expect(b.orderUpTo).toBeGreaterThanOrEqual(a.orderUpTo);
  });
  it('no expected demand → no levels; bad input is refused', () => {
    expect(forecastLevels(poisson(0, 12), { leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: 0.95 })).toBeNull();
    expect(() => forecastLevels(poisson(1, 4), { leadTimeDays: 7, reviewPeriodDays: 0, serviceLevel: 0.95 })).toThrow(RangeError);
    expect(() => forecastLevels(poisson(1, 4), { leadTimeDays: -1, reviewPeriodDays: 7, serviceLevel: 0.95 })).toThrow(RangeError);
    expect(() => forecastLevels(poisson(1, 4), { leadTimeDays: 7, reviewPeriodDays: 7, serviceLevel: 1 })).toThrow(RangeError);
  });
});

describe('effectiveLevels', () => {
  const typed = { typedReorderPoint: 10, typedOrderUpTo: 30 };
  it('manual mode keeps the typed levels, whatever the forecast says', () => {
    expect(effectiveLevels({ mode: 'manual', ...typed, suggestedReorderPoint: 50, suggestedOrderUpTo: 80 })).toEqual({ reorderPoint: 10, orderUpTo: 30, source: 'typed' });
  });
  it('forecast mode takes the forecast with the typed values as a floor', () => {
    expect(effectiveLevels({ mode: 'forecast', ...typed, suggestedReorderPoint: 6, suggestedOrderUpTo: 40 })).toEqual({ reorderPoint: 10, orderUpTo: 40, source: 'forecast' });
    expect(effectiveLevels({ mode: 'forecast', typedReorderPoint: 0, typedOrderUpTo: 0, suggestedReorderPoint: 6, suggestedOrderUpTo: 14 })).toEqual({ reorderPoint: 6, orderUpTo: 14, source: 'forecast' });
  });
  it('forecast mode without a suggestion falls back to the typed levels', () => {
    expect(effectiveLevels({ mode: 'forecast', ...typed, suggestedReorderPoint: null, suggestedOrderUpTo: null }).source).toBe('typed');
  });
});

describe('orderQuantity (hand-computed)', () => {
  const base = { onHand: 10, onOrder: 5, reorderPoint: 12, orderUpTo: 19, meanDailyDemand: 1, reviewPeriodDays: 7, unitsPerPack: 5 };
  it('orders up to S in whole packs when the position falls to s before the next review', () => {
    // position 15; at the next review 15 − 7 = 8 ≤ 12 → order 19 − 15 = 4 units → 1 pack of 5.
    expect(orderQuantity(base)).toEqual({ position: 15, positionAtNextReview: 8, needed: true, shortOfOrderUpTo: 4, packs: 1, units: 5, orderByDays: 3 });
  });
  it('on order is netted: stock already ordered is not ordered twice', () => {
    expect(orderQuantity({ ...base, onOrder: 14 }).needed).toBe(false);
  });
  it('the minimum order quantity raises the packs', () => {
    expect(orderQuantity({ ...base, minimumOrderPacks: 3 })).toMatchObject({ packs: 3, units: 15 });
  });
  it('nothing to order above the reorder level at the next review; order-by is when the position meets s', () => {
    expect(orderQuantity({ ...base, onHand: 30 })).toMatchObject({ needed: false, packs: 0, units: 0, orderByDays: 23 });
  });
  it('at or under the reorder point the order is due today', () => {
    expect(orderQuantity({ ...base, onHand: 2, onOrder: 0 })).toMatchObject({ needed: true, orderByDays: 0, packs: 4, units: 20 });
  });
  it('no demand, no levels: nothing to order', () => {
    expect(orderQuantity({ ...base, onHand: 0, onOrder: 0, reorderPoint: 0, orderUpTo: 0, meanDailyDemand: 0 }).needed).toBe(false);
  });
});

describe('expiry waste and transfers', () => {
  const f = poisson(7, 12); // one a day
  it('a lot expired today wastes all of it; a lot without expiry wastes nothing', () => {
    const [a, b] = lotsExpiryWaste([{ quantity: 5, daysToExpiry: 0 }, { quantity: 5, daysToExpiry: null }], f);
    expect(a!.expectedWaste).toBe(5);
    expect(b!.expectedWaste).toBe(0);
  });
  it('lots expiring first are used first, so a later lot wastes more behind them', () => {
    const alone = lotsExpiryWaste([{ quantity: 10, daysToExpiry: 14 }], f)[0]!.expectedWaste;
    const [later] = lotsExpiryWaste([{ quantity: 10, daysToExpiry: 14 }, { quantity: 10, daysToExpiry: 7 }], f);
    expect(alone).toBeLessThan(0.5);
    expect(later!.expectedWaste).toBeGreaterThan(alone + 1);
  });
  it('surplus is what is beyond the reorder point and the demand over the horizon', () => {
    // Poisson(7) over 7 days at 95 %: 12 kept.
    expect(transferableSurplus({ onHand: 100, reorderPoint: 10, horizonDays: 7, serviceLevel: 0.95 }, f)).toBe(88);
    expect(transferableSurplus({ onHand: 100, reorderPoint: 40, horizonDays: 7, serviceLevel: 0.95 }, f)).toBe(60);
    expect(transferableSurplus({ onHand: 10, reorderPoint: 12, horizonDays: 7, serviceLevel: 0.95, expectedWaste: 3 }, f)).toBe(3);
    expect(transferableSurplus({ onHand: 5, reorderPoint: 0, horizonDays: 7, serviceLevel: 0.95 }, null)).toBe(5);
  });
  it('stock-out in days at mean demand', () => {
    expect(stockOutInDays(14, f)).toBeCloseTo(14, 9);
    expect(stockOutInDays(0, f)).toBe(0);
  });
});

describe('fillRateOrderUpTo for count demand', () => {
  it('equals the level-by-level scan of expected shortages (one pmf per interval, running tails)', () => {
    for (const [mu, v, lead, review, beta] of [[2, 2, 2, 1, 0.95], [7, 7, 1, 1, 0.95], [15, 40, 2, 1, 0.98], [0.3, 0.9, 1, 2, 0.9], [25, 60, 1.4, 1, 0.99]] as const) {
      const f = { mean: new Array<number>(12).fill(mu), sd: new Array<number>(12).fill(Math.sqrt(v)), distribution: 'count' as const };
      const allowed = (1 - beta) * mu * review;
      let scan = -1;
      for (let s = 0; scan < 0; s++) if (expectedShortage(s, mu * (lead + review), v * (lead + review), 'count') - expectedShortage(s, mu * lead, v * lead, 'count') <= allowed) scan = s;
      expect(fillRateOrderUpTo(f, { leadTime: lead, reviewPeriod: review, fillRate: beta })).toBe(scan);
    }
  });
});
