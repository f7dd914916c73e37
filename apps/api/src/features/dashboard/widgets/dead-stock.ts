import type { DashboardData } from '@enamel/contracts';
import type { PracticeContext } from '../../practice-context/index.ts';
import { deadStock as deadStockAt } from '../../stock/index.ts';

/** Stock nobody used for the practice's dead-stock days, and the value it ties up (at lot cost). */
export async function deadStock(ctx: PracticeContext): Promise<DashboardData<'dead-stock-data'>> {
  const dead = await deadStockAt(ctx.db, ctx, ctx.settings.deadStockDays);
  return { days: dead.days, total_value: dead.totalValue, items: dead.items };
}
