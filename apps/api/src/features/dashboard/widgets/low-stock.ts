import { sql } from 'drizzle-orm';
import { roundUpDecimal, toDecimal, type DashboardData } from '@enamel/contracts';
import { rows } from '@enamel/db';
import type { DashboardContext } from '../dashboard-context.ts';
import { dec } from './stock-sql.ts';

/**
 * Active inventories at or below their reorder point (a reorder point of 0 means "not managed"), with the
 * order that brings them back up to par (or to the reorder point when par is lower), in usage units and in
 * whole purchase units. Today reads the inventories' on-hand; a past date reads the ledger up to it.
 * The reorder report (issue 15) groups these same rows by brand.
 */
export async function lowStockRows(ctx: DashboardContext) {
  const onHand = ctx.date === ctx.today ? sql`i.on_hand` : sql`coalesce((select sum(m.quantity) from stock_movements m where m.inventory_id = i.id and m.occurred_at < ${ctx.cutoff}), 0)`;
  const found = await rows<{ inventory_id: string; product_id: string; name: string; usage_unit: string; purchase_unit: string; units_per_purchase_unit: number; brand: string | null; on_hand: string; reorder_point: string; par_level: string }>(
    ctx.db,
    sql`select * from (
          select i.id as inventory_id, i.product_id, p.name, p.usage_unit, p.purchase_unit, p.units_per_purchase_unit, b.name as brand,
                 ${dec(onHand)} as on_hand, ${dec(sql`i.reorder_point`)} as reorder_point, ${dec(sql`i.par_level`)} as par_level
          from inventories i join products p on p.id = i.product_id left join brands b on b.id = p.brand_id
          where i.dental_practice_id = ${ctx.practiceId} and i.status = 'active' and i.reorder_point > 0
        ) x where x.on_hand::numeric <= x.reorder_point::numeric
        order by (x.on_hand::numeric / nullif(x.reorder_point::numeric, 0)), x.name`,
  );
  return found.map((r) => {
    const target = toDecimal(r.par_level).gt(r.reorder_point) ? toDecimal(r.par_level) : toDecimal(r.reorder_point);
    const order = target.minus(r.on_hand);
    const perPack = Number(r.units_per_purchase_unit);
    return {
      inventory_id: Number(r.inventory_id),
      product_id: Number(r.product_id),
      name: r.name,
      brand: r.brand,
      usage_unit: r.usage_unit,
      purchase_unit: r.purchase_unit,
      units_per_purchase_unit: perPack,
      on_hand: r.on_hand,
      reorder_point: r.reorder_point,
      par_level: r.par_level,
      order_usage_units: order.toFixed(4),
      order_purchase_units: Number(roundUpDecimal(order.div(perPack))),
    };
  });
}

export async function lowStock(ctx: DashboardContext): Promise<DashboardData<'low-stock-data'>> {
  return { items: (await lowStockRows(ctx)).map(({ brand: _brand, ...item }) => item) };
}
