/**
 * The forecast policy of the replay: each week, levels from that week's forecast, then the order the suggestions
 * would make. The arithmetic is the forecasting package's replenishment functions (`forecastLevels`,
 * `orderQuantity` in packages/forecast/src/replenish.ts), exactly as the order suggestions use them.
 */
import { forecastLevels, orderQuantity, type DemandForecast } from '@enamel/forecast';
import type { Policy, ReplayProduct } from './replay.ts';

export interface Levels {
  reorderPoint: number;
  orderUpTo: number;
  meanDailyDemand: number;
}

export interface LevelOptions {
  serviceLevel: number;
  reviewPeriodDays: number;
}

/**
 * Levels of one product for one week from its forecast (weekly periods): null when there is no forecast (no history
 * yet); zero levels when the forecast expects no demand (nothing is ordered).
 */
export function levelsOf(f: DemandForecast | null, p: Pick<ReplayProduct, 'leadTimeDays'>, o: LevelOptions): Levels | null {
  if (!f) return null;
  const l = forecastLevels(f, { leadTimeDays: p.leadTimeDays, reviewPeriodDays: o.reviewPeriodDays, serviceLevel: o.serviceLevel, periodDays: 7 });
  return l ? { reorderPoint: l.reorderPoint, orderUpTo: l.orderUpTo, meanDailyDemand: l.meanDailyDemand } : { reorderPoint: 0, orderUpTo: 0, meanDailyDemand: 0 };
}

/**
 * Reviews every review period (the practice's, 7 days in the demo: the first day of each replayed week): orders what the suggestion says, in whole packs and at
 * least the minimum order. A product without a forecast that week falls back to its typed levels, as the suggestions do.
 */
export function forecastPolicy(weekly: Map<number, Array<Levels | null>>, reviewPeriodDays: number, name = 'forecast suggestions'): Policy {
  return {
    name,
    reviews: (day) => day % reviewPeriodDays === 0,
    order: (p, day, { onHand, onOrder }) => {
      const levels = weekly.get(p.id)?.[Math.floor(day / 7)] ?? { reorderPoint: p.reorderPoint, orderUpTo: p.parLevel, meanDailyDemand: 0 };
      return orderQuantity({ onHand, onOrder, ...levels, reviewPeriodDays, unitsPerPack: p.unitsPerPack, minimumOrderPacks: p.minimumOrderPacks }).units;
    },
  };
}
