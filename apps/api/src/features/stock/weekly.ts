import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { startOfDay, weekIndex } from './moment.ts';

type Db = Pick<Database, 'execute'>;

/** `weeks` weeks from the day `start`, each beginning at a local midnight in the zone. */
export interface WeekWindow {
  timeZone: string;
  start: string;
  weeks: number;
}

/** What a weekly series adds up: a practice's rows of a table, per reference column and week of a timestamp column. */
export interface WeeklySeries {
  practiceId: number;
  table: 'stock_movements' | 'procedures';
  at: 'occurred_at' | 'performed_at';
  ref: 'product_id' | 'procedure_code_id';
  /** The aggregate of a reference's rows in a week. */
  value: SQL;
  /** Which rows count (a movement type, a procedure status). */
  where: SQL;
  /** One reference only. */
  only?: number;
  /** Each week bounded from below (give-backs can make a week negative). */
  floor?: number;
}

const weeklyRow = sqlRow({ ref: sqlCol.int, w: sqlCol.int, n: sqlCol.number });

/** One number per reference and week of the window; references with no rows are absent. */
export async function seriesByWeek(db: Db, window: WeekWindow, series: WeeklySeries): Promise<Map<number, number[]>> {
  const { timeZone, start, weeks } = window;
  if (weeks <= 0) return new Map();
  const at = sql.identifier(series.at);
  const ref = sql.identifier(series.ref);
  const only = series.only === undefined ? sql`` : sql`and ${ref} = ${series.only}`;
  const found = await rowsOf(
    db,
    weeklyRow,
    sql`select ${ref} as ref, ${weekIndex(timeZone, start, weeks, sql`${at}`)} as w, ${series.value} as n from ${sql.identifier(series.table)}
        where dental_practice_id = ${series.practiceId} and ${series.where} ${only}
          and ${at} >= ${startOfDay(start, timeZone)} and ${at} < ${startOfDay(addDays(start, 7 * weeks), timeZone)}
        group by 1, 2`,
  );
  return toWeeks(found, weeks, series.floor);
}

/** Rows of (reference, week, number) as one list of `weeks` numbers per reference (0 where absent), each at least `floor`. */
export function toWeeks(found: ReadonlyArray<{ ref: number; w: number; n: number }>, weeks: number, floor = -Infinity): Map<number, number[]> {
  const out = new Map<number, number[]>();
  for (const r of found) {
    if (r.w < 0 || r.w >= weeks) continue;
    const list = out.get(r.ref) ?? new Array<number>(weeks).fill(0);
    list[r.w] = Math.max(floor, r.n);
    out.set(r.ref, list);
  }
  return out;
}

/** The week of a local day (a date column) among the weeks from the day `start` (0 = the first). */
export const weekOfDay = (start: string, day: SQL): SQL => sql`floor((${day} - ${start}::date) / 7.0)::int`;
