import { sql } from 'drizzle-orm';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { consumedBetween, type Tx } from '../stock/index.ts';

/** Days between two counts of a product by its ABC class (docs/stock-takes.md#cycle-counts). */
export const CYCLE_INTERVAL_DAYS = { A: 30, B: 90, C: 180 } as const;

const stockedRow = sqlRow({ inventory_id: sqlCol.int, product_id: sqlCol.int });

/** The practice's active inventories of active products, `where` narrowing them (a category). */
export async function stockedProducts(tx: Tx, practiceId: number, where = sql``) {
  return rowsOf(
    tx,
    stockedRow,
    sql`select i.id as inventory_id, i.product_id from inventories i join products p on p.id = i.product_id
        where i.dental_practice_id = ${practiceId} and i.status = 'active' and p.status = 'active' ${where} order by i.product_id`,
  );
}

/**
 * A cycle count's products: ABC classes by consumption value over the last 12 months (A: the products making the first
 * 80 % of it, B: the next 15 %, C: the rest and the unused), then the `size` products most overdue — days since their
 * last approved count over their class's interval (30, 90, 180 days); never counted first, A before B before C.
 */
export async function cycleSelection(tx: Tx, practiceId: number, size: number) {
  const used = consumedBetween({ practiceId, from: sql`now() - interval '365 days'`, to: sql`now()` });
  return rowsOf(
    tx,
    stockedRow,
    sql`with stocked as (
          select i.id as inventory_id, i.product_id from inventories i join products p on p.id = i.product_id
          where i.dental_practice_id = ${practiceId} and i.status = 'active' and p.status = 'active'
        ),
        valued as (
          select s.inventory_id, s.product_id, greatest(coalesce(u.cost, 0), 0) as cost from stocked s left join (${used}) u on u.product_id = s.product_id
        ),
        ranked as (
          select v.*, sum(cost) over (order by cost desc, product_id rows between unbounded preceding and current row) - cost as before, sum(cost) over () as total from valued v
        ),
        classed as (
          select inventory_id, product_id,
            case when cost > 0 and before < 0.80 * total then ${CYCLE_INTERVAL_DAYS.A}::int when cost > 0 and before < 0.95 * total then ${CYCLE_INTERVAL_DAYS.B}::int else ${CYCLE_INTERVAL_DAYS.C}::int end as interval_days
          from ranked
        ),
        last_counted as (
          select l.product_id, max(t.approved_at) as at from stock_take_lines l join stock_takes t on t.id = l.stock_take_id
          where t.dental_practice_id = ${practiceId} and t.status = 'approved' and l.variance is not null group by l.product_id
        )
        select c.inventory_id, c.product_id from classed c left join last_counted lc on lc.product_id = c.product_id
        order by lc.at is null desc, extract(epoch from (now() - lc.at)) / 86400 / c.interval_days desc nulls first, c.interval_days, c.product_id
        limit ${size}`,
  );
}
