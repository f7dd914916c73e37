import { describe, expect, it } from 'vitest';
import { costAwareServiceLevels, SERVICE_LEVEL_CAP, SERVICE_LEVEL_FLOOR } from '../src/index.ts';

const week = { serviceLevel: 0.95, reviewPeriodDays: 7 };

describe('costAwareServiceLevels', () => {
  it('products of one value all get the practice level', () => {
    const { levels } = costAwareServiceLevels([{ meanDemand: 10, unitCost: 2 }, { meanDemand: 1, unitCost: 2 }, { meanDemand: 0.1, unitCost: 2 }], week);
    for (const l of levels) expect(l).toBeCloseTo(0.95, 9);
  });
  it('one product alone gets exactly the practice level, whatever it costs', () => {
    expect(costAwareServiceLevels([{ meanDemand: 0.05, unitCost: 300 }], week).levels[0]).toBeCloseTo(0.95, 9);
  });
  it('dearer products get lower levels, the use-weighted mean stays the practice level', () => {
    const items = [{ meanDemand: 300, unitCost: 0.07 }, { meanDemand: 20, unitCost: 0.6 }, { meanDemand: 0.1, unitCost: 280 }];
    const { levels, shortageCost } = costAwareServiceLevels(items, week);
    expect(levels[0]!).toBeGreaterThan(levels[1]!);
    expect(levels[1]!).toBeGreaterThan(levels[2]!);
    const mean = items.reduce((s, x, i) => s + x.meanDemand * levels[i]!, 0) / items.reduce((s, x) => s + x.meanDemand, 0);
    expect(mean).toBeCloseTo(0.95, 6);
    // The critical ratio by hand: α = p / (p + unit cost × 25 % × 7 / 365), unless at the floor or the cap.
    const hold = 280 * 0.25 * (7 / 365);
    expect(levels[2]).toBeCloseTo(Math.max(SERVICE_LEVEL_FLOOR, shortageCost! / (shortageCost! + hold)), 9);
    for (const l of levels) {
      expect(l).toBeGreaterThanOrEqual(SERVICE_LEVEL_FLOOR);
      expect(l).toBeLessThanOrEqual(SERVICE_LEVEL_CAP);
    }
  });
  it('items without use or without a known cost keep the practice level and do not count', () => {
    const { levels } = costAwareServiceLevels([{ meanDemand: 0, unitCost: 5 }, { meanDemand: 3, unitCost: 0 }, { meanDemand: 4, unitCost: 1 }], { serviceLevel: 0.9, reviewPeriodDays: 14 });
    expect(levels).toEqual([0.9, 0.9, expect.closeTo(0.9, 9)]);
    expect(costAwareServiceLevels([], week)).toEqual({ levels: [], shortageCost: null });
  });
  it('refuses a service level outside (0, 1) and a review period of 0', () => {
    expect(() => costAwareServiceLevels([], { serviceLevel: 1, reviewPeriodDays: 7 })).toThrow(RangeError);
    expect(() => costAwareServiceLevels([], { serviceLevel: 0.95, reviewPeriodDays: 0 })).toThrow(RangeError);
  });
});
