import { sql } from 'drizzle-orm';
import { toDecimal } from '@enamel/contracts';
import type { DashboardData } from '@enamel/contracts';
import { rows } from '@enamel/db';
import type { DashboardContext } from '../dashboard-context.ts';
import { dec, monthIndex, stockAtCutoff } from './stock-sql.ts';

export const VALUE_MONTHS = 12;

/** The twelve months ending with the date's month, oldest first ('YYYY-MM'). */
export function lastMonths(date: string, n = VALUE_MONTHS): string[] {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/** Stock value at the date (lot cost), by category, and at each of the last twelve month ends. */
export async function inventoryValue(ctx: DashboardContext): Promise<DashboardData<'inventory-value-data'>> {
  const byCategory = await rows<{ category: string | null; value: string }>(
    ctx.db,
    sql`with stock as (${stockAtCutoff(ctx)})
        select c.name as category, ${dec(sql`sum(s.value)`)} as value
        from stock s join products p on p.id = s.product_id left join categories c on c.id = p.category_id
        group by c.name having sum(s.value) <> 0 order by sum(s.value) desc`,
  );
  const months = lastMonths(ctx.date);
  // Value moved per month, then summed up month by month from what was there before the first.
  const moved = await rows<{ month: number; value: string }>(
    ctx.db,
    sql`select ${monthIndex(ctx, sql`occurred_at`, months)} as month, ${dec(sql`sum(quantity * unit_cost)`)} as value
        from stock_movements where dental_practice_id = ${ctx.practiceId} and occurred_at < ${ctx.cutoff}
        group by 1`,
  );
  const byMonth = new Map(moved.map((r) => [Number(r.month), toDecimal(r.value)]));
  let running = byMonth.get(-1) ?? toDecimal(0);
  const monthEnd = months.map((month, i) => {
    running = running.plus(byMonth.get(i) ?? 0);
    return { month, value: running.toFixed(4) };
  });
  const total = byCategory.reduce((sum, r) => sum.plus(r.value), toDecimal(0));
  return { total: total.toFixed(4), by_category: byCategory, month_end: monthEnd };
}
