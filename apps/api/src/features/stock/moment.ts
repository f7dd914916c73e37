import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@enamel/contracts';

/**
 * The moment a stock read speaks of: a practice, its time zone, its today and the day asked about. A day before
 * today reads the ledger as it stood at the start of that day (a back-test); today reads it as it stands now.
 */
export interface StockMoment {
  practiceId: number;
  timeZone: string;
  /** The day asked about (YYYY-MM-DD), not after `today`. */
  date: string;
  /** The practice's today in its zone. */
  today: string;
}

/** The start of a calendar day in a zone, as a timestamptz. */
export const startOfDay = (day: string, timeZone: string): SQL => sql`(${day}::date::timestamp at time zone ${timeZone})`;

/** The instant stock is read at: now when the date is today, else the start of the date in the practice's zone. */
export const cutoffOf = (m: StockMoment): SQL => (m.date === m.today ? sql`now()` : startOfDay(m.date, m.timeZone));

/** `days` before the moment's date, as the start of that day in the practice's zone. */
export const daysBefore = (m: StockMoment, days: number): SQL => startOfDay(addDays(m.date, -days), m.timeZone);

/**
 * The month of each row among the given months (0 = the first, −1 = before it), placed by width_bucket over the
 * months' first instants in the practice's zone instead of converting every row to local time.
 */
export const monthIndex = (timeZone: string, column: SQL, months: string[]): SQL =>
  sql`(width_bucket(${column}, (select array_agg(((m || '-01')::date::timestamp at time zone ${timeZone}) order by m) from unnest(array[${sql.join(months.map((m) => sql`${m}`), sql`, `)}]::text[]) m)) - 1)`;

/** The month of a local day (a date column) among the given months (0 = the first, −1 = before it), like `monthIndex`. */
export const monthOfDay = (day: SQL, months: string[]): SQL =>
  sql`(width_bucket(${day}, array[${sql.join(months.map((m) => sql`${`${m}-01`}::date`), sql`, `)}]) - 1)`;

/** The months ending with the date's month, oldest first ('YYYY-MM'). */
export function lastMonths(date: string, n: number): string[] {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return Array.from({ length: n }, (_, i) => new Date(Date.UTC(y, m - 1 - (n - 1 - i), 1)).toISOString().slice(0, 7));
}

/**
 * The week of each row among `weeks` weeks from `start` (0 = the first; local midnights in the zone, so a week is
 * exact across daylight-saving changes), placed by width_bucket without converting every row to local time.
 */
export const weekIndex = (timeZone: string, start: string, weeks: number, column: SQL): SQL =>
  sql`(width_bucket(${column}, (select array_agg((((${start}::date + 7 * k)::timestamp) at time zone ${timeZone}) order by k) from generate_series(0, ${weeks}) k)) - 1)`;

/** Exact decimal text of a numeric expression, 4 places (the API's money and quantities). */
export const dec = (expr: SQL): SQL<string> => sql<string>`round(coalesce(${expr}, 0), 4)::text`;
