import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@enamel/db';
import { dayFigures } from './daily-totals.ts';

export interface LedgerDifference {
  dental_practice_id: number;
  practice: string;
  product_id: number;
  product: string;
  /**
   * `inventory` when on-hand differs from the sum of the product's movements, `lot` for one lot, `location` for
   * movements of a lot recorded at another storage location than the lot's (recorded 0 there, movements their sum),
   * `day` when a rollup of a local day (ledger_day_totals) differs from that day's movements, `month` when a rollup
   * of a local month (ledger_month_totals) differs from that month's movements.
   */
  scope: 'inventory' | 'lot' | 'location' | 'day' | 'month';
  lot_number: string | null;
  /** The practice's local day of a `day` difference; the first day of the month of a `month` difference. */
  day: string | null;
  /**
   * Which figure of the day's rollup differs (`consumed_quantity`, `net_value`, …, `closing_quantity` and
   * `closing_value` for the day's checkpoint; `movement_count` for a missing or extra row); the name of the location
   * the movements of a `location` difference were recorded at.
   */
  measure: string | null;
  recorded: string;
  movements: string;
}

/**
 * The rollup figures as the ledger gives them, per practice, product and local day (migration 0019's definition),
 * with the day's closing stock and value (migration 0021: Σ of every movement of the product up to that day's end).
 */
const rollupsFromLedger = sql`
  select d.*, sum(d.net_quantity) over w as closing_quantity, sum(d.net_value) over w as closing_value
  from (
    select m.dental_practice_id, m.product_id, (m.occurred_at at time zone p.time_zone)::date as day, ${dayFigures}
    from stock_movements m join dental_practices p on p.id = m.dental_practice_id
    group by 1, 2, 3
  ) d
  window w as (partition by d.dental_practice_id, d.product_id order by d.day)`;

/** The monthly rollup figures as the ledger gives them (migration 0034), per practice, product and local month (its first day). */
const monthRollupsFromLedger = sql`
  select m.dental_practice_id, m.product_id, date_trunc('month', (m.occurred_at at time zone p.time_zone)::date::timestamp)::date as month, ${dayFigures}
  from stock_movements m join dental_practices p on p.id = m.dental_practice_id
  group by 1, 2, 3`;

/** The figures both rollups keep (the day's adds its closing stock and value); the counts are integers. */
const ROLLUP_MEASURES = ['movement_count', 'consumed_quantity', 'consumed_cost', 'consumed_count', 'received_value', 'net_quantity', 'net_value'];
const COUNTS = new Set(['movement_count', 'consumed_count']);

/**
 * A rollup table (keyed by practice, product and `day` or `month`) against the same figures from the ledger, figure by
 * figure and in both directions (a row missing on either side shows as a `movement_count` difference).
 */
function rollupDifferences(scope: 'day' | 'month', table: SQL, fromLedger: SQL, measures: readonly string[]): SQL {
  const key = sql.raw(scope);
  const figure = (side: 'r' | 'e', m: string) => `coalesce(c.${side}_${m}, 0)${COUNTS.has(m) ? '::numeric' : ''}`;
  const columns = sql.raw(measures.map((m) => `r.${m} as r_${m}, e.${m} as e_${m}`).join(', '));
  const values = sql.raw(measures.map((m) => `('${m}', ${figure('r', m)}, ${figure('e', m)})`).join(', '));
  return sql`select c.dental_practice_id, dp.name, c.product_id, p.name, ${sql.raw(`'${scope}'`)}, null, c.${key}, f.measure, f.recorded, f.movements
        from (select coalesce(r.dental_practice_id, e.dental_practice_id) as dental_practice_id, coalesce(r.product_id, e.product_id) as product_id,
                     coalesce(r.${key}, e.${key}) as ${key}, ${columns}
                from ${table} r full join (${fromLedger}) e
                  on e.dental_practice_id = r.dental_practice_id and e.product_id = r.product_id and e.${key} = r.${key}) c
        cross join lateral (values ${values}) f(measure, recorded, movements)
        join dental_practices dp on dp.id = c.dental_practice_id
        join products p on p.id = c.product_id
       where f.recorded <> f.movements or (c.r_movement_count is null) <> (c.e_movement_count is null) and f.measure = 'movement_count'`;
}

/**
 * For every practice and product: on hand must equal the sum of its movements, every lot's quantity the sum of
 * the movements on that lot, and every movement of a lot be recorded at the lot's location (so the stock at each
 * storage location, Σ of its lots there, equals the movements recorded there), every day's rollup (ledger_day_totals) the movements of that local day (its
 * closing stock and value: every movement of the product up to that day's end), and every month's rollup (ledger_month_totals) the movements of that
 * local month, every row compared figure by
 * figure, in both directions. Returns each difference (none when the ledger holds).
 */
export async function findLedgerDifferences(db: Database): Promise<LedgerDifference[]> {
  const rows = await db
    .select({
      dental_practice_id: sql<number>`d.dental_practice_id::int`,
      practice: sql<string>`d.practice`,
      product_id: sql<number>`d.product_id::int`,
      product: sql<string>`d.product`,
      scope: sql<'inventory' | 'lot' | 'location' | 'day' | 'month'>`d.scope`,
      lot_number: sql<string | null>`d.lot_number`,
      day: sql<string | null>`d.day::text`,
      measure: sql<string | null>`d.measure`,
      recorded: sql<string>`d.recorded::text`,
      movements: sql<string>`d.movements::text`,
    })
    .from(sql`(
      select i.dental_practice_id, dp.name as practice, i.product_id, p.name as product, 'inventory' as scope, null::varchar as lot_number,
             null::date as day, null::text as measure, i.on_hand::numeric as recorded, coalesce(m.total, 0)::numeric as movements
        from inventories i
        join dental_practices dp on dp.id = i.dental_practice_id
        join products p on p.id = i.product_id
        left join (select inventory_id, sum(quantity) as total from stock_movements group by inventory_id) m on m.inventory_id = i.id
       where i.on_hand <> coalesce(m.total, 0)
      union all
      select i.dental_practice_id, dp.name, i.product_id, p.name, 'lot', l.lot_number, null, null, l.quantity, coalesce(m.total, 0)
        from lots l
        join inventories i on i.id = l.inventory_id
        join dental_practices dp on dp.id = i.dental_practice_id
        join products p on p.id = i.product_id
        left join (select lot_id, sum(quantity) as total from stock_movements group by lot_id) m on m.lot_id = l.id
       where l.quantity <> coalesce(m.total, 0)
      union all
      select i.dental_practice_id, dp.name, i.product_id, p.name, 'location', l.lot_number, null, coalesce(s.name, '-'), 0, m.total
        from (select lot_id, location_id, sum(quantity) as total from stock_movements where lot_id is not null group by 1, 2) m
        join lots l on l.id = m.lot_id
        join inventories i on i.id = l.inventory_id
        join dental_practices dp on dp.id = i.dental_practice_id
        join products p on p.id = i.product_id
        left join storage_locations s on s.id = m.location_id
       where m.location_id is distinct from l.location_id
      union all
      ${rollupDifferences('day', sql`ledger_day_totals`, rollupsFromLedger, [...ROLLUP_MEASURES, 'closing_quantity', 'closing_value'])}
      union all
      ${rollupDifferences('month', sql`ledger_month_totals`, monthRollupsFromLedger, ROLLUP_MEASURES)}
    ) as d`)
    .orderBy(sql`d.practice`, sql`d.product`, sql`d.scope`, sql`d.day`, sql`d.measure`);
  return rows;
}
