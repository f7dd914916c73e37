import { sql } from 'drizzle-orm';
import { cumulativeMoments, qnorm } from '@enamel/forecast';
import type { DashboardData } from '@enamel/contracts';
import { rows } from '@enamel/db';
import type { DashboardContext } from '../dashboard-context.ts';
import { addDays } from '../../forecasts/forecast-series.ts';
import { labels, onHandByProduct, runSeries } from './run-series.ts';
import { dec } from './stock-sql.ts';

export const CRITICAL_DAYS = 30;

/**
 * The next 30 days: products whose forecast demand plus safety stock (at the practice's service level) exceeds
 * what is on hand — each forecast week spread evenly over its seven days — and lots expiring within the
 * practice's warning days.
 */
export async function criticalItems(ctx: DashboardContext): Promise<DashboardData<'upcoming-month-critical-items-data'>> {
  const z = qnorm(ctx.settings.serviceLevel);
  const series = await runSeries(ctx, 'product');
  const stock = await onHandByProduct(ctx);
  const short = series.flatMap((s) => {
    const { mean, variance } = cumulativeMoments({ mean: s.mean, sd: s.sd, distribution: s.distribution as 'normal' | 'count' }, CRITICAL_DAYS / 7);
    const safety = z * Math.sqrt(variance);
    const onHand = stock.get(s.refId) ?? 0;
    const shortfall = mean + safety - onHand;
    return shortfall > 1e-9 && mean > 0 ? [{ product_id: s.refId, on_hand: onHand, demand: mean, safety_stock: safety, shortfall }] : [];
  });
  short.sort((a, b) => b.shortfall / Math.max(a.demand, 1e-9) - a.shortfall / Math.max(b.demand, 1e-9) || b.shortfall - a.shortfall);
  const names = await labels(ctx, 'product', short.map((s) => s.product_id));
  const round = (x: number) => Math.round(x * 100) / 100;
  const expiring = await rows<{ lot_id: string; product_id: string; inventory_id: string; name: string; usage_unit: string; lot_number: string | null; expiry_date: string; quantity: string; value: string }>(
    ctx.db,
    sql`select * from (
          select l.id as lot_id, i.product_id, i.id as inventory_id, p.name, p.usage_unit, l.lot_number, to_char(l.expiry_date, 'YYYY-MM-DD') as expiry_date,
                 ${dec(sql`(select sum(m.quantity) from stock_movements m where m.lot_id = l.id and m.occurred_at < ${ctx.cutoff})`)} as quantity,
                 ${dec(sql`(select sum(m.quantity) * l.unit_cost from stock_movements m where m.lot_id = l.id and m.occurred_at < ${ctx.cutoff})`)} as value
          from lots l join inventories i on i.id = l.inventory_id join products p on p.id = i.product_id
          where i.dental_practice_id = ${ctx.practiceId} and l.expiry_date >= ${ctx.date}::date and l.expiry_date < ${addDays(ctx.date, ctx.settings.expiryWarningDays)}::date
        ) x where x.quantity::numeric > 0 order by x.expiry_date, x.name`,
  );
  return {
    days: CRITICAL_DAYS,
    service_level: ctx.settings.serviceLevel,
    short: short.map((s) => ({ ...s, inventory_id: names.get(s.product_id)?.inventoryId ?? null, name: names.get(s.product_id)?.label ?? String(s.product_id), usage_unit: names.get(s.product_id)?.unit ?? '', demand: round(s.demand), safety_stock: round(s.safety_stock), shortfall: round(s.shortfall) })),
    expiring: expiring.map((r) => ({ ...r, lot_id: Number(r.lot_id), product_id: Number(r.product_id), inventory_id: Number(r.inventory_id) })),
  };
}
