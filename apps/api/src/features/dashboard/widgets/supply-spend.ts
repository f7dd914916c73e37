import type { DashboardData } from '@enamel/contracts';
import { toDecimal } from '@enamel/contracts';
import type { PracticeContext } from '../../practice-context/index.ts';
import { stockOutCount, supplySpend } from '../../stock/index.ts';

/** This month's supply spend (received and committed) against the budget, the last twelve months, and this month's stock-outs. */
export async function supplySpendWidget(ctx: PracticeContext): Promise<DashboardData<'supply-spend-data'>> {
  const spend = await supplySpend(ctx.db, { ...ctx, budget: ctx.settings.monthlySupplyBudget });
  const remaining = spend.budget === null ? null : toDecimal(spend.budget).minus(spend.received).minus(spend.committed).toFixed(4);
  return {
    month: spend.month,
    budget: spend.budget,
    received: spend.received,
    committed: spend.committed,
    remaining,
    committed_other: spend.committed_other,
    months: spend.months,
    stock_outs: await stockOutCount(ctx.db, ctx.practiceId, spend.month),
  };
}
