import { sql } from 'drizzle-orm';
import type { DashboardData } from '@enamel/contracts';
import { rows } from '@enamel/db';
import type { DashboardContext } from '../dashboard-context.ts';
import { startOfDay } from '../dashboard-context.ts';
import { lastMonths } from './inventory-value.ts';
import { daysBefore, dec, monthIndex } from './stock-sql.ts';

export const COST_PER_CODE_DAYS = 90;

/** Consumable cost used per month (last twelve), and the average consumable cost of each procedure code (90 days). */
export async function consumableCost(ctx: DashboardContext): Promise<DashboardData<'cost-of-consumable-inventory'>> {
  const months = lastMonths(ctx.date);
  const from = startOfDay(`${months[0]}-01`, ctx.timeZone);
  const costs = await rows<{ month: number; cost: string }>(
    ctx.db,
    sql`select ${monthIndex(ctx, sql`occurred_at`, months)} as month, ${dec(sql`-sum(quantity * unit_cost)`)} as cost
        from stock_movements where dental_practice_id = ${ctx.practiceId} and type = 'consume' and occurred_at >= ${from} and occurred_at < ${ctx.cutoff}
        group by 1`,
  );
  const counts = await rows<{ month: number; n: number }>(
    ctx.db,
    sql`select ${monthIndex(ctx, sql`performed_at`, months)} as month, count(*)::int as n
        from procedures where dental_practice_id = ${ctx.practiceId} and status = 'completed' and performed_at >= ${from} and performed_at < ${ctx.cutoff}
        group by 1`,
  );
  const cost = new Map(costs.map((r) => [Number(r.month), r.cost]));
  const count = new Map(counts.map((r) => [Number(r.month), Number(r.n)]));
  const perCode = await rows<{ procedure_code_id: string; code: string; name: string; procedures: number; average_cost: string; total_cost: string }>(
    ctx.db,
    sql`select d.procedure_code_id, c.code, c.name, count(*)::int as procedures, ${dec(sql`avg(d.cost)`)} as average_cost, ${dec(sql`sum(d.cost)`)} as total_cost
        from (
          select p.id, p.procedure_code_id, coalesce(sum(i.cost), 0) as cost
          from procedures p left join procedure_items i on i.procedure_id = p.id
          where p.dental_practice_id = ${ctx.practiceId} and p.status = 'completed' and p.performed_at >= ${daysBefore(ctx, COST_PER_CODE_DAYS)} and p.performed_at < ${ctx.cutoff}
          group by p.id, p.procedure_code_id
        ) d join procedure_codes c on c.id = d.procedure_code_id
        group by d.procedure_code_id, c.code, c.name order by sum(d.cost) desc, d.procedure_code_id`,
  );
  return {
    by_month: months.map((month, i) => ({ month, cost: cost.get(i) ?? '0.0000', procedures: count.get(i) ?? 0 })),
    per_procedure_code: perCode.map((r) => ({ ...r, procedure_code_id: Number(r.procedure_code_id), procedures: Number(r.procedures) })),
  };
}
