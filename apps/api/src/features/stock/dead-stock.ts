import { sql } from 'drizzle-orm';
import { addDays, toDecimal } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { daysUpTo } from './daily-totals.ts';
import { dec, type StockMoment } from './moment.ts';
import { stockAt } from './on-hand.ts';

const deadRow = sqlRow({
  product_id: sqlCol.int, inventory_id: sqlCol.int.nullable(), name: sqlCol.text, usage_unit: sqlCol.text, on_hand: sqlCol.decimal, value: sqlCol.decimal, last_used: sqlCol.text.nullable(),
});

/**
 * Stock nobody used for `days`: products on hand at the moment, stocked for at least that long, with no
 * consumption in that time, and the value they tie up (at lot cost), largest first. First movement and last use are
 * local days of the rollups: before the window's first day means before its start.
 */
export async function deadStock(db: Pick<Database, 'execute'>, m: StockMoment, days: number) {
  const since = addDays(m.date, -days);
  const items = await rowsOf(
    db,
    deadRow,
    sql`with stock as (${stockAt(m)}),
        activity as (
          select product_id, min(day) as first_moved, max(day) filter (where consumed_count > 0) as last_used from (${daysUpTo(m, null)}) d group by product_id
        )
        select s.product_id, (select i.id from inventories i where i.product_id = s.product_id and i.dental_practice_id = ${m.practiceId}) as inventory_id, p.name, p.usage_unit, ${dec(sql`s.on_hand`)} as on_hand, ${dec(sql`s.value`)} as value,
               to_char(a.last_used, 'YYYY-MM-DD') as last_used
        from stock s join activity a using (product_id) join products p on p.id = s.product_id
        where s.on_hand > 0 and a.first_moved < ${since}::date and (a.last_used is null or a.last_used < ${since}::date)
        order by s.value desc, s.product_id`,
  );
  return { days, totalValue: items.reduce((sum, r) => sum.plus(r.value), toDecimal(0)).toFixed(4), items };
}
