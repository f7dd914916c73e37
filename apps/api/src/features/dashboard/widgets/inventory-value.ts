import type { DashboardData } from '@enamel/contracts';
import { toDecimal } from '@enamel/contracts';
import type { PracticeContext } from '../../practice-context/index.ts';
import { lastMonths, valueAtMonthEnds, valueByCategory } from '../../stock/index.ts';

export const VALUE_MONTHS = 12;

/** Stock value at the date (lot cost), by category, and at each of the last twelve month ends. */
export async function inventoryValue(ctx: PracticeContext): Promise<DashboardData<'inventory-value-data'>> {
  const byCategory = await valueByCategory(ctx.db, ctx);
  const monthEnd = await valueAtMonthEnds(ctx.db, ctx, lastMonths(ctx.date, VALUE_MONTHS));
  const total = byCategory.reduce((sum, r) => sum.plus(r.value), toDecimal(0));
  return { total: total.toFixed(4), by_category: byCategory, month_end: monthEnd };
}
