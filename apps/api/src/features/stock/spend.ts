import { sql } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS, dayIn, toDecimal } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { AppError } from '../../core/errors.ts';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { daysUpTo, summedUpTo } from './daily-totals.ts';
import { cutoffOf, dec, lastMonths, type StockMoment } from './moment.ts';

type Db = Pick<Database, 'execute'>;

/** Purchase-order statuses whose unreceived lines are spend committed (sent to the supplier, not all arrived). */
export const COMMITTED_STATUSES = ['sent', 'partially_received'] as const;

/** What a practice spends on supplies in a month, in its currency (docs/product-rules.md#money: never converted). */
export interface SupplySpend {
  /** The month of the moment's date, YYYY-MM in the practice's zone. */
  month: string;
  currency: string;
  /** The monthly supply budget; null = none set. */
  budget: string | null;
  /** Σ receive movements' quantity × unit cost this month (receipts with or without a purchase order), up to the moment. */
  received: string;
  /** Unreceived lines of sent purchase orders in the practice's currency: (quantity − received) × unit price. */
  committed: string;
  /** Committed on orders in other currencies: listed per currency, never added to the spend. */
  committed_other: Array<{ currency: string; committed: string }>;
  /** Received value of each of the last twelve months (oldest first, the last being `month`). */
  months: Array<{ month: string; received: string }>;
}

export const SPEND_MONTHS = 12;

const monthRow = sqlRow({ month: sqlCol.int, received: sqlCol.decimal });
const committedRow = sqlRow({ currency: sqlCol.text, committed: sqlCol.decimal });
const practiceRow = sqlRow({ time_zone: sqlCol.text, currency: sqlCol.text, budget: sqlCol.decimal.nullable() });

/** The received value per month of `months` (YYYY-MM, oldest first) up to the moment, by the practice's calendar (the rollups' days). */
export async function receivedByMonth(db: Db, m: StockMoment, months: string[]): Promise<Map<number, string>> {
  const found = await rowsOf(
    db,
    monthRow,
    sql`select bucket as month, ${dec(sql`received_value`)} as received from (${summedUpTo(m, `${months[0]}-01`, { months }, ['received_value'])}) d`,
  );
  return new Map(found.map((r) => [r.month, r.received]));
}

/**
 * What is on order and not received, per currency: lines of the practice's purchase orders sent before the moment
 * and still open. `exceptOrderId` leaves one order out (the one being sent, should it already be marked sent).
 */
export async function committedByCurrency(db: Db, m: StockMoment, exceptOrderId?: number): Promise<Array<{ currency: string; committed: string }>> {
  const except = exceptOrderId === undefined ? sql`` : sql`and po.id <> ${exceptOrderId}`;
  return rowsOf(
    db,
    committedRow,
    sql`select po.currency, ${dec(sql`sum(greatest(l.quantity - l.received_quantity, 0) * l.unit_price)`)} as committed
        from purchase_orders po join purchase_order_lines l on l.purchase_order_id = po.id
        where po.dental_practice_id = ${m.practiceId} and po.status in (${sql.join(COMMITTED_STATUSES.map((s) => sql`${s}`), sql`, `)})
          and (po.sent_at is null or po.sent_at < ${cutoffOf(m)}) ${except}
        group by po.currency order by po.currency`,
  );
}

/**
 * A practice's supply spend in the month of the moment's date: received value, committed (in its currency; other
 * currencies listed apart), the budget, and the received value of the last twelve months.
 */
export async function supplySpend(db: Db, m: StockMoment & { currency: string; budget: string | null }): Promise<SupplySpend> {
  const months = lastMonths(m.date, SPEND_MONTHS);
  const received = await receivedByMonth(db, m, months);
  const committed = await committedByCurrency(db, m);
  const mine = committed.find((c) => c.currency === m.currency);
  return {
    month: months.at(-1)!,
    currency: m.currency,
    budget: m.budget === null ? null : toDecimal(m.budget).toFixed(4),
    received: received.get(months.length - 1) ?? '0.0000',
    committed: mine?.committed ?? '0.0000',
    committed_other: committed.filter((c) => c.currency !== m.currency),
    months: months.map((month, i) => ({ month, received: received.get(i) ?? '0.0000' })),
  };
}

/** What sending an order of `amount` in `currency` does to the month's budget. */
export interface BudgetImpact {
  /** The monthly budget in the practice's currency; null = none (never over). */
  budget: string | null;
  currency: string;
  /** Received this month so far. */
  spent: string;
  /** Sent and not yet received, in the practice's currency. */
  committed: string;
  /** spent + committed + the order (when it is in the practice's currency). */
  after: string;
  /** `after` exceeds the budget. */
  over: boolean;
  /** False when the order is in another currency than the practice's: it is not added (never converted). */
  comparable: boolean;
}

/**
 * Whether an order of `amount` (in `currency`) would take the practice's month over its supply budget, the month
 * being that of `moment` in the practice's zone. Read it inside the sending transaction; pass `exceptOrderId` when the
 * order is already marked sent, so it is not counted twice. 404 for an unknown practice.
 */
export async function budgetImpact(db: Db, practiceId: number, amount: string, currency: string, moment: Date = new Date(), exceptOrderId?: number): Promise<BudgetImpact> {
  const [practice] = await rowsOf(
    db,
    practiceRow,
    sql`select p.time_zone, p.currency, s.monthly_supply_budget as budget from dental_practices p left join practice_settings s on s.dental_practice_id = p.id where p.id = ${practiceId}`,
  );
  if (!practice) throw new AppError('not_found');
  const today = dayIn(practice.time_zone, new Date());
  const day = dayIn(practice.time_zone, moment);
  const m: StockMoment = { practiceId, timeZone: practice.time_zone, date: day > today ? today : day, today };
  const month = m.date.slice(0, 7);
  // The moment's month up to the moment (its date is in that month, so the month's end is never before it).
  const [received] = await rowsOf(db, sqlRow({ spent: sqlCol.decimal }), sql`select ${dec(sql`sum(received_value)`)} as spent from (${daysUpTo(m, `${month}-01`)}) d`);
  const committed = (await committedByCurrency(db, m, exceptOrderId)).find((c) => c.currency === practice.currency)?.committed ?? '0';
  const comparable = currency === practice.currency;
  const spent = toDecimal(received?.spent ?? 0);
  const after = spent.plus(committed).plus(comparable ? toDecimal(amount) : 0);
  const budget = practice.budget ?? CONFIGURATION_DEFAULTS.monthly_supply_budget;
  return {
    budget: budget === null ? null : toDecimal(budget).toFixed(4),
    currency: practice.currency,
    spent: spent.toFixed(4),
    committed: toDecimal(committed).toFixed(4),
    after: after.toFixed(4),
    over: budget !== null && after.gt(budget),
    comparable,
  };
}
