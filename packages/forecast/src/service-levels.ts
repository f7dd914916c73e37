/**
 * Cost-aware service levels (docs/forecasting.md#cost-aware-service-levels): one service level for the practice,
 * spread over its products by what each costs to hold.
 *
 * Holding one more unit of a product for a review period costs its unit value × the holding rate × the period; a unit
 * short costs the practice about the same whatever the product (a rescheduled appointment, a rush order, a borrowed
 * box), so one shortage cost `p` serves them all. The newsvendor's critical ratio then gives each product its own
 * cycle service level, α = p / (p + holding cost): a box of gloves costs next to nothing to hold and is kept near
 * certain, an implant costs a lot and is kept near its median (ordered for the case rather than kept on the shelf).
 * `p` is the one that makes the use-weighted mean of the α equal the practice's service level, so the practice's
 * setting still says how often, on average over what it uses, an item is there when it is needed; with every unit
 * value alike each product gets exactly the practice's level.
 */

/** A year's holding cost as a share of the stock's value (capital, space, shrinkage, obsolescence): the usual 25 %. */
export const HOLDING_RATE_PER_YEAR = 0.25;
/** No product is kept below its median demand over the protection interval… */
export const SERVICE_LEVEL_FLOOR = 0.5;
/** …or above this (the quantile of a long tail would be unbounded). */
export const SERVICE_LEVEL_CAP = 0.999;

export interface ServiceLevelItem {
  /** Mean demand per period (any period, the same for every item): the weight of the item in the practice's mean. */
  meanDemand: number;
  /** Value of one usage unit (the practice's currency); 0 or less when unknown. */
  unitCost: number;
}

export interface CostAwareLevels {
  /** Each item's cycle service level, in the input's order. */
  levels: number[];
  /** The shortage cost per unit found (the practice's currency); null when no item has both demand and a cost. */
  shortageCost: number | null;
}

/**
 * Each item's service level for the practice's `serviceLevel`. Items without demand or without a known cost get the
 * practice's level and do not count in the mean.
 */
export function costAwareServiceLevels(items: readonly ServiceLevelItem[], input: { serviceLevel: number; reviewPeriodDays: number; holdingRatePerYear?: number }): CostAwareLevels {
  const { serviceLevel, reviewPeriodDays } = input;
  if (!(serviceLevel > 0 && serviceLevel < 1)) throw new RangeError('serviceLevel must be between 0 and 1');
  if (!(reviewPeriodDays > 0)) throw new RangeError('reviewPeriodDays must be positive');
  const rate = input.holdingRatePerYear ?? HOLDING_RATE_PER_YEAR;
  if (!(rate > 0)) throw new RangeError('holdingRatePerYear must be positive');
  const target = Math.min(SERVICE_LEVEL_CAP, Math.max(SERVICE_LEVEL_FLOOR, serviceLevel));
  const priced = items.map((x) => x.meanDemand > 0 && x.unitCost > 0 && Number.isFinite(x.meanDemand) && Number.isFinite(x.unitCost));
  const hold = items.map((x) => x.unitCost * rate * (reviewPeriodDays / 365));
  const levelAt = (p: number, i: number) => Math.min(SERVICE_LEVEL_CAP, Math.max(SERVICE_LEVEL_FLOOR, p / (p + hold[i]!)));
  let weight = 0;
  for (let i = 0; i < items.length; i++) if (priced[i]) weight += items[i]!.meanDemand;
  if (!(weight > 0)) return { levels: items.map(() => target), shortageCost: null };
  const meanAt = (p: number) => {
    let s = 0;
    for (let i = 0; i < items.length; i++) if (priced[i]) s += items[i]!.meanDemand * levelAt(p, i);
    return s / weight;
  };
  // The mean is increasing in p: bisection on log p between a cost that puts every item at the floor and one that
  // puts every item at the cap.
  const holds = hold.filter((_, i) => priced[i]);
  let lo = Math.log(Math.min(...holds) * 1e-6);
  let hi = Math.log(Math.max(...holds) * 1e6);
  for (let k = 0; k < 100; k++) {
    const mid = (lo + hi) / 2;
    if (meanAt(Math.exp(mid)) < target) lo = mid;
    else hi = mid;
  }
  const p = Math.exp(hi);
  return { levels: items.map((_, i) => (priced[i] ? levelAt(p, i) : target)), shortageCost: p };
}
