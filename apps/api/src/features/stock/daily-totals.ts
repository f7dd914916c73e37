import { sql, type SQL } from 'drizzle-orm';
import { addMonths } from '@enamel/contracts';
import { monthOfDay, startOfDay, type StockMoment } from './moment.ts';

/**
 * The ledger added up per product and local day: what the rollups (ledger_day_totals, migration 0019) hold and what
 * the stock reads over whole days add up instead of the movements. A movement `m` counts as:
 * consumed (−Σ quantity, −Σ quantity × cost of 'consume' movements, give-backs included; the count of them),
 * received value (Σ quantity × cost of 'receive'), and net quantity and value (Σ of every movement).
 */
export const dayFigures = sql`
  coalesce(-sum(m.quantity) filter (where m.type = 'consume'), 0) as consumed_quantity,
  coalesce(-sum(m.quantity * m.unit_cost) filter (where m.type = 'consume'), 0) as consumed_cost,
  count(*) filter (where m.type = 'consume') as consumed_count,
  coalesce(sum(m.quantity * m.unit_cost) filter (where m.type = 'receive'), 0) as received_value,
  sum(m.quantity) as net_quantity, sum(m.quantity * m.unit_cost) as net_value, count(*) as movement_count`;

const columns = sql`product_id, day, consumed_quantity, consumed_cost, consumed_count, received_value, net_quantity, net_value, movement_count`;

/** A practice's movements in [from, to) (instants) added up per product and local day in the zone, from the ledger. */
const ledgerByDay = (practice: number | SQL, timeZone: string, from: SQL | null, to: SQL): SQL =>
  sql`select m.product_id, (m.occurred_at at time zone ${timeZone})::date as day, ${dayFigures}
      from stock_movements m
      where m.dental_practice_id = ${practice} ${from === null ? sql`` : sql`and m.occurred_at >= ${from}`} and m.occurred_at < ${to}
      group by 1, 2`;

/** The rollups hold the practice's days in this zone: its zone now (a one-time check at the top of the plan). */
const sameZoneOf = (practiceId: number, timeZone: string): SQL => sql`exists (select 1 from dental_practices where id = ${practiceId} and time_zone = ${timeZone})`;

/**
 * A read of the ledger, run only when the zone asked for is not the practice's (the rollups hold the other days):
 * the practice's row is the gate and the read a lateral one of it (`practice` is its id), so when the zones agree
 * the read is never started, and never planned to start parallel workers for nothing.
 */
const inOtherZone = (practiceId: number, timeZone: string, read: (practice: SQL) => SQL): SQL =>
  sql`select l.* from dental_practices z cross join lateral (${read(sql`z.id`)}) l where z.id = ${practiceId} and z.time_zone <> ${timeZone}`;

/** A window of whole local days of a practice: [from, to), from the first day when `from` is null. */
export interface DayWindow {
  practiceId: number;
  timeZone: string;
  from: string | null;
  to: string;
}

/**
 * Per product and local day of the window (product_id, day, consumed_quantity, consumed_cost, consumed_count,
 * received_value, net_quantity, net_value, movement_count), as a query to select from: read from the rollups, which
 * are kept in the practice's own zone; a window in any other zone is added up from the ledger instead (a one-time
 * check: the other branch reads nothing).
 */
export function wholeDays(w: DayWindow): SQL {
  const from = w.from === null ? sql`` : sql`and day >= ${w.from}::date`;
  return sql`select ${columns} from ledger_day_totals where dental_practice_id = ${w.practiceId} ${from} and day < ${w.to}::date and ${sameZoneOf(w.practiceId, w.timeZone)}
    union all
    ${inOtherZone(w.practiceId, w.timeZone, (practice) => ledgerByDay(practice, w.timeZone, w.from === null ? null : startOfDay(w.from, w.timeZone), startOfDay(w.to, w.timeZone)))}`;
}

/**
 * Per product and local day from `from` (null: the first) up to the moment's cutoff (moment.ts): whole days before
 * the moment's date from the rollups; on today, today's movements until now from the ledger (a partial day).
 */
export function daysUpTo(m: StockMoment, from: string | null): SQL {
  const whole = wholeDays({ practiceId: m.practiceId, timeZone: m.timeZone, from, to: m.date });
  if (m.date !== m.today) return whole;
  return sql`${whole}
    union all
    select ${columns} from (${ledgerByDay(m.practiceId, m.timeZone, startOfDay(m.today, m.timeZone), sql`now()`)}) t`;
}

/** A figure of `dayFigures` that can be summed over days. */
export type DayFigure = 'consumed_quantity' | 'consumed_cost' | 'consumed_count' | 'received_value' | 'net_quantity' | 'net_value' | 'movement_count';

/** How `summedUpTo` buckets its window: per product, or per month of `months` (YYYY-MM, oldest first: `monthOfDay`). */
export type SumBucket = 'product' | { months: string[] };

/**
 * `daysUpTo`'s window from `from` summed per bucket: per product (`'product'`), or per month of the given months (the
 * practice's products together): (bucket, one column per figure). The rollups are read in the fewest rows: the whole
 * months inside the window from the monthly rollups (ledger_month_totals, migration 0034), the days before the first
 * and after the last whole month from the daily ones. Each source (the rollups, the other-zone ledger, today's
 * movements) adds up its own rows per product, or per day or month, first; the bucket of a day is worked out on
 * those few hundred rows, not on every product's day. Sums of exact numerics: the same figures whichever rows add up.
 */
export function summedUpTo(m: StockMoment, from: string, bucket: SumBucket, figures: readonly DayFigure[]): SQL {
  const sums = (of: string) => sql.join(figures.map((f) => sql.raw(`sum(${of}${f}) as ${f}`)), sql`, `);
  const byProduct = bucket === 'product';
  const pick = (key: 'day' | 'month') => sql`${sql.raw(byProduct ? 'product_id' : key)} as k, ${sums('')}`;
  const days = (to: string, since: string) =>
    sql`select ${pick('day')} from ledger_day_totals where dental_practice_id = ${m.practiceId} and day >= ${since}::date and day < ${to}::date and ${sameZoneOf(m.practiceId, m.timeZone)} group by 1`;
  // [firstMonth, lastMonth): the window's whole months before the moment's month (none when the window is shorter).
  const firstMonth = from.endsWith('-01') ? from : addMonths(`${from.slice(0, 7)}-01`, 1);
  const lastMonth = `${m.date.slice(0, 7)}-01`;
  const months = sql`select ${pick('month')} from ledger_month_totals
    where dental_practice_id = ${m.practiceId} and month >= ${firstMonth}::date and month < ${lastMonth}::date and ${sameZoneOf(m.practiceId, m.timeZone)} group by 1`;
  const parts =
    firstMonth < lastMonth ? [...(from < firstMonth ? [days(firstMonth, from)] : []), months, ...(lastMonth < m.date ? [days(m.date, lastMonth)] : [])] : [days(m.date, from)];
  const rollups = sql.join(parts, sql` union all `);
  const otherZone = inOtherZone(m.practiceId, m.timeZone, (practice) => sql`select ${pick('day')} from (${ledgerByDay(practice, m.timeZone, startOfDay(from, m.timeZone), startOfDay(m.date, m.timeZone))}) o group by 1`);
  const today = m.date === m.today ? sql`union all select ${pick('day')} from (${ledgerByDay(m.practiceId, m.timeZone, startOfDay(m.today, m.timeZone), sql`now()`)}) t group by 1` : sql``;
  const outer = byProduct ? sql`s.k` : monthOfDay(sql`s.k`, bucket.months);
  return sql`select ${outer} as bucket, ${sums('s.')} from (${rollups} union all ${otherZone} ${today}) s group by 1`;
}

/** Each product of a practice with a rollup row, one index probe each (a loose scan of the rollups' key). */
const rolledUpProducts = (practiceId: number): SQL => sql`(
  with recursive k(product_id) as (
    (select product_id from ledger_day_totals where dental_practice_id = ${practiceId} order by product_id limit 1)
    union all
    select (select t.product_id from ledger_day_totals t where t.dental_practice_id = ${practiceId} and t.product_id > k.product_id order by t.product_id limit 1)
    from k where k.product_id is not null
  )
  select product_id from k where product_id is not null)`;

/**
 * Each product's stock and its value at the start of a local day of the practice (product_id, on_hand, value: Σ
 * quantity and Σ quantity × cost of every movement before it), for products that moved before it: the day-end
 * checkpoint of each product's last rollup row before the day (migration 0021), one row per product however long
 * the history. In any other zone than the practice's, from the ledger (as `wholeDays`).
 */
export function stockBefore(practiceId: number, timeZone: string, day: string): SQL {
  return sql`select k.product_id, c.closing_quantity as on_hand, c.closing_value as value
    from ${rolledUpProducts(practiceId)} k
    cross join lateral (
      select t.closing_quantity, t.closing_value from ledger_day_totals t
      where t.dental_practice_id = ${practiceId} and t.product_id = k.product_id and t.day < ${day}::date order by t.day desc limit 1
    ) c
    where ${sameZoneOf(practiceId, timeZone)}
    union all
    ${inOtherZone(
      practiceId,
      timeZone,
      (practice) => sql`select m.product_id, sum(m.quantity) as on_hand, sum(m.quantity * m.unit_cost) as value from stock_movements m
        where m.dental_practice_id = ${practice} and m.occurred_at < ${startOfDay(day, timeZone)} group by 1`,
    )}`;
}

/**
 * For each product that moved before a local day of the practice: its first day of movement and its last day of use
 * ('consume' movements) before it (product_id, first_moved, last_used: null when never used), each one probe of
 * the rollups' key (the last use walks back over the product's days without use only). In any other zone, from
 * the ledger.
 */
export function daysOfUseBefore(practiceId: number, timeZone: string, day: string): SQL {
  return sql`select * from (
      select k.product_id,
             (select min(t.day) from ledger_day_totals t where t.dental_practice_id = ${practiceId} and t.product_id = k.product_id and t.day < ${day}::date) as first_moved,
             (select max(t.day) from ledger_day_totals t where t.dental_practice_id = ${practiceId} and t.product_id = k.product_id and t.day < ${day}::date and t.consumed_count > 0) as last_used
      from ${rolledUpProducts(practiceId)} k
      where ${sameZoneOf(practiceId, timeZone)}
    ) r where r.first_moved is not null
    union all
    ${inOtherZone(
      practiceId,
      timeZone,
      (practice) => sql`select m.product_id, min((m.occurred_at at time zone ${timeZone})::date) as first_moved,
          max((m.occurred_at at time zone ${timeZone})::date) filter (where m.type = 'consume') as last_used
        from stock_movements m where m.dental_practice_id = ${practice} and m.occurred_at < ${startOfDay(day, timeZone)} group by 1`,
    )}`;
}
