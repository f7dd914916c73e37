import { sql, type SQL } from 'drizzle-orm';
import { startOfDay, type StockMoment } from './moment.ts';

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
const ledgerByDay = (practiceId: number, timeZone: string, from: SQL | null, to: SQL, gate: SQL = sql`true`): SQL =>
  sql`select m.product_id, (m.occurred_at at time zone ${timeZone})::date as day, ${dayFigures}
      from stock_movements m
      where m.dental_practice_id = ${practiceId} ${from === null ? sql`` : sql`and m.occurred_at >= ${from}`} and m.occurred_at < ${to} and ${gate}
      group by 1, 2`;

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
  const sameZone = sql`exists (select 1 from dental_practices where id = ${w.practiceId} and time_zone = ${w.timeZone})`;
  const from = w.from === null ? sql`` : sql`and day >= ${w.from}::date`;
  return sql`select ${columns} from ledger_day_totals where dental_practice_id = ${w.practiceId} ${from} and day < ${w.to}::date and ${sameZone}
    union all
    select ${columns} from (${ledgerByDay(w.practiceId, w.timeZone, w.from === null ? null : startOfDay(w.from, w.timeZone), startOfDay(w.to, w.timeZone), sql`not ${sameZone}`)}) l`;
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
