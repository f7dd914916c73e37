import { sql, type SQL } from 'drizzle-orm';
import { addDays } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { cutoffOf, daysBefore, dec, monthIndex, startOfDay, weekIndex, type StockMoment } from './moment.ts';

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

const weekRow = sqlRow({ product_id: sqlCol.int, w: sqlCol.int, q: sqlCol.number });

/**
 * Consumption per product and week over `weeks` weeks from `start` (weeks begin at local midnights in the zone),
 * one number per week; products with nothing consumed are absent. Give-backs in a later week than the use can make
 * a week negative: nothing is used below zero. `productId` reads one product only.
 */
export async function consumptionByWeek(db: Db, input: { practiceId: number; timeZone: string; start: string; weeks: number; productId?: number }): Promise<Map<number, number[]>> {
  const { practiceId, timeZone, start, weeks } = input;
  const out = new Map<number, number[]>();
  if (weeks <= 0) return out;
  const product = input.productId === undefined ? sql`` : sql`and product_id = ${input.productId}`;
  const found = await rowsOf(
    db,
    weekRow,
    sql`select product_id, ${weekIndex(timeZone, start, weeks, sql`occurred_at`)} as w, -sum(quantity) as q from stock_movements
        where dental_practice_id = ${practiceId} and type = 'consume' ${product}
          and occurred_at >= ${startOfDay(start, timeZone)} and occurred_at < ${startOfDay(addDays(start, 7 * weeks), timeZone)}
        group by 1, 2`,
  );
  for (const r of found) {
    if (r.w < 0 || r.w >= weeks) continue;
    const list = out.get(r.product_id) ?? new Array<number>(weeks).fill(0);
    list[r.w] = Math.max(0, r.q);
    out.set(r.product_id, list);
  }
  return out;
}
