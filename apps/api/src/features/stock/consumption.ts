import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { summedUpTo, wholeDays } from './daily-totals.ts';
import { dec, type StockMoment } from './moment.ts';
import { toWeeks, weekOfDay, type WeekWindow } from './weekly.ts';

type Db = Pick<Database, 'execute'>;

/**
 * What was consumed (procedures' consume movements, net of give-backs) per product between two instants, as a
 * query to select from: product_id, quantity and cost, both positive for use. `where` narrows the movements.
 * From the ledger: for whole local days read `consumedInDays` (the rollups).
 */
export const consumedBetween = (input: { practiceId: number; from: SQL; to: SQL; where?: SQL }): SQL =>
  sql`select product_id, -sum(quantity) as quantity, -sum(quantity * unit_cost) as cost from stock_movements
      where dental_practice_id = ${input.practiceId} and type = 'consume' and occurred_at >= ${input.from} and occurred_at < ${input.to} ${input.where ?? sql``}
      group by product_id`;

/**
 * The same as `consumedBetween` over days of the rollups (`daysUpTo`, `wholeDays`): product_id, quantity and cost,
 * products with no consume movement in them left out.
 */
export const consumedInDays = (days: SQL): SQL =>
  sql`select product_id, sum(consumed_quantity) as quantity, sum(consumed_cost) as cost from (${days}) d group by product_id having sum(consumed_count) > 0`;

const usedRow = sqlRow({ product_id: sqlCol.int, name: sqlCol.text, usage_unit: sqlCol.text, quantity: sqlCol.decimal, cost: sqlCol.decimal });

/** The products consumed most in the `days` before the moment (quantity in usage units), with what they cost. */
export async function mostUsed(db: Db, m: StockMoment, days: number, limit: number) {
  return rowsOf(
    db,
    usedRow,
    sql`select x.bucket as product_id, p.name, p.usage_unit, ${dec(sql`x.consumed_quantity`)} as quantity, ${dec(sql`x.consumed_cost`)} as cost
        from (${summedUpTo(m, addDays(m.date, -days), 'product', ['consumed_quantity', 'consumed_cost', 'consumed_count'])}) x join products p on p.id = x.bucket
        where x.consumed_count > 0 and x.consumed_quantity > 0 order by x.consumed_quantity desc, x.bucket limit ${limit}`,
  );
}

const monthCostRow = sqlRow({ month: sqlCol.int, cost: sqlCol.decimal });

/** Consumable cost used per month (YYYY-MM, oldest first, the last up to the moment), exact text. */
export async function consumedCostByMonth(db: Db, m: StockMoment, months: string[]): Promise<Map<number, string>> {
  const costs = await rowsOf(
    db,
    monthCostRow,
    sql`select bucket as month, ${dec(sql`consumed_cost`)} as cost
        from (${summedUpTo(m, `${months[0]}-01`, { months }, ['consumed_cost', 'consumed_count'])}) d where consumed_count > 0`,
  );
  return new Map(costs.map((r) => [r.month, r.cost]));
}

const weekRow = sqlRow({ ref: sqlCol.int, w: sqlCol.int, n: sqlCol.number });

/**
 * Consumption per product and week of the window, one number per week; products with nothing consumed are absent.
 * Give-backs in a later week than the use can make a week negative: nothing is used below zero. `productId` reads
 * one product only. Whole local days: read from the rollups.
 */
export async function consumptionByWeek(db: Db, input: WeekWindow & { practiceId: number; productId?: number }): Promise<Map<number, number[]>> {
  const { practiceId, productId, timeZone, start, weeks } = input;
  if (weeks <= 0) return new Map();
  const only = productId === undefined ? sql`` : sql`where product_id = ${productId}`;
  const found = await rowsOf(
    db,
    weekRow,
    sql`select product_id as ref, ${weekOfDay(start, sql`day`)} as w, sum(consumed_quantity) as n
        from (${wholeDays({ practiceId, timeZone, from: start, to: addDays(start, 7 * weeks) })}) d ${only}
        group by 1, 2 having sum(consumed_count) > 0`,
  );
  return toWeeks(found, weeks, 0);
}
