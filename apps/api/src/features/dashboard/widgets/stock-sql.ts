import { sql, type SQL } from 'drizzle-orm';
import type { DashboardContext } from '../dashboard-context.ts';
import { startOfDay } from '../dashboard-context.ts';
import { addDays } from '../../forecasts/forecast-series.ts';

/** `days` before the forecast date, as the start of that day in the practice's zone. */
export const daysBefore = (ctx: DashboardContext, days: number): SQL => startOfDay(addDays(ctx.date, -days), ctx.timeZone);

/**
 * Each product's stock and its value at the context's cutoff (lot cost). Today reads the ledger's caches
 * (inventories' on hand, lots' quantity × cost: what the inventory list shows); a past date sums the ledger up
 * to it (Σ quantity, Σ quantity × the cost of the lot it moved at).
 */
export const stockAtCutoff = (ctx: DashboardContext) =>
  ctx.date === ctx.today
    ? sql`
  select i.product_id, i.on_hand, coalesce((select sum(l.quantity * l.unit_cost) from lots l where l.inventory_id = i.id), 0) as value
  from inventories i where i.dental_practice_id = ${ctx.practiceId}`
    : sql`
  select product_id, sum(quantity) as on_hand, sum(quantity * unit_cost) as value
  from stock_movements where dental_practice_id = ${ctx.practiceId} and occurred_at < ${ctx.cutoff}
  group by product_id`;

/**
 * The month of each row among the given months (0 = the first, −1 = before it), placed by width_bucket over the
 * months' first instants in the practice's zone instead of converting every row to local time.
 */
export const monthIndex = (ctx: DashboardContext, column: SQL, months: string[]) =>
  sql`(width_bucket(${column}, (select array_agg(((m || '-01')::date::timestamp at time zone ${ctx.timeZone}) order by m) from unnest(array[${sql.join(months.map((m) => sql`${m}`), sql`, `)}]::text[]) m)) - 1)`;

/** Exact decimal text of a numeric expression, 4 places (the API's money and quantities). */
export const dec = (expr: SQL) => sql<string>`round(coalesce(${expr}, 0), 4)::text`;
