import { sql, type SQL } from 'drizzle-orm';
import { toDecimal, type ReplacedStock } from '@enamel/contracts';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { PracticeContext } from '../practice-context/index.ts';
import { successionsInForceSql } from '../products/index.ts';
import { expiryStateSql, inventoryOnHandAt, lotQuantityAt } from '../stock/index.ts';
import { lotsWithWaste, wasteValue } from './expiry-waste.ts';
import { dec4 } from './order-suggestions.list.ts';

/**
 * The usable stock of the replaced products (docs/product-rules.md#succession): every active inventory of the
 * practice whose product is replaced at the context's date, with the product that takes its demand, the factor to
 * that product's usage units and what is usable of it at the context's moment — on hand less the lots already past
 * their expiry day (a lot is good up to and including it), never below zero. A query to select from.
 */
export function replacedStockSql(ctx: PracticeContext): SQL {
  const lotQuantity = ctx.date === ctx.today ? sql`l.quantity` : lotQuantityAt(ctx);
  return sql`
    select i.id as inventory_id, i.product_id as replaced_id, f.successor_id, f.factor,
           greatest(${inventoryOnHandAt(ctx)}
                    - coalesce((select sum(${lotQuantity}) from lots l where l.inventory_id = i.id and ${expiryStateSql(sql`l.expiry_date`, sql`${ctx.date}::date`, sql`0`)} = 'expired'), 0), 0)::float8 as usable
    from inventories i
    join (${successionsInForceSql(ctx.date)}) f on f.replaced_id = i.product_id
    where i.dental_practice_id = ${ctx.practiceId} and i.status = 'active'`;
}

const replacedRow = sqlRow({
  inventory_id: sqlCol.int,
  product_id: sqlCol.int,
  product_name: sqlCol.text,
  sku: sqlCol.text,
  usage_unit: sqlCol.text,
  succession_date: sqlCol.text,
  successor_id: sqlCol.int,
  successor_name: sqlCol.text,
  successor_usage_unit: sqlCol.text,
  factor: sqlCol.number,
  usable: sqlCol.number,
});

export interface ReplacedStockRow {
  inventoryId: number;
  productId: number;
  productName: string;
  sku: string;
  usageUnit: string;
  successionDate: string;
  successorId: number;
  successorName: string;
  successorUsageUnit: string;
  /** Usage units of the successor one usage unit of the replaced product equals. */
  factor: number;
  /** Usable stock, in the replaced product's usage units. */
  usable: number;
}

/**
 * The replaced products with usable stock in the practice (`successorIds`: only those whose stock goes to one of
 * these successors). Ordered by successor, then product name.
 */
export async function replacedStockRows(ctx: PracticeContext, successorIds?: readonly number[]): Promise<ReplacedStockRow[]> {
  if (successorIds && successorIds.length === 0) return [];
  const only = successorIds ? sql` and r.successor_id in (select x::bigint from jsonb_array_elements_text(${JSON.stringify(successorIds)}::jsonb) x)` : sql``;
  const found = await rowsOf(
    ctx.db,
    replacedRow,
    sql`select r.inventory_id, p.id as product_id, p.name as product_name, p.sku, p.usage_unit, to_char(p.succession_date, 'YYYY-MM-DD') as succession_date,
               s.id as successor_id, s.name as successor_name, s.usage_unit as successor_usage_unit, r.factor, r.usable
        from (${replacedStockSql(ctx)}) r
        join products p on p.id = r.replaced_id
        join products s on s.id = r.successor_id
        where r.usable > 0${only}
        order by s.id, p.name, p.id`,
  );
  return found.map((r) => ({
    inventoryId: r.inventory_id,
    productId: r.product_id,
    productName: r.product_name,
    sku: r.sku,
    usageUnit: r.usage_unit,
    successionDate: r.succession_date,
    successorId: r.successor_id,
    successorName: r.successor_name,
    successorUsageUnit: r.successor_usage_unit,
    factor: r.factor,
    usable: r.usable,
  }));
}

/**
 * What the order-suggestions screen warns of: each replaced product with usable stock, what it counts as in its
 * successor's suggestion, and what of it is expected to expire unused — its lots used first, FEFO, at the demand
 * of its successor (lotsWithWaste), valued at each lot's unit cost.
 */
export async function replacedStock(ctx: PracticeContext): Promise<ReplacedStock> {
  const rows = await replacedStockRows(ctx);
  const ids = rows.map((r) => r.productId);
  const lots = ids.length ? await lotsWithWaste(ctx, sql`i.product_id in (select x::bigint from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb) x)`) : [];
  let total = toDecimal(0);
  const products = rows.map((r) => {
    let waste = 0;
    let value = toDecimal(0);
    for (const l of lots) {
      if (l.inventoryId !== r.inventoryId || l.expectedWaste <= 1e-6) continue;
      waste += l.expectedWaste;
      value = value.plus(wasteValue(l));
    }
    total = total.plus(value);
    return {
      inventory_id: r.inventoryId,
      product_id: r.productId,
      product_name: r.productName,
      sku: r.sku,
      usage_unit: r.usageUnit,
      succession_date: r.successionDate,
      successor_id: r.successorId,
      successor_name: r.successorName,
      successor_usage_unit: r.successorUsageUnit,
      factor: (Math.round(r.factor * 1e6) / 1e6).toFixed(6),
      usable: dec4(r.usable),
      counts_as: dec4(r.usable * r.factor),
      expected_waste: dec4(waste),
      expected_waste_value: value.toFixed(4),
    };
  });
  return { forecast_date: ctx.date, currency: ctx.currency, total_value: total.toFixed(2), products };
}
