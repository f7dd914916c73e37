import { sql } from 'drizzle-orm';
import { addMonths, dayIn, type Decimal } from '@enamel/contracts';
import { rowsOf, stockOutDays, type Database } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Tx } from '../../core/transaction.ts';

/**
 * Stock-out days (docs/product-rules.md): a day a product had demand it could not serve from stock. A procedure's
 * shortfall is recorded by the ledger as it consumes (in its transaction); zero on hand while the stored forecast
 * expects demand is recorded by the daily stock-alerts job. One row per inventory and day: a shortfall wins over
 * zero on hand, and several shortfalls of a day add up.
 */

/** Records a consumption's unserved quantity on the practice's day of the movement (inside the ledger's transaction). */
export async function recordShortfall(tx: Tx, input: { practiceId: number; inventoryId: number; productId: number; occurredAt: Date | undefined; short: Decimal }): Promise<void> {
  const { timeZone } = await lockActivePractice(tx, input.practiceId);
  const day = dayIn(timeZone, input.occurredAt ?? new Date());
  await tx
    .insert(stockOutDays)
    .values({ dentalPracticeId: input.practiceId, inventoryId: input.inventoryId, productId: input.productId, day, kind: 'shortfall', shortQuantity: input.short.toFixed(4) })
    .onConflictDoUpdate({
      target: [stockOutDays.inventoryId, stockOutDays.day],
      set: { kind: 'shortfall', shortQuantity: sql`${stockOutDays.shortQuantity} + excluded.short_quantity` },
    });
}

const addedRow = sqlRow({ inventory_id: sqlCol.int });

/**
 * Records `day` as a stock-out day of every active inventory of the practice with nothing on hand whose latest
 * stored forecast (a succeeded run dated on or before the day) expects demand in its first week. A day already
 * recorded stays as it is, so running it again the same day adds nothing. Returns how many days were added.
 */
export async function recordStockOuts(db: Pick<Database, 'execute'>, practiceId: number, day: string): Promise<number> {
  const run = sql`(select id from forecast_runs where dental_practice_id = ${practiceId} and status = 'succeeded' and forecast_date <= ${day}::date
                   order by forecast_date desc, finished_at desc nulls last, id desc limit 1)`;
  const added = await rowsOf(
    db,
    addedRow,
    sql`insert into stock_out_days (dental_practice_id, inventory_id, product_id, day, kind)
        select i.dental_practice_id, i.id, i.product_id, ${day}::date, 'zero_on_hand'
        from inventories i join forecast_series fs on fs.run_id = ${run} and fs.kind = 'product' and fs.ref_id = i.product_id
        where i.dental_practice_id = ${practiceId} and i.status = 'active' and i.on_hand <= 0 and coalesce((fs.mean->>0)::numeric, 0) > 0
        on conflict (inventory_id, day) do nothing
        returning inventory_id`,
  );
  return added.length;
}

/** Stock-out days (distinct products and days) of a practice in a month (YYYY-MM), both kinds. */
export async function stockOutCount(db: Pick<Database, 'execute'>, practiceId: number, month: string): Promise<{ days: number; products: number }> {
  const [row] = await rowsOf(
    db,
    sqlRow({ days: sqlCol.int, products: sqlCol.int }),
    sql`select count(*)::int as days, count(distinct product_id)::int as products from stock_out_days
        where dental_practice_id = ${practiceId} and day >= ${`${month}-01`}::date and day < ${addMonths(`${month}-01`, 1)}::date`,
  );
  return { days: row?.days ?? 0, products: row?.products ?? 0 };
}
