import { MOST_USED_DEFAULT_PERIOD, type DashboardData, type MostUsedPeriod } from '@enamel/contracts';
import type { PracticeContext } from '../../practice-context/index.ts';
import { mostUsed } from '../../stock/index.ts';

export const MOST_USED_LIMIT = 10;

/** The products consumed most in the chosen days (30, 90 or 365; 90 by default) before the date, and what they cost. */
export async function mostUsedItems(ctx: PracticeContext, period: MostUsedPeriod = MOST_USED_DEFAULT_PERIOD): Promise<DashboardData<'most-frequently-used-items'>> {
  return { days: period, items: await mostUsed(ctx.db, ctx, period, MOST_USED_LIMIT) };
}
