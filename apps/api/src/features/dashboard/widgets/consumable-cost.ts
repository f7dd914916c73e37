import { sql } from 'drizzle-orm';
import type { DashboardData } from '@enamel/contracts';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../../core/sql-rows.ts';
import type { PracticeContext } from '../../practice-context/index.ts';
import { consumedCostByMonth, daysBefore, dec, lastMonths, monthIndex, startOfDay } from '../../stock/index.ts';
import { VALUE_MONTHS } from './inventory-value.ts';

export const COST_PER_CODE_DAYS = 90;

const countRow = sqlRow({ month: sqlCol.int, n: sqlCol.int });
const perCodeRow = sqlRow({ procedure_code_id: sqlCol.int, code: sqlCol.text, name: sqlCol.text, procedures: sqlCol.int, average_cost: sqlCol.decimal, total_cost: sqlCol.decimal });

/**
 * Consumable cost used per month (last twelve), and the average consumable cost of each procedure code (90 days):
 * each procedure's items are added up by an index probe of its own (lateral), so the read is as long as the 90
 * days, never a scan of every procedure item ever recorded.
 */
export async function consumableCost(ctx: PracticeContext): Promise<DashboardData<'cost-of-consumable-inventory'>> {
  const months = lastMonths(ctx.date, VALUE_MONTHS);
  const from = startOfDay(`${months[0]}-01`, ctx.timeZone);
  const cost = await consumedCostByMonth(ctx.db, ctx, months);
  const counts = await rowsOf(
    ctx.db,
    countRow,
    sql`select ${monthIndex(ctx.timeZone, sql`performed_at`, months)} as month, count(*)::int as n
        from procedures where dental_practice_id = ${ctx.practiceId} and status = 'completed' and performed_at >= ${from} and performed_at < ${ctx.cutoff}
        group by 1`,
  );
  const count = new Map(counts.map((r) => [r.month, r.n]));
  const perCode = await rowsOf(
    ctx.db,
    perCodeRow,
    sql`select d.procedure_code_id, c.code, c.name, count(*)::int as procedures, ${dec(sql`avg(d.cost)`)} as average_cost, ${dec(sql`sum(d.cost)`)} as total_cost
        from (
          select p.id, p.procedure_code_id, x.cost
          from procedures p cross join lateral (select coalesce(sum(i.cost), 0) as cost from procedure_items i where i.procedure_id = p.id) x
          where p.dental_practice_id = ${ctx.practiceId} and p.status = 'completed' and p.performed_at >= ${daysBefore(ctx, COST_PER_CODE_DAYS)} and p.performed_at < ${ctx.cutoff}
        ) d join procedure_codes c on c.id = d.procedure_code_id
        group by d.procedure_code_id, c.code, c.name order by sum(d.cost) desc, d.procedure_code_id`,
  );
  return {
    by_month: months.map((month, i) => ({ month, cost: cost.get(i) ?? '0.0000', procedures: count.get(i) ?? 0 })),
    per_procedure_code: perCode,
  };
}
