import { bigint, date, index, integer, numeric, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { dentalPractices } from './dental-practices.ts';

/** The key columns both rollups share (fresh builders per table). */
const rollupKeys = () => ({
  dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
    .notNull()
    .references(() => dentalPractices.id, { onDelete: 'cascade' }),
  productId: bigint('product_id', { mode: 'number' })
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' }),
});

/** The figures both rollups keep, per day or per month. */
const rollupFigures = () => ({
  /** Consumed, positive for use: −Σ quantity of 'consume' movements (give-backs of consumption included). */
  consumedQuantity: numeric('consumed_quantity').notNull().default('0'),
  /** Cost of it: −Σ quantity × unit cost of 'consume' movements. */
  consumedCost: numeric('consumed_cost').notNull().default('0'),
  /** How many 'consume' movements (a product with none in a window is absent from consumption reads). */
  consumedCount: integer('consumed_count').notNull().default(0),
  /** Σ quantity × unit cost of 'receive' movements (the supply spend). */
  receivedValue: numeric('received_value').notNull().default('0'),
  /** Σ quantity of every movement: the change of stock on hand in the day (or month). */
  netQuantity: numeric('net_quantity').notNull().default('0'),
  /** Σ quantity × unit cost of every movement: the change of stock value in the day (or month). */
  netValue: numeric('net_value').notNull().default('0'),
  /** How many movements; a row exists only while it is above zero. */
  movementCount: integer('movement_count').notNull().default(0),
});

/**
 * The ledger (stock_movements) added up per practice, product and local day (the practice's time zone), so the
 * dashboard and the reports read a row per day instead of every movement. Written only by triggers on
 * stock_movements in the movement's own statement (migration 0019: insert, update, delete, truncate, enabled
 * ALWAYS so no session setting skips them) and rebuilt for a practice when its time zone changes; `npm run
 * check:ledger` proves every row equals the ledger. Values are unrounded (quantity × cost keeps 8 places).
 */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    ...rollupKeys(),
    /** The practice's calendar day of the movements. */
    day: date('day', { mode: 'string' }).notNull(),
    ...rollupFigures(),
    /**
     * The checkpoint (migration 0021): stock on hand at the end of the day, Σ net_quantity of this and every earlier
     * day of the product, so stock at a past date reads one row per product instead of its whole history. Kept by
     * the same triggers (every later day of a product is brought up to date when an earlier one changes).
     */
    closingQuantity: numeric('closing_quantity').notNull().default('0'),
    /** Stock value at the end of the day: Σ net_value of this and every earlier day of the product. */
    closingValue: numeric('closing_value').notNull().default('0'),
  },
  (t) => [primaryKey({ columns: [t.dentalPracticeId, t.productId, t.day] }), index('ledger_day_totals_practice_day_idx').on(t.dentalPracticeId, t.day)],
);

/**
 * The same figures per practice, product and local month (migration 0034): the day rows summed by month, kept by the
 * same statement trigger in the movement's own statement, so a read of whole months (the twelve-month widgets)
 * reads one row per product and month instead of one per day. No checkpoint columns (the days hold them).
 * `npm run check:ledger` proves every row equals the ledger.
 */
export const ledgerMonthTotals = pgTable(
  'ledger_month_totals',
  {
    ...rollupKeys(),
    /** The first day of the practice's calendar month of the movements. */
    month: date('month', { mode: 'string' }).notNull(),
    ...rollupFigures(),
  },
  (t) => [primaryKey({ columns: [t.dentalPracticeId, t.productId, t.month] }), index('ledger_month_totals_practice_month_idx').on(t.dentalPracticeId, t.month)],
);
