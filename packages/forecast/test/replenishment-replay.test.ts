import { describe, expect, it } from 'vitest';
import { lotsExpiryWaste } from '../src/index.ts';
import { closingWaste, consume, emptyShelf, expire, onHand, onOrder, receive, receiveDue, replay, replayProduct, typedPolicy, type Policy, type ReplayProduct } from '../../../bench/replenishment/replay.ts';

/** The replay engine of `npm run bench -- replenishment` (bench/replenishment/replay.ts): its stock bookkeeping by hand. */
describe('replay bookkeeping', () => {
  it('takes the earliest expiry first, lots without expiry last, ties by receipt', () => {
    const shelf = emptyShelf();
    receive(shelf, 5, null);
    receive(shelf, 4, 30);
    receive(shelf, 3, 10);
    receive(shelf, 2, 10);
    receive(shelf, 1, null); // joins the running lot
    expect(shelf.lots.map((l) => [l.expiryDay, l.quantity])).toEqual([[10, 3], [10, 2], [30, 4], [null, 6]]);
    expect(consume(shelf, 4)).toBe(4);
    expect(shelf.lots.map((l) => [l.expiryDay, l.quantity])).toEqual([[10, 1], [30, 4], [null, 6]]);
    expect(consume(shelf, 20)).toBe(11);
    expect(onHand(shelf)).toBe(0);
  });

  it('keeps a lot usable on its expiry day and writes it off the day after', () => {
    const shelf = emptyShelf();
    receive(shelf, 3, 5);
    receive(shelf, 2, 9);
    expect(expire(shelf, 5)).toBe(0);
    expect(expire(shelf, 6)).toBe(3);
    expect(onHand(shelf)).toBe(2);
    expect(expire(shelf, 100)).toBe(2);
  });

  it('receives deliveries on their arrival day, not before', () => {
    const shelf = emptyShelf();
    shelf.pending.push({ arrival: 3, units: 10, expiryDay: 50 }, { arrival: 1, units: 4, expiryDay: null });
    expect(receiveDue(shelf, 0)).toBe(0);
    expect(onOrder(shelf)).toBe(14);
    expect(receiveDue(shelf, 2)).toBe(4);
    expect(receiveDue(shelf, 3)).toBe(10);
    expect([onHand(shelf), onOrder(shelf)]).toEqual([14, 0]);
  });
});

const product = (over: Partial<ReplayProduct> = {}): ReplayProduct => ({
  id: 1, name: 'Gloves', unitCost: 2, unitsPerPack: 10, minimumOrderPacks: 1, leadTimeDays: 2, supplierId: 7, tracksLots: false,
  reorderPoint: 5, parLevel: 20, demand: [3, 3, 3, 3, 3, 3, 3], openingLots: [{ expiryDay: null, quantity: 10 }], openingPending: [], shelfLife: () => null, ...over,
});

describe('replaying a product under a policy', () => {
  it('orders up to par in packs at the reorder point, receives after the lead time and counts lost demand', () => {
    // Day 0: 10 → 7; day 1: 4; day 2: 1 (≤ 5: order 2 packs, arriving day 4); day 3: 0, short 2; day 4: 20 − 3 = 17 …
    const out = replayProduct(product(), typedPolicy, 7);
    expect(out.orders).toEqual([{ day: 2, units: 20, supplierId: 7 }]);
    expect(out.demand).toBe(21);
    expect(out.served).toBe(19);
    expect(out.stockOutDays).toBe(1);
    // End-of-day stock 7, 4, 1, 0, 17, 14, 11 at 2 each.
    expect(out.valueDays).toBe(2 * (7 + 4 + 1 + 0 + 17 + 14 + 11));
  });

  it('writes off expired opening stock, values it, and orders at least the minimum', () => {
    const out = replayProduct(
      product({ tracksLots: true, openingLots: [{ expiryDay: 0, quantity: 4 }, { expiryDay: 60, quantity: 6 }], demand: [0, 0, 0], reorderPoint: 6, minimumOrderPacks: 3, shelfLife: (d) => d + 100 }),
      typedPolicy,
      3,
    );
    expect(out.expiredUnits).toBe(4);
    expect(out.expiredValue).toBe(8);
    expect(out.orders).toEqual([{ day: 1, units: 30, supplierId: 7 }]);
  });

  it('sums products into fill rate, stock-out events, average value and orders per supplier and period', () => {
    const weekly: Policy = { name: 'weekly', reviews: (d) => d % 7 === 0, order: (_p, _d, s) => (s.onHand + s.onOrder < 30 ? 30 : 0) };
    const out = replay([product(), product({ id: 2 })], weekly, 14, 7);
    expect(out.poLines).toBe(4);
    expect(out.purchaseOrders).toBe(2);
    expect(out.fillRate).toBeCloseTo(out.served / out.demand);
    expect(out.averageInventoryValue).toBeCloseTo((out.products[0]!.valueDays + out.products[1]!.valueDays) / 14);
  });

  it('values the closing shelf’s expected waste: FEFO at the replay’s mean use, Poisson, nothing for stock that does not expire', () => {
    // 7 units a week (1 a day). After 7 days the shelf holds a lot of 30 good for 7 more days (expiry day 13) and a
    // lot of 50 good for 60 more days: Poisson(7) uses about 7 of the first (23 expected left), the second is used
    // up in time behind it (P(Poisson(60) < 57) is small but not nil).
    const p = product({ tracksLots: true, demand: [1, 1, 1, 1, 1, 1, 1], openingLots: [{ expiryDay: 13, quantity: 30 }, { expiryDay: 66, quantity: 50 }, { expiryDay: null, quantity: 3 }], parLevel: 0, reorderPoint: -1 });
    const out = replayProduct(p, typedPolicy, 7);
    const shelf = emptyShelf();
    receive(shelf, 23, 13);
    receive(shelf, 50, 66);
    const waste = closingWaste(shelf, p, 7);
    const byHand = lotsExpiryWaste([{ quantity: 23, daysToExpiry: 7 }, { quantity: 50, daysToExpiry: 60 }], { mean: [7], sd: [Math.sqrt(7)], distribution: 'count' }).reduce((a, w) => a + w.expectedWaste, 0);
    expect(waste).toBeCloseTo(byHand, 9);
    expect(waste).toBeGreaterThan(15);
    expect(out.wasteAheadValue).toBeCloseTo(2 * closingWaste({ lots: [{ expiryDay: 13, quantity: 23, seq: 0 }, { expiryDay: 66, quantity: 50, seq: 1 }, { expiryDay: null, quantity: 3, seq: 2 }], pending: [], nextSeq: 3 }, p, 7), 9);
    expect(closingWaste({ lots: [{ expiryDay: null, quantity: 100, seq: 0 }], pending: [], nextSeq: 1 }, p, 7)).toBe(0);
  });
});
