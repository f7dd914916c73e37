import { sql } from 'drizzle-orm';
import { addDays, toDecimal } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { daysOfUseBefore, summedUpTo } from './daily-totals.ts';
import { dec, type StockMoment } from './moment.ts';
import { stockAt } from './on-hand.ts';

const deadRow = sqlRow({
  product_id: sqlCol.int, inventory_id: sqlCol.int.nullable(), name: sqlCol.text, usage_unit: sqlCol.text, on_hand: sqlCol.decimal, value: sqlCol.decimal, last_used: sqlCol.text.nullable(),
});

/**
 * Stock nobody used for `days`: products on hand at the moment, stocked for at least that long, with no
 * consumption in that time, and the value they tie up (at lot cost), largest first. First movement and last use are
 * local days of the rollups: before the window's first day means before its start. The window's days are read
 * whole; before it, each product's first movement and last use are one index probe each (never the whole history).
 * Each part is worked out once (materialized): the planner cannot tell how many products the probes find.
 */
export async function deadStock(db: Pick<Database, 'execute'>, m: StockMoment, days: number) {
  const since = addDays(m.date, -days);
  const items = await rowsOf(
    db,
    deadRow,
    sql`with stock as materialized (${stockAt(m)}),
        used as materialized (select bucket as product_id from (${summedUpTo(m, since, 'product', ['consumed_count'])}) d where consumed_count > 0),
        before as materialized (${daysOfUseBefore(m.practiceId, m.timeZone, since)})
        select s.product_id, (select i.id from inventories i where i.product_id = s.product_id and i.dental_practice_id = ${m.practiceId}) as inventory_id, p.name, p.usage_unit, ${dec(sql`s.on_hand`)} as on_hand, ${dec(sql`s.value`)} as value,
               to_char(a.last_used, 'YYYY-MM-DD') as last_used
        from stock s join before a using (product_id) join products p on p.id = s.product_id
        where s.on_hand > 0 and not exists (select 1 from used u where u.product_id = s.product_id)
        order by s.value desc, s.product_id`,
  );
  return { days, totalValue: items.reduce((sum, r) => sum.plus(r.value), toDecimal(0)).toFixed(4), items };
}
