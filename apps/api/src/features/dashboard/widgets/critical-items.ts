import { cumulativeMoments, qnorm } from '@enamel/forecast';
import type { DashboardData } from '@enamel/contracts';
import { labels, runSeries, type PracticeContext } from '../../practice-context/index.ts';
import { expiringLots, onHandByProduct } from '../../stock/index.ts';

export const CRITICAL_DAYS = 30;

/**
 * The next 30 days: products whose forecast demand plus safety stock (at the practice's service level) exceeds
 * what is on hand — each forecast week spread evenly over its seven days — and the lots whose expiry state is
 * `expiring` (stock/expiry.ts, the practice's warning days).
 */
export async function criticalItems(ctx: PracticeContext): Promise<DashboardData<'upcoming-month-critical-items-data'>> {
  const z = qnorm(ctx.settings.serviceLevel);
  const series = await runSeries(ctx, 'product');
  const stock = await onHandByProduct(ctx.db, ctx);
  const short = series.flatMap((s) => {
    const { mean, variance } = cumulativeMoments({ mean: s.mean, sd: s.sd, distribution: s.distribution as 'normal' | 'count' }, CRITICAL_DAYS / 7);
    const safety = z * Math.sqrt(variance);
    const onHand = stock.get(s.refId) ?? 0;
    const shortfall = mean + safety - onHand;
    return shortfall > 1e-9 && mean > 0 ? [{ product_id: s.refId, on_hand: onHand, demand: mean, safety_stock: safety, shortfall }] : [];
  });
  short.sort((a, b) => b.shortfall / Math.max(a.demand, 1e-9) - a.shortfall / Math.max(b.demand, 1e-9) || b.shortfall - a.shortfall);
  const names = await labels(ctx, 'product', short.map((s) => s.product_id));
  const round = (x: number) => Math.round(x * 100) / 100;
  return {
    days: CRITICAL_DAYS,
    service_level: ctx.settings.serviceLevel,
    short: short.map((s) => ({ ...s, inventory_id: names.get(s.product_id)?.inventoryId ?? null, name: names.get(s.product_id)?.label ?? String(s.product_id), usage_unit: names.get(s.product_id)?.unit ?? '', demand: round(s.demand), safety_stock: round(s.safety_stock), shortfall: round(s.shortfall) })),
    expiring: await expiringLots(ctx.db, ctx, ctx.settings.expiryWarningDays),
  };
}
