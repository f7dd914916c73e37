import { sql, type SQL } from 'drizzle-orm';
import { addDays, CONFIGURATION_DEFAULTS, type ExpiryState } from '@enamel/contracts';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { dec, type StockMoment } from './moment.ts';
import { lotQuantityAt } from './on-hand.ts';

type Db = Pick<Database, 'execute'>;

/**
 * The one definition of a lot's expiry state (docs/product-rules.md#expiring): expired once its expiry day is
 * before `today` (a lot is good on its expiry day), expiring when it expires within the practice's warning days
 * (before today + days), else ok; a lot without an expiry date has none. The SQL below says the same.
 */
export function expiryState(expiryDate: string | null, today: string, warningDays: number): ExpiryState | null {
  if (!expiryDate) return null;
  const day = expiryDate.slice(0, 10);
  if (day < today) return 'expired';
  return day < addDays(today, warningDays) ? 'expiring' : 'ok';
}

/** `expiryState` in SQL: `expiry` a date, `today` a date, `warningDays` an integer. */
export const expiryStateSql = (expiry: SQL, today: SQL, warningDays: SQL): SQL<ExpiryState | null> =>
  sql<ExpiryState | null>`(case when ${expiry} is null then null when ${expiry} < ${today} then 'expired' when ${expiry} < ${today} + ${warningDays}::int then 'expiring' else 'ok' end)`;

/** Today in a time zone (a practice's `time_zone` column), in SQL. */
export const todayInZoneSql = (timeZone: SQL): SQL => sql`(now() at time zone ${timeZone})::date`;

/** The expiry warning days from a practice's settings column, the contracts' default while it has none, in SQL. */
export const warningDaysOrDefaultSql = (setting: SQL): SQL => sql`coalesce(${setting}, ${CONFIGURATION_DEFAULTS.expiry_warning_days}::int)`;

/** A practice's today (its time zone), in SQL, for the practice whose id is `practiceId`. */
export const practiceTodaySql = (practiceId: SQL): SQL => sql`(select ${todayInZoneSql(sql`dp.time_zone`)} from dental_practices dp where dp.id = ${practiceId})`;

/** A practice's expiry warning days (the contracts' default until it saves its settings), in SQL. */
export const warningDaysSql = (practiceId: SQL): SQL => warningDaysOrDefaultSql(sql`(select ps.expiry_warning_days from practice_settings ps where ps.dental_practice_id = ${practiceId})`);

/** A lot's expiry state today in its practice (its zone's today, its warning days): what every screen shows. */
export const lotExpiryStateSql = (expiry: SQL, practiceId: SQL): SQL<ExpiryState | null> => expiryStateSql(expiry, practiceTodaySql(practiceId), warningDaysSql(practiceId));

const expiringRow = sqlRow({
  lot_id: sqlCol.int, product_id: sqlCol.int, inventory_id: sqlCol.int, name: sqlCol.text, usage_unit: sqlCol.text,
  lot_number: sqlCol.text.nullable(), expiry_date: sqlCol.text, quantity: sqlCol.decimal, value: sqlCol.decimal,
});

/** Lots with stock at the moment whose state on its date is `expiring` (within `warningDays`), soonest first. */
export async function expiringLots(db: Db, m: StockMoment, warningDays: number) {
  const state = expiryStateSql(sql`l.expiry_date`, sql`${m.date}::date`, sql`${warningDays}`);
  return rowsOf(
    db,
    expiringRow,
    sql`select * from (
          select l.id as lot_id, i.product_id, i.id as inventory_id, p.name, p.usage_unit, l.lot_number, to_char(l.expiry_date, 'YYYY-MM-DD') as expiry_date,
                 ${dec(lotQuantityAt(m))} as quantity, ${dec(sql`${lotQuantityAt(m)} * l.unit_cost`)} as value
          from lots l join inventories i on i.id = l.inventory_id join products p on p.id = i.product_id
          where i.dental_practice_id = ${m.practiceId} and ${state} = 'expiring'
        ) x where x.quantity::numeric > 0 order by x.expiry_date, x.name`,
  );
}

const shelfRow = sqlRow({
  product: sqlCol.text, lot: sqlCol.text.nullable(), expiry_date: sqlCol.text, days_left: sqlCol.int, quantity: sqlCol.decimal, unit: sqlCol.text, value: sqlCol.decimal,
});

/**
 * Lots on the shelf today that are expired or expire within `days` (the practice's warning days unless chosen:
 * then exactly the lots whose state is not ok), soonest first; `where` narrows the products (`p`).
 */
export async function shelfLotsExpiringWithin(db: Db, input: { practiceId: number; today: string; days: number; where?: SQL }) {
  const state = expiryStateSql(sql`l.expiry_date`, sql`${input.today}::date`, sql`${input.days}`);
  return rowsOf(
    db,
    shelfRow,
    sql`select p.name as product, l.lot_number as lot, to_char(l.expiry_date, 'YYYY-MM-DD') as expiry_date, (l.expiry_date - ${input.today}::date)::int as days_left,
               ${dec(sql`l.quantity`)} as quantity, p.usage_unit as unit, ${dec(sql`l.quantity * l.unit_cost`)} as value
        from lots l join inventories i on i.id = l.inventory_id join products p on p.id = i.product_id
        where i.dental_practice_id = ${input.practiceId} and l.quantity > 0 and ${state} in ('expired', 'expiring') ${input.where ?? sql``}
        order by l.expiry_date, p.name`,
  );
}
