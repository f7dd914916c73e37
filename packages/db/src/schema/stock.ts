import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { procedureCodes, procedureTemplates, products } from './catalog.ts';
import { timestamps } from './common.ts';
import { dentalPractices } from './dental-practices.ts';
import { storageLocations } from './locations.ts';
import { purchaseOrderLines } from './replenishment.ts';
import { users } from './users.ts';

/** Per-practice settings that change how stock behaves (the Setting screen edits them). */
export const practiceSettings = pgTable('practice_settings', {
  dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
    .primaryKey()
    .references(() => dentalPractices.id, { onDelete: 'cascade' }),
  allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
  leadTimeDays: integer('lead_time_days').notNull().default(7),
  serviceLevel: numeric('service_level', { precision: 5, scale: 4 }).notNull().default('0.95'),
  /** How far forecasts look ahead, in weeks. */
  forecastHorizonWeeks: integer('forecast_horizon_weeks').notNull().default(12),
  /** Days between two orders to a supplier (the periodic review of the order-up-to policy). */
  reviewPeriodDays: integer('review_period_days').notNull().default(7),
  /** Stock with no consumption for this many days is dead stock. */
  deadStockDays: integer('dead_stock_days').notNull().default(90),
  /** Lots expiring within this many days are flagged. */
  expiryWarningDays: integer('expiry_warning_days').notNull().default(30),
  /** The dashboard's default "as of" date; null = today. */
  forecastDate: date('forecast_date', { mode: 'string' }),
  /** Monthly supply budget in the practice's currency; null = none set. */
  monthlySupplyBudget: numeric('monthly_supply_budget', { precision: 14, scale: 2 }),
  /** A purchase order whose total exceeds this (in its own currency) needs approval; null = never. */
  poApprovalThreshold: numeric('po_approval_threshold', { precision: 14, scale: 2 }),
  /** Share of a line's ordered quantity that may be received beyond it (0.05 = 5 %). */
  overReceiptTolerance: numeric('over_receipt_tolerance', { precision: 5, scale: 4 }).notNull().default('0'),
  /** A stock take whose variances are worth more than this (Σ |value|) needs an approver who neither started nor counted it. */
  stockTakeApprovalThreshold: numeric('stock_take_approval_threshold', { precision: 14, scale: 2 }).notNull().default('250'),
  ...timestamps,
});

/**
 * A product stocked in a practice. `on_hand` is the sum of the product's movements in that
 * practice, kept in the same transaction as every movement (and verified by check:ledger).
 */
export const inventories = pgTable(
  'inventories',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    reorderPoint: numeric('reorder_point', { precision: 14, scale: 4 }).notNull().default('0'),
    parLevel: numeric('par_level', { precision: 14, scale: 4 }).notNull().default('0'),
    location: varchar('location', { length: 120 }),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    onHand: numeric('on_hand', { precision: 16, scale: 4 }).notNull().default('0'),
    /** manual: the typed levels rule; forecast: the levels kept from the latest forecast run, typed values as a floor. */
    policyMode: varchar('policy_mode', { length: 16 }).notNull().default('manual'),
    /** Reorder point and order-up-to level computed from the latest forecast run (null: none yet, or too little history). */
    suggestedReorderPoint: numeric('suggested_reorder_point', { precision: 14, scale: 4 }),
    suggestedOrderUpTo: numeric('suggested_order_up_to', { precision: 14, scale: 4 }),
    /** The figures the suggestion came from (ReorderSuggestionFigures in the contracts). */
    suggestion: jsonb('suggestion').$type<Record<string, unknown>>(),
    suggestedAt: timestamp('suggested_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('inventories_policy_mode', sql`${t.policyMode} in ('manual', 'forecast')`),
    uniqueIndex('inventories_practice_product_idx').on(t.dentalPracticeId, t.productId),
    index('inventories_product_idx').on(t.productId),
    check('inventories_levels_not_negative', sql`${t.reorderPoint} >= 0 and ${t.parLevel} >= 0`),
  ],
);

/** A lot of a product in a practice: what is left of it, its expiry and cost. Untracked products use one running lot. */
export const lots = pgTable(
  'lots',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inventoryId: bigint('inventory_id', { mode: 'number' })
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    lotNumber: varchar('lot_number', { length: 64 }),
    /** Where the lot is held (migration 0024); a move to another location goes into a lot there. */
    locationId: bigint('location_id', { mode: 'number' })
      .notNull()
      .references(() => storageLocations.id),
    expiryDate: date('expiry_date', { mode: 'string' }),
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull().default('0'),
    quantity: numeric('quantity', { precision: 16, scale: 4 }).notNull().default('0'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('lots_inventory_expiry_idx').on(t.inventoryId, t.expiryDate), index('lots_expiry_idx').on(t.expiryDate), index('lots_location_idx').on(t.locationId)],
);

/** `move`: between two locations of one practice, a pair (−q at the source lot, +q at the destination's) that nets to zero. */
export const MOVEMENT_TYPES = ['receive', 'consume', 'adjust', 'transfer_out', 'transfer_in', 'expire', 'waste', 'return', 'move'] as const;
export type MovementType = (typeof MOVEMENT_TYPES)[number];

export const procedures = pgTable(
  'procedures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    procedureCodeId: bigint('procedure_code_id', { mode: 'number' })
      .notNull()
      .references(() => procedureCodes.id, { onDelete: 'restrict' }),
    procedureTemplateId: bigint('procedure_template_id', { mode: 'number' }).references(() => procedureTemplates.id, { onDelete: 'restrict' }),
    performedAt: timestamp('performed_at', { withTimezone: true }).notNull(),
    provider: varchar('provider', { length: 120 }),
    status: varchar('status', { length: 16 }).notNull().default('completed'),
    notes: text('notes'),
    /** The operatory (or other location) where it was done: its consumption takes from there first (migration 0024). */
    locationId: bigint('location_id', { mode: 'number' }).references(() => storageLocations.id, { onDelete: 'set null' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The system it came from (`open-dental`, `api`…) and its id there: unique per practice and source (migration 0031). */
    externalSource: varchar('external_source', { length: 32 }),
    externalId: varchar('external_id', { length: 64 }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('procedures_external_idx').on(t.dentalPracticeId, t.externalSource, t.externalId).where(sql`${t.externalId} is not null`),
    check('procedures_external_pair', sql`(${t.externalSource} is null) = (${t.externalId} is null)`),
    index('procedures_practice_performed_idx').on(t.dentalPracticeId, t.performedAt),
    index('procedures_code_idx').on(t.procedureCodeId),
    index('procedures_template_idx').on(t.procedureTemplateId),
    index('procedures_location_idx').on(t.locationId),
  ],
);

export const procedureItems = pgTable(
  'procedure_items',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    procedureId: bigint('procedure_id', { mode: 'number' })
      .notNull()
      .references(() => procedures.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull(),
    /** Cost of what was consumed (Σ lot cost × quantity), captured when consumed. */
    cost: numeric('cost', { precision: 16, scale: 4 }).notNull().default('0'),
  },
  (t) => [index('procedure_items_procedure_idx').on(t.procedureId), index('procedure_items_product_idx').on(t.productId), check('procedure_items_quantity_positive', sql`${t.quantity} > 0`)],
);

/** The append-only ledger: every change of stock is one row here, never updated or deleted. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    inventoryId: bigint('inventory_id', { mode: 'number' })
      .notNull()
      .references(() => inventories.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    lotId: bigint('lot_id', { mode: 'number' }).references(() => lots.id, { onDelete: 'cascade' }),
    /** The location of its lot, where the stock moved (null only without a lot; check:ledger proves they agree). */
    locationId: bigint('location_id', { mode: 'number' }).references(() => storageLocations.id),
    type: varchar('type', { length: 16 }).notNull(),
    /** Signed, in usage units: receipts positive, consumption negative. */
    quantity: numeric('quantity', { precision: 16, scale: 4 }).notNull(),
    unitCost: numeric('unit_cost', { precision: 14, scale: 4 }).notNull().default('0'),
    reason: text('reason'),
    procedureId: bigint('procedure_id', { mode: 'number' }).references(() => procedures.id, { onDelete: 'set null' }),
    procedureItemId: bigint('procedure_item_id', { mode: 'number' }).references(() => procedureItems.id, { onDelete: 'set null' }),
    /** The other practice of a transfer. */
    counterpartPracticeId: bigint('counterpart_practice_id', { mode: 'number' }).references(() => dentalPractices.id, { onDelete: 'set null' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The purchase order line a receipt or a return to the supplier belongs to. */
    purchaseOrderLineId: bigint('purchase_order_line_id', { mode: 'number' }).references(() => purchaseOrderLines.id, { onDelete: 'set null' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('stock_movements_inventory_idx').on(t.inventoryId, t.occurredAt),
    index('stock_movements_practice_occurred_idx').on(t.dentalPracticeId, t.occurredAt),
    index('stock_movements_product_idx').on(t.productId, t.occurredAt),
    index('stock_movements_lot_idx').on(t.lotId),
    index('stock_movements_procedure_idx').on(t.procedureId),
    index('stock_movements_procedure_item_idx').on(t.procedureItemId),
    index('stock_movements_po_line_idx').on(t.purchaseOrderLineId),
    index('stock_movements_location_idx').on(t.locationId),
    check('stock_movements_type', sql`${t.type} in ('receive', 'consume', 'adjust', 'transfer_out', 'transfer_in', 'expire', 'waste', 'return', 'move')`),
    check('stock_movements_location_with_lot', sql`${t.lotId} is null or ${t.locationId} is not null`),
  ],
);
