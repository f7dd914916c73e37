import type { DashboardData } from '@enamel/contracts';
import { labels, runSeries, type PracticeContext } from '../../practice-context/index.ts';
import { DAYS_TO_ZERO_LIMIT, daysToZeroItems, onHandByProduct } from '../../stock/index.ts';

/** Per product with a forecast, the expected days until its stock reaches zero (stock/days-to-zero.ts), with names. */
export async function daysToZero(ctx: PracticeContext): Promise<DashboardData<'day-to-zero-data'>> {
  const items = daysToZeroItems(await runSeries(ctx, 'product'), await onHandByProduct(ctx.db, ctx), DAYS_TO_ZERO_LIMIT);
  const names = await labels(ctx, 'product', items.map((i) => i.product_id));
  return { lead_time_days: ctx.settings.leadTimeDays, items: items.map((i) => ({ ...i, inventory_id: names.get(i.product_id)?.inventoryId ?? null, name: names.get(i.product_id)?.label ?? String(i.product_id), usage_unit: names.get(i.product_id)?.unit ?? '' })) };
}
