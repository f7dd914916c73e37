/**
 * The forecast policy of the replay: each week, the order the suggestions would make from that week's forecast. The
 * arithmetic is the forecasting package's replenishment functions (`forecastLevels`, `orderQuantity` in
 * packages/forecast/src/replenish.ts), exactly as the order suggestions use them.
 */
import { costAwareServiceLevels, cumulativeMoments, demandQuantile, forecastLevels, orderQuantity, type DemandForecast } from '@enamel/forecast';
import type { Policy, ReplayProduct } from './replay.ts';

export interface PolicyOptions {
  serviceLevel: number;
  reviewPeriodDays: number;
}

/**
 * Reviews every review period (the practice's; 7 days in the demo: the first day of each replayed week) and orders
 * what `orderQuantity` says from `forecastLevels` of that week's forecast, in whole packs and at least the minimum
 * order. A product without a forecast that week (no history yet) falls back to its typed levels, as the suggestions do.
 *
 * `forecastLevels` is costly for count demand (its fill-rate order-up-to level), so it is called only when an order
 * may be due: its reorder point and mean daily demand (the same quantile and moments it starts from) are computed
 * first, and where the position at the next review stays above that reorder point `orderQuantity` would order
 * nothing anyway. The orders are the same as calling both functions every week.
 */
export function forecastPolicy(forecastOf: (productId: number, week: number) => DemandForecast | null, o: PolicyOptions, products: readonly ReplayProduct[], name = 'forecast suggestions'): Policy & { levelCalls: () => number } {
  let calls = 0;
  // Each product's own service level for the week, as the levels job sets them after a run (costAwareServiceLevels
  // over the practice's products with a forecast: that week's mean demand and the product's unit cost).
  const levelsByWeek = new Map<number, Map<number, number>>();
  const serviceLevelOf = (productId: number, week: number) => {
    let m = levelsByWeek.get(week);
    if (!m) {
      const withForecast = products.flatMap((p) => {
        const f = forecastOf(p.id, week);
        return f ? [{ id: p.id, meanDemand: Math.max(0, f.mean[0] ?? 0), unitCost: p.unitCost }] : [];
      });
      const { levels } = costAwareServiceLevels(withForecast, { serviceLevel: o.serviceLevel, reviewPeriodDays: o.reviewPeriodDays });
      m = new Map(withForecast.map((x, i) => [x.id, levels[i]!]));
      levelsByWeek.set(week, m);
    }
    return m.get(productId) ?? o.serviceLevel;
  };
  return {
    name,
    levelCalls: () => calls,
    reviews: (day) => day % o.reviewPeriodDays === 0,
    order: (p: ReplayProduct, day, { onHand, onOrder }) => {
      const f = forecastOf(p.id, Math.floor(day / 7));
      const base = { onHand, onOrder, reviewPeriodDays: o.reviewPeriodDays, unitsPerPack: p.unitsPerPack, minimumOrderPacks: p.minimumOrderPacks };
      if (!f) return orderQuantity({ ...base, reorderPoint: p.reorderPoint, orderUpTo: p.parLevel, meanDailyDemand: 0 }).units;
      const lt = cumulativeMoments(f, p.leadTimeDays / 7);
      const ltr = cumulativeMoments(f, (p.leadTimeDays + o.reviewPeriodDays) / 7);
      if (!(ltr.mean > 0)) return 0;
      const serviceLevel = serviceLevelOf(p.id, Math.floor(day / 7));
      const q = demandQuantile(serviceLevel, lt.mean, lt.variance, f.distribution);
      const reorderPoint = f.distribution === 'count' ? Math.ceil(q - 1e-9) : q;
      const daily = ltr.mean / (p.leadTimeDays + o.reviewPeriodDays);
      if (onHand + onOrder - daily * o.reviewPeriodDays > reorderPoint) return 0;
      calls++;
      const levels = forecastLevels(f, { leadTimeDays: p.leadTimeDays, reviewPeriodDays: o.reviewPeriodDays, serviceLevel, periodDays: 7 });
      if (!levels) return 0;
      return orderQuantity({ ...base, reorderPoint: levels.reorderPoint, orderUpTo: levels.orderUpTo, meanDailyDemand: levels.meanDailyDemand }).units;
    },
  };
}
