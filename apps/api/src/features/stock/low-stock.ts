import { sql } from 'drizzle-orm';
import { roundUpDecimal, toDecimal, type DecimalInput } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { inventoryEffectiveLevelsSql } from './levels.ts';
import { dec, type StockMoment } from './moment.ts';
import { inventoryOnHandAt } from './on-hand.ts';

/**
 * The order that brings stock back up to par (or to the reorder point when par is lower): in usage units (exact
 * text) and in whole purchase units (rounded up).
 */
export function orderQuantity(input: { onHand: DecimalInput; reorderPoint: DecimalInput; parLevel: DecimalInput; unitsPerPurchaseUnit: number }) {
  const target = toDecimal(input.parLevel).gt(input.reorderPoint) ? toDecimal(input.parLevel) : toDecimal(input.reorderPoint);
  const order = target.minus(input.onHand);
  return { usageUnits: order.toFixed(4), purchaseUnits: Number(roundUpDecimal(order.div(input.unitsPerPurchaseUnit))) };
}

const lowRow = sqlRow({
  inventory_id: sqlCol.int, product_id: sqlCol.int, name: sqlCol.text, usage_unit: sqlCol.text, purchase_unit: sqlCol.text, units_per_purchase_unit: sqlCol.int,
  brand: sqlCol.text.nullable(), on_hand: sqlCol.decimal, reorder_point: sqlCol.decimal, par_level: sqlCol.decimal,
});

const effective = inventoryEffectiveLevelsSql('i');

/**
 * Active inventories at or below their reorder point at the moment (a reorder point of 0 means "not managed"),
 * lowest share of it first, with the order up to par. The reorder point and par are the effective levels
 * (levels.ts: the policy mode, forecast levels with the typed floor). The low-stock widget, the reorder report and
 * the low-stock alert read these same rows.
 */
export async function lowStockRows(db: Pick<Database, 'execute'>, m: StockMoment) {
  const found = await rowsOf(
    db,
    lowRow,
    sql`select * from (
          select i.id as inventory_id, i.product_id, p.name, p.usage_unit, p.purchase_unit, p.units_per_purchase_unit, b.name as brand,
                 ${dec(inventoryOnHandAt(m))} as on_hand, ${dec(effective.reorderPoint)} as reorder_point, ${dec(effective.orderUpTo)} as par_level
          from inventories i join products p on p.id = i.product_id left join brands b on b.id = p.brand_id
          where i.dental_practice_id = ${m.practiceId} and i.status = 'active'
        ) x where x.reorder_point::numeric > 0 and x.on_hand::numeric <= x.reorder_point::numeric
        order by (x.on_hand::numeric / nullif(x.reorder_point::numeric, 0)), x.name`,
  );
  return found.map((r) => {
    const order = orderQuantity({ onHand: r.on_hand, reorderPoint: r.reorder_point, parLevel: r.par_level, unitsPerPurchaseUnit: r.units_per_purchase_unit });
    return { ...r, order_usage_units: order.usageUnits, order_purchase_units: order.purchaseUnits };
  });
}
