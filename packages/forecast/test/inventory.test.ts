import { describe, expect, it } from 'vitest';
import { countQuantile, daysToZero, expectedExpiryWaste, expectedShortage, fillRateOrderUpTo, mase, pnorm, qnorm, reorderPolicy, rmsse, roundToPack, scaledBias, smape, stockoutDay, stockoutProbability } from '../src/index.ts';
import { REF } from './helpers.ts';

const poisson = (mu: number, h: number) => ({ mean: new Array<number>(h).fill(mu), sd: new Array<number>(h).fill(Math.sqrt(mu)), distribution: 'count' as const });

describe('distributions', () => {
  it('normal quantile (tables: 1.959964, 1.644854)', () => {
    expect(qnorm(0.975)).toBeCloseTo(1.959964, 6);
    expect(qnorm(0.05)).toBeCloseTo(-1.644854, 6);
    expect(qnorm(0.5)).toBeCloseTo(0, 12);
    expect(pnorm(1.959964)).toBeCloseTo(0.975, 7);
    expect(pnorm(-4)).toBeCloseTo(3.1671241833e-5, 14);
  });
  it('Poisson / negative binomial quantiles (compute_reference.py)', () => {
    const [a, b, c, d, e] = REF.nbq;
    expect(countQuantile(0.95, 2, 2)).toBe(a);
    expect(countQuantile(0.95, 2, 6)).toBe(b);
    expect(countQuantile(0.025, 10, 30)).toBe(c);
    expect(countQuantile(0.975, 10, 30)).toBe(d);
    expect(countQuantile(0.5, 0.3, 0.9)).toBe(e);
  });
});

describe('accuracy measures (hand-computed)', () => {
  const train = [1, 3, 2, 4];
  // lag-1 absolute differences 2,1,2 → scale 5/3; squared 4,1,4 → 3
  it('MASE, RMSSE, sMAPE, scaled bias', () => {
    expect(mase(train, [4, 6], [5, 5], 1)).toBeCloseTo(1 / (5 / 3), 12);
    expect(rmsse(train, [4, 6], [5, 5])).toBeCloseTo(Math.sqrt(1 / 3), 12);
    expect(smape([4, 6], [5, 5])).toBeCloseTo(50 * (2 / 9 + 2 / 11), 10);
    expect(scaledBias(train, [4, 6], [6, 6], 1)).toBeCloseTo(1 / (5 / 3), 12);
  });
});

describe('days to zero', () => {
  it('first passage of cumulative demand, band from bounds (hand-computed)', () => {
    const d = daysToZero(25, { mean: [10, 10, 10], lower: [5, 5, 5], upper: [20, 20, 20] }, 7);
    expect(d.expected).toBeCloseTo(17.5, 12); // 10 + 10 + half of the third week
    expect(d.low).toBeCloseTo(8.75, 12); // 20 + a quarter of the second week
    expect(d.high).toBeCloseTo(35, 12); // 15 after the horizon, then 5/week for 2 more weeks
    expect(daysToZero(0, { mean: [1], lower: [0], upper: [2] }, 7).expected).toBe(0);
    expect(daysToZero(5, { mean: [0, 0], lower: [0, 0], upper: [0, 0] }, 7).expected).toBe(Infinity);
  });
  it('probabilistic first passage and stockout risk', () => {
    const f = poisson(1, 8); // one unit a week on average
    const median = stockoutDay(4, f, 7, 0.5);
    const risk10 = stockoutDay(4, f, 7, 0.1);
    expect(risk10).toBeLessThan(median);
    // P(Poisson(4) ≥ 4) = 0.5665 ≥ 0.5 and after 27 days (μ = 27/7 = 3.857) it is 0.539: median ≤ 28 days.
    expect(median).toBeLessThanOrEqual(28);
    expect(stockoutProbability(4, f, 4)).toBeCloseTo(1 - Math.exp(-4) * (1 + 4 + 8 + 32 / 3), 10);
  });
});

describe('reorder point and order-up-to', () => {
  it('Poisson lead-time demand (compute_reference.py nb_quantile: Poisson(4) → 8, Poisson(6) → 10)', () => {
    const p = reorderPolicy(poisson(2, 6), { leadTime: 2, reviewPeriod: 1, serviceLevel: 0.95, onHand: 3, packSize: 4 });
    expect(p.leadTimeDemand).toBe(4);
    expect(p.reorderPoint).toBe(8);
    expect(p.safetyStock).toBe(4);
    expect(p.orderUpTo).toBe(10);
    expect(p.suggestedOrder).toBe(8); // need 7 → two boxes of 4
    const none = reorderPolicy(poisson(2, 6), { leadTime: 2, serviceLevel: 0.95, onHand: 20 });
    expect(none.suggestedOrder).toBe(0);
  });
  it('normal lead-time demand: μL + z σ √L', () => {
    const f = { mean: [100, 100, 100], sd: [10, 10, 10], distribution: 'normal' as const };
    const p = reorderPolicy(f, { leadTime: 2, serviceLevel: 0.95 });
    expect(p.reorderPoint).toBeCloseTo(200 + 1.644854 * 10 * Math.SQRT2, 4);
    const half = reorderPolicy(f, { leadTime: 0.5, serviceLevel: 0.5 });
    expect(half.reorderPoint).toBeCloseTo(50, 8);
  });
  it('rounding to purchase units', () => {
    expect(roundToPack(7, 4)).toBe(8);
    expect(roundToPack(8, 4)).toBe(8);
    expect(roundToPack(0, 4)).toBe(0);
    expect(roundToPack(9, 4, 'nearest')).toBe(8);
    expect(roundToPack(11, 4, 'down')).toBe(8);
    expect(() => roundToPack(1, 0)).toThrow();
  });
});

describe('fill-rate order-up-to level', () => {
  // compute_reference.py fill_rate_poisson / fill_rate_normal (Poisson pmf loop; normal loss
  // function G(z) = φ(z) − z(1 − Φ(z)) with bisection).
  it('Poisson demand: smallest S with E[(D(L+R) − S)⁺] − E[(D(L) − S)⁺] ≤ (1 − β) E[D(R)]', () => {
    expect(fillRateOrderUpTo(poisson(2, 6), { leadTime: 2, reviewPeriod: 1, fillRate: 0.95 })).toBe(REF.fillRate[0]);
  });
  it('normal demand', () => {
    const f = { mean: [100, 100, 100], sd: [10, 10, 10], distribution: 'normal' as const };
    expect(fillRateOrderUpTo(f, { leadTime: 2, reviewPeriod: 1, fillRate: 0.98 })).toBeCloseTo(REF.fillRate[1], 4);
  });
  it('expected shortage of Poisson(1) at 0 is its mean; normal loss at the mean is σ/√(2π)', () => {
    expect(expectedShortage(0, 1, 1, 'count')).toBeCloseTo(1, 9);
    expect(expectedShortage(50, 50, 100, 'normal')).toBeCloseTo(10 / Math.sqrt(2 * Math.PI), 9);
  });
});

describe('expected expiry waste', () => {
  it('Poisson usage, FIFO stock ahead (compute_reference.py expiry_waste_poisson)', () => {
    const [ew, pw] = REF.expiry;
    const w = expectedExpiryWaste({ quantity: 10, daysToExpiry: 30 }, poisson(8, 3), 30, 2);
    expect(w.expectedWaste).toBeCloseTo(ew, 9);
    expect(w.probabilityOfWaste).toBeCloseTo(pw, 9);
    expect(w.expectedUsage).toBeCloseTo(8, 12);
  });
  it('expired lot is all waste; no demand wastes everything', () => {
    expect(expectedExpiryWaste({ quantity: 5, daysToExpiry: 0 }, poisson(1, 1), 7).expectedWaste).toBe(5);
    expect(expectedExpiryWaste({ quantity: 5, daysToExpiry: 70 }, poisson(0, 1), 7).expectedWaste).toBeCloseTo(5, 12);
  });
});
