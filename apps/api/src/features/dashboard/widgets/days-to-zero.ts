import { daysToZero as depletion } from '@enamel/forecast';
import type { DashboardData } from '@enamel/contracts';
import type { DashboardContext } from '../dashboard-context.ts';
import { labels, onHandByProduct, runSeries } from './run-series.ts';

export const DAYS_TO_ZERO_LIMIT = 50;

/**
 * Per product with a forecast, the expected days until its stock reaches zero, with a low/high band from the
 * forecast bounds (each week's demand spread evenly over its days), soonest first; null when it never does.
 */
export async function daysToZero(ctx: DashboardContext): Promise<DashboardData<'day-to-zero-data'>> {
  const series = await runSeries(ctx, 'product');
  const stock = await onHandByProduct(ctx);
  const finite = (x: number) => (Number.isFinite(x) ? Math.round(x * 10) / 10 : null);
  const items = series
    .filter((s) => s.mean.some((m) => m > 0))
    .map((s) => {
      const onHand = Math.max(0, stock.get(s.refId) ?? 0);
      const d = depletion(onHand, s, 7);
      return { product_id: s.refId, on_hand: onHand, days: finite(d.expected), low: finite(d.low), high: finite(d.high) };
    })
    .sort((a, b) => (a.days ?? Infinity) - (b.days ?? Infinity) || a.product_id - b.product_id)
    .slice(0, DAYS_TO_ZERO_LIMIT);
  const names = await labels(ctx, 'product', items.map((i) => i.product_id));
  return { lead_time_days: ctx.settings.leadTimeDays, items: items.map((i) => ({ ...i, inventory_id: names.get(i.product_id)?.inventoryId ?? null, name: names.get(i.product_id)?.label ?? String(i.product_id), usage_unit: names.get(i.product_id)?.unit ?? '' })) };
}
