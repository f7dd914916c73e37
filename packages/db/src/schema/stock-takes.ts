import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, numeric, pgTable, text, timestamp, uniqueIndex, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { categories, products } from './catalog.ts';
import { timestamps } from './common.ts';
import { dentalPractices } from './dental-practices.ts';
import { storageLocations } from './locations.ts';
import { inventories } from './stock.ts';
import { users } from './users.ts';

/**
 * A stock take (a full count, a category's count, a cycle count or a location's count) of one practice (docs/stock-takes.md). Its lines
 * record what the ledger held at the start; `movement_watermark` is the last ledger movement before it, so the
 * movements since the start are those above it (procedures go on while the shelves are counted).
 */
export const stockTakes = pgTable(
  'stock_takes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    /** What was selected: all products, one category, or a cycle-count selection. */
    kind: varchar('kind', { length: 16 }).notNull(),
    categoryId: bigint('category_id', { mode: 'number' }).references(() => categories.id, { onDelete: 'restrict' }),
    /** The location a `location` take counts (migration 0027): its lines are what is held there. */
    locationId: bigint('location_id', { mode: 'number' }).references(() => storageLocations.id, { onDelete: 'restrict' }),
    status: varchar('status', { length: 16 }).notNull().default('open'),
    /** The counters do not see the expected quantities. */
    blind: boolean('blind').notNull().default(true),
    movementWatermark: bigint('movement_watermark', { mode: 'number' }).notNull().default(0),
    startedBy: bigint('started_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    cancelledBy: bigint('cancelled_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    ...timestamps,
  },
  (t) => [
    index('stock_takes_practice_status_idx').on(t.dentalPracticeId, t.status),
    check('stock_takes_status', sql`${t.status} in ('open', 'approved', 'cancelled')`),
    index('stock_takes_location_idx').on(t.locationId),
    check(
      'stock_takes_kind',
      sql`${t.kind} in ('all', 'category', 'cycle', 'location') and (${t.kind} <> 'category' or ${t.categoryId} is not null) and ((${t.kind} = 'location') = (${t.locationId} is not null))`,
    ),
  ],
);

/** A product of a stock take: what the ledger held at the start, its unit cost then, the count that stands and why. */
export const stockTakeLines = pgTable(
  'stock_take_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stockTakeId: bigint('stock_take_id', { mode: 'number' })
      .notNull()
      .references(() => stockTakes.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    inventoryId: bigint('inventory_id', { mode: 'number' })
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    expectedQuantity: numeric('expected_quantity', { precision: 16, scale: 4 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull(),
    /** The count the reviewer chose when the product was counted more than once. */
    chosenCountId: bigint('chosen_count_id', { mode: 'number' }).references((): AnyPgColumn => stockTakeCounts.id, { onDelete: 'set null' }),
    reason: text('reason'),
    /** Written at approval: the net ledger movements since the start, and counted − (expected + movements since). */
    movementsSince: numeric('movements_since', { precision: 16, scale: 4 }),
    variance: numeric('variance', { precision: 16, scale: 4 }),
    ...timestamps,
  },
  (t) => [uniqueIndex('stock_take_lines_take_product_idx').on(t.stockTakeId, t.productId), index('stock_take_lines_product_idx').on(t.productId)],
);

/** One person's count of a line: several people may count at once, and a product counted twice keeps both. */
export const stockTakeCounts = pgTable(
  'stock_take_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    stockTakeLineId: bigint('stock_take_line_id', { mode: 'number' })
      .notNull()
      .references(() => stockTakeLines.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    quantity: numeric('quantity', { precision: 16, scale: 4 }).notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stock_take_counts_line_idx').on(t.stockTakeLineId), check('stock_take_counts_quantity', sql`${t.quantity} >= 0`)],
);
