import { sql } from 'drizzle-orm';
import { toDecimal } from '@enamel/contracts';
import type { DashboardData } from '@enamel/contracts';
import { rows } from '@enamel/db';
import type { DashboardContext } from '../dashboard-context.ts';
import { daysBefore, dec, stockAtCutoff } from './stock-sql.ts';

/**
 * Stock nobody used for the practice's dead-stock days: products on hand at the date, stocked for at least
 * that long, with no consumption in that time, and the value they tie up (at lot cost).
 */
export async function deadStock(ctx: DashboardContext): Promise<DashboardData<'dead-stock-data'>> {
  const days = ctx.settings.deadStockDays;
  const since = daysBefore(ctx, days);
  const items = await rows<{ product_id: string; inventory_id: string | null; name: string; usage_unit: string; on_hand: string; value: string; last_used: string | null }>(
    ctx.db,
    sql`with stock as (${stockAtCutoff(ctx)}),
        activity as (
          select product_id, min(occurred_at) as first_moved, max(occurred_at) filter (where type = 'consume') as last_used
          from stock_movements where dental_practice_id = ${ctx.practiceId} and occurred_at < ${ctx.cutoff} group by product_id
        )
        select s.product_id, (select i.id from inventories i where i.product_id = s.product_id and i.dental_practice_id = ${ctx.practiceId}) as inventory_id, p.name, p.usage_unit, ${dec(sql`s.on_hand`)} as on_hand, ${dec(sql`s.value`)} as value,
               to_char(a.last_used at time zone ${ctx.timeZone}, 'YYYY-MM-DD') as last_used
        from stock s join activity a using (product_id) join products p on p.id = s.product_id
        where s.on_hand > 0 and a.first_moved < ${since} and (a.last_used is null or a.last_used < ${since})
        order by s.value desc, s.product_id`,
  );
  const total = items.reduce((sum, r) => sum.plus(r.value), toDecimal(0));
  return { days, total_value: total.toFixed(4), items: items.map((r) => ({ ...r, product_id: Number(r.product_id), inventory_id: r.inventory_id === null ? null : Number(r.inventory_id) })) };
}
