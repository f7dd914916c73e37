/** Stand-in for packages/forecast/src/replenish.ts until it is merged (same signatures). */
import { reorderPolicy, type DemandForecast } from '@enamel/forecast';

export type { DemandForecast };

export function forecastLevels(f: DemandForecast, o: { leadTimeDays: number; reviewPeriodDays: number; serviceLevel: number; periodDays: number }) {
  const r = reorderPolicy(f, { leadTime: o.leadTimeDays / o.periodDays, reviewPeriod: o.reviewPeriodDays / o.periodDays, serviceLevel: o.serviceLevel });
  return { reorderPoint: r.reorderPoint, orderUpTo: r.orderUpTo, meanLeadTimeDemand: r.leadTimeDemand, safetyStock: r.safetyStock };
}

export function orderQuantity(o: { onHand: number; onOrder: number; reorderPoint: number; orderUpTo: number; unitsPerPack: number; minimumOrderPacks: number }) {
  const position = o.onHand + o.onOrder;
  if (position > o.reorderPoint) return { packs: 0, units: 0 };
  const packs = Math.max(o.minimumOrderPacks, Math.ceil((o.orderUpTo - position) / o.unitsPerPack - 1e-9));
  return { packs, units: packs * o.unitsPerPack };
}
