import { sql } from 'drizzle-orm';
import type { DashboardData } from '@enamel/contracts';
import { rows } from '@enamel/db';
import type { DashboardContext } from '../dashboard-context.ts';
import { daysBefore, dec } from './stock-sql.ts';

export const MOST_USED_DAYS = 90;
export const MOST_USED_LIMIT = 10;

/** The products consumed most in the 90 days before the date (quantity in usage units) and what they cost. */
export async function mostUsedItems(ctx: DashboardContext): Promise<DashboardData<'most-frequently-used-items'>> {
  const items = await rows<{ product_id: string; name: string; usage_unit: string; quantity: string; cost: string }>(
    ctx.db,
    sql`select m.product_id, p.name, p.usage_unit, ${dec(sql`-sum(m.quantity)`)} as quantity, ${dec(sql`-sum(m.quantity * m.unit_cost)`)} as cost
        from stock_movements m join products p on p.id = m.product_id
        where m.dental_practice_id = ${ctx.practiceId} and m.type = 'consume' and m.occurred_at >= ${daysBefore(ctx, MOST_USED_DAYS)} and m.occurred_at < ${ctx.cutoff}
        group by m.product_id, p.name, p.usage_unit having sum(m.quantity) < 0
        order by -sum(m.quantity) desc, m.product_id limit ${MOST_USED_LIMIT}`,
  );
  return { days: MOST_USED_DAYS, items: items.map((r) => ({ ...r, product_id: Number(r.product_id) })) };
}
