import { lotsExpiryWaste } from '@enamel/forecast';

/**
 * The replay engine of `npm run bench -- replenishment`: one practice's products, day by day, under one ordering
 * policy, on the demand that really happened. Pure (no database, no clock): the bench feeds it what it read from the
 * seeded ledger, and the unit test feeds it hand-made cases.
 *
 * Bookkeeping follows the ledger's rules: lots are taken earliest expiry first (a lot without expiry last, then the
 * one received first), a lot is usable up to and including its expiry day and written off the day after, and
 * demand that stock cannot serve is lost (counted, never back-ordered), so the fill rate is what the shelf gave.
 * Days are whole numbers (0 = the first replayed day).
 */

export interface ReplayLot {
  /** Last usable day (null: does not expire). */
  expiryDay: number | null;
  quantity: number;
  /** Receipt order (FEFO's tie-break). */
  seq: number;
}

export interface Pending {
  arrival: number;
  units: number;
  /** The day the lots of this delivery expire (null: the product does not expire). */
  expiryDay: number | null;
}

export interface Shelf {
  /** In FEFO order. */
  lots: ReplayLot[];
  pending: Pending[];
  nextSeq: number;
}

export const emptyShelf = (): Shelf => ({ lots: [], pending: [], nextSeq: 0 });

const fefo = (a: ReplayLot, b: ReplayLot) => {
  if (a.expiryDay !== b.expiryDay) {
    if (a.expiryDay === null) return 1;
    if (b.expiryDay === null) return -1;
    return a.expiryDay - b.expiryDay;
  }
  return a.seq - b.seq;
};

export const onHand = (shelf: Shelf) => shelf.lots.reduce((s, l) => s + l.quantity, 0);
export const onOrder = (shelf: Shelf) => shelf.pending.reduce((s, p) => s + p.units, 0);

/** Puts `units` on the shelf as a new lot (a product without expiry joins its running lot). */
export function receive(shelf: Shelf, units: number, expiryDay: number | null): void {
  if (units <= 0) return;
  if (expiryDay === null) {
    const running = shelf.lots.find((l) => l.expiryDay === null);
    if (running) {
      running.quantity += units;
      return;
    }
  }
  shelf.lots.push({ expiryDay, quantity: units, seq: shelf.nextSeq++ });
  shelf.lots.sort(fefo);
}

/** Receives every delivery due by `day` (in arrival order). Returns the units received. */
export function receiveDue(shelf: Shelf, day: number): number {
  let got = 0;
  const due = shelf.pending.filter((p) => p.arrival <= day).sort((a, b) => a.arrival - b.arrival);
  if (!due.length) return 0;
  shelf.pending = shelf.pending.filter((p) => p.arrival > day);
  for (const p of due) {
    receive(shelf, p.units, p.expiryDay);
    got += p.units;
  }
  return got;
}

/** Writes off every lot whose last usable day is before `day`. Returns the units written off. */
export function expire(shelf: Shelf, day: number): number {
  let gone = 0;
  shelf.lots = shelf.lots.filter((l) => {
    if (l.expiryDay !== null && l.expiryDay < day) {
      gone += l.quantity;
      return false;
    }
    return true;
  });
  return gone;
}

/** Takes `demand` in FEFO order. Returns what was served (the rest is lost). */
export function consume(shelf: Shelf, demand: number): number {
  let left = demand;
  for (const lot of shelf.lots) {
    if (left <= 0) break;
    const take = Math.min(lot.quantity, left);
    lot.quantity -= take;
    left -= take;
  }
  shelf.lots = shelf.lots.filter((l) => l.quantity > 1e-9);
  return demand - left;
}

export interface ReplayProduct {
  id: number;
  name: string;
  /** Value of one usage unit (the practice's currency). */
  unitCost: number;
  unitsPerPack: number;
  minimumOrderPacks: number;
  leadTimeDays: number;
  supplierId: number;
  tracksLots: boolean;
  /** Typed levels (usage units). */
  reorderPoint: number;
  parLevel: number;
  /** Demand per replayed day (usage units). */
  demand: number[];
  /** Stock at the start: lots, and what was on its way then. */
  openingLots: Array<{ expiryDay: number | null; quantity: number }>;
  openingPending: Array<{ arrival: number; units: number; expiryDay: number | null }>;
  /** Shelf life of a lot received on a day (null: the product does not expire); the same for both policies. */
  shelfLife: (receiptDay: number) => number | null;
}

/** What a policy is asked each day it reviews: returns the units to order (whole packs) or 0. */
export interface Policy {
  name: string;
  /** Does the policy look at this product on this day (morning: after deliveries and write-offs, before use)? */
  reviews: (day: number) => boolean;
  order: (p: ReplayProduct, day: number, stock: { onHand: number; onOrder: number }) => number;
}

export interface ProductOutcome {
  productId: number;
  demand: number;
  served: number;
  stockOutDays: number;
  /** Σ over days of the end-of-day on-hand value. */
  valueDays: number;
  expiredUnits: number;
  expiredValue: number;
  /** Value of the closing shelf expected to expire unused (`closingWaste`): waste the replay's own window cannot show. */
  wasteAheadValue: number;
  orders: Array<{ day: number; units: number; supplierId: number }>;
}

export interface PolicyOutcome {
  policy: string;
  days: number;
  demand: number;
  served: number;
  fillRate: number;
  stockOutEvents: number;
  averageInventoryValue: number;
  expiredValue: number;
  wasteAheadValue: number;
  poLines: number;
  /** Orders to one supplier on one day (or, for a weekly review, in one week) make one purchase order. */
  purchaseOrders: number;
  products: ProductOutcome[];
}

/** One product through the replayed days under one policy. */
export function replayProduct(p: ReplayProduct, policy: Policy, days: number): ProductOutcome {
  const shelf = emptyShelf();
  for (const lot of p.openingLots) receive(shelf, lot.quantity, lot.expiryDay);
  shelf.pending = p.openingPending.map((x) => ({ ...x }));
  const out: ProductOutcome = { productId: p.id, demand: 0, served: 0, stockOutDays: 0, valueDays: 0, expiredUnits: 0, expiredValue: 0, wasteAheadValue: 0, orders: [] };
  for (let day = 0; day < days; day++) {
    receiveDue(shelf, day);
    const gone = expire(shelf, day);
    out.expiredUnits += gone;
    out.expiredValue += gone * p.unitCost;
    if (policy.reviews(day)) {
      const units = policy.order(p, day, { onHand: onHand(shelf), onOrder: onOrder(shelf) });
      if (units > 0) {
        const arrival = day + Math.max(1, p.leadTimeDays);
        shelf.pending.push({ arrival, units, expiryDay: p.shelfLife(arrival) });
        out.orders.push({ day, units, supplierId: p.supplierId });
      }
    }
    const demand = p.demand[day] ?? 0;
    const served = demand > 0 ? consume(shelf, demand) : 0;
    out.demand += demand;
    out.served += served;
    if (demand - served > 1e-9) out.stockOutDays++;
    out.valueDays += onHand(shelf) * p.unitCost;
  }
  out.wasteAheadValue = closingWaste(shelf, p, days) * p.unitCost;
  return out;
}

/**
 * Units of the shelf left after the last replayed day that are expected to expire unused (what is on its way is
 * counted as arriving first): the forecasting package's FEFO expiry waste (`lotsExpiryWaste`) at the product's mean
 * use over the replayed days, as Poisson demand; the same demand for every policy, so the figure compares what each
 * left on the shelf. Expiry inside a 26-week window only shows the lots that were there at its start (every lot
 * bought in it lasts at least six months), so without this the policies' own waste would not show.
 */
export function closingWaste(shelf: Shelf, p: ReplayProduct, days: number): number {
  const weekly = (p.demand.reduce((a, d) => a + d, 0) / Math.max(1, days)) * 7;
  const lots = [...shelf.lots.map((l) => ({ quantity: l.quantity, expiryDay: l.expiryDay })), ...shelf.pending.map((x) => ({ quantity: x.units, expiryDay: x.expiryDay }))];
  const forecast = { mean: [weekly], sd: [Math.sqrt(weekly)], distribution: 'count' as const };
  return lotsExpiryWaste(lots.map((l) => ({ quantity: l.quantity, daysToExpiry: l.expiryDay === null ? null : l.expiryDay - days + 1 })), forecast).reduce((a, w) => a + w.expectedWaste, 0);
}

/** Every product under one policy; `batchDays` groups a supplier's lines into one purchase order (1: per day, 7: per week). */
export function replay(products: ReplayProduct[], policy: Policy, days: number, batchDays = 1): PolicyOutcome {
  const outcomes = products.map((p) => replayProduct(p, policy, days));
  const demand = outcomes.reduce((s, o) => s + o.demand, 0);
  const served = outcomes.reduce((s, o) => s + o.served, 0);
  const orders = outcomes.flatMap((o) => o.orders);
  return {
    policy: policy.name,
    days,
    demand,
    served,
    fillRate: demand > 0 ? served / demand : 1,
    stockOutEvents: outcomes.reduce((s, o) => s + o.stockOutDays, 0),
    averageInventoryValue: outcomes.reduce((s, o) => s + o.valueDays, 0) / Math.max(1, days),
    expiredValue: outcomes.reduce((s, o) => s + o.expiredValue, 0),
    wasteAheadValue: outcomes.reduce((s, o) => s + o.wasteAheadValue, 0),
    poLines: orders.length,
    purchaseOrders: new Set(orders.map((o) => `${o.supplierId}:${Math.floor(o.day / batchDays)}`)).size,
    products: outcomes,
  };
}

/** The typed policy as practices run it: every day, when on hand + on order ≤ the reorder point, order up to par in whole packs (at least the minimum order). */
export const typedPolicy: Policy = {
  name: 'typed reorder point / par',
  reviews: () => true,
  order: (p, _day, { onHand: have, onOrder: coming }) => {
    const position = have + coming;
    if (position > p.reorderPoint) return 0;
    const packs = Math.max(p.minimumOrderPacks, Math.ceil((p.parLevel - position) / p.unitsPerPack - 1e-9));
    return packs * p.unitsPerPack;
  },
};
