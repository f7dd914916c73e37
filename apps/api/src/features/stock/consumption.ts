import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { cutoffOf, daysBefore, dec, monthIndex, startOfDay, type StockMoment } from './moment.ts';
import { seriesByWeek, type WeekWindow } from './weekly.ts';

type Db = Pick<Database, 'execute'>;

/**
 * What was consumed (procedures' consume movements, net of give-backs) per product between two instants, as a
 * query to select from: product_id, quantity and cost, both positive for use. `where` narrows the movements.
 */
export const consumedBetween = (input: { practiceId: number; from: SQL; to: SQL; where?: SQL }): SQL =>
  sql`select product_id, -sum(quantity) as quantity, -sum(quantity * unit_cost) as cost from stock_movements
      where dental_practice_id = ${input.practiceId} and type = 'consume' and occurred_at >= ${input.from} and occurred_at < ${input.to} ${input.where ?? sql``}
      group by product_id`;

const usedRow = sqlRow({ product_id: sqlCol.int, name: sqlCol.text, usage_unit: sqlCol.text, quantity: sqlCol.decimal, cost: sqlCol.decimal });

/** The products consumed most in the `days` before the moment (quantity in usage units), with what they cost. */
export async function mostUsed(db: Db, m: StockMoment, days: number, limit: number) {
  return rowsOf(
    db,
    usedRow,
    sql`select x.product_id, p.name, p.usage_unit, ${dec(sql`x.quantity`)} as quantity, ${dec(sql`x.cost`)} as cost
        from (${consumedBetween({ practiceId: m.practiceId, from: daysBefore(m, days), to: cutoffOf(m) })}) x join products p on p.id = x.product_id
        where x.quantity > 0 order by x.quantity desc, x.product_id limit ${limit}`,
  );
}

const monthCostRow = sqlRow({ month: sqlCol.int, cost: sqlCol.decimal });

/** Consumable cost used per month (YYYY-MM, oldest first, the last up to the moment), exact text. */
export async function consumedCostByMonth(db: Db, m: StockMoment, months: string[]): Promise<Map<number, string>> {
  const from = startOfDay(`${months[0]}-01`, m.timeZone);
  const costs = await rowsOf(
    db,
    monthCostRow,
    sql`select ${monthIndex(m.timeZone, sql`occurred_at`, months)} as month, ${dec(sql`-sum(quantity * unit_cost)`)} as cost
        from stock_movements where dental_practice_id = ${m.practiceId} and type = 'consume' and occurred_at >= ${from} and occurred_at < ${cutoffOf(m)}
        group by 1`,
  );
  return new Map(costs.map((r) => [r.month, r.cost]));
}

/**
 * Consumption per product and week of the window, one number per week; products with nothing consumed are absent.
 * Give-backs in a later week than the use can make a week negative: nothing is used below zero. `productId` reads
 * one product only.
 */
export function consumptionByWeek(db: Db, input: WeekWindow & { practiceId: number; productId?: number }): Promise<Map<number, number[]>> {
  const { practiceId, productId } = input;
  return seriesByWeek(db, input, { practiceId, table: 'stock_movements', at: 'occurred_at', ref: 'product_id', value: sql`-sum(quantity)`, where: sql`type = 'consume'`, only: productId, floor: 0 });
}
