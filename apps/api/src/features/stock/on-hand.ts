import { sql, type SQL } from 'drizzle-orm';
import { toDecimal } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { stockBefore, summedUpTo } from './daily-totals.ts';
import { cutoffOf, dec, type StockMoment } from './moment.ts';

type Db = Pick<Database, 'execute'>;

/**
 * Each product's stock and its value at the moment (lot cost), as a query to select from (product_id, on_hand,
 * value). Today reads the ledger's caches (inventories' on hand, lots' quantity × cost: what the inventory list
 * shows); a past date the ledger's sums before it (Σ quantity, Σ quantity × the cost of the lot it moved at), from
 * the rollups' day-end checkpoint (one row per product).
 */
export const stockAt = (m: StockMoment): SQL =>
  m.date === m.today
    ? sql`
  select i.product_id, i.on_hand, coalesce((select sum(l.quantity * l.unit_cost) from lots l where l.inventory_id = i.id), 0) as value
  from inventories i where i.dental_practice_id = ${m.practiceId}`
    : stockBefore(m.practiceId, m.timeZone, m.date);

/** An inventory's (`i`) on hand at the moment: its cached on hand today, the ledger's sum up to a past date. */
export const inventoryOnHandAt = (m: StockMoment): SQL =>
  m.date === m.today ? sql`i.on_hand` : sql`coalesce((select sum(sm.quantity) from stock_movements sm where sm.inventory_id = i.id and sm.occurred_at < ${cutoffOf(m)}), 0)`;

/** A lot's (`l`) quantity at the moment, from the ledger (0 when nothing moved yet). */
export const lotQuantityAt = (m: StockMoment): SQL => sql`coalesce((select sum(sm.quantity) from stock_movements sm where sm.lot_id = l.id and sm.occurred_at < ${cutoffOf(m)}), 0)`;

const onHandRow = sqlRow({ product_id: sqlCol.int, on_hand: sqlCol.number });

/** Stock on hand per product at the moment (numbers, for the forecast maths). */
export async function onHandByProduct(db: Db, m: StockMoment): Promise<Map<number, number>> {
  const found = await rowsOf(db, onHandRow, sql`select product_id, on_hand from (${stockAt(m)}) s`);
  return new Map(found.map((r) => [r.product_id, r.on_hand]));
}

const categoryValueRow = sqlRow({ category: sqlCol.text.nullable(), value: sqlCol.decimal });

/** Stock value at the moment (lot cost) per category, largest first; categories worth nothing are left out. */
export async function valueByCategory(db: Db, m: StockMoment) {
  return rowsOf(
    db,
    categoryValueRow,
    sql`with stock as (${stockAt(m)})
        select c.name as category, ${dec(sql`sum(s.value)`)} as value
        from stock s join products p on p.id = s.product_id left join categories c on c.id = p.category_id
        group by c.name having sum(s.value) <> 0 order by sum(s.value) desc`,
  );
}

const movedRow = sqlRow({ month: sqlCol.int, value: sqlCol.decimal });

/**
 * Stock value at the end of each month (YYYY-MM, oldest first; the last one ends at the moment): the value before
 * the first month (the rollups' checkpoint) plus the value moved per month, from the rollups' days (today's
 * movements until now from the ledger).
 */
export async function valueAtMonthEnds(db: Db, m: StockMoment, months: string[]): Promise<Array<{ month: string; value: string }>> {
  const moved = await rowsOf(
    db,
    movedRow,
    sql`select -1 as month, ${dec(sql`sum(value)`)} as value from (${stockBefore(m.practiceId, m.timeZone, `${months[0]}-01`)}) b
        union all
        select bucket as month, ${dec(sql`net_value`)} as value from (${summedUpTo(m, `${months[0]}-01`, { months }, ['net_value'])}) d`,
  );
  const byMonth = new Map(moved.map((r) => [r.month, toDecimal(r.value)]));
  let running = byMonth.get(-1) ?? toDecimal(0);
  return months.map((month, i) => {
    running = running.plus(byMonth.get(i) ?? 0);
    return { month, value: running.toFixed(4) };
  });
}
