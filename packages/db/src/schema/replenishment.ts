import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { products } from './catalog.ts';
import { timestamps } from './common.ts';
import { dentalPractices } from './dental-practices.ts';
import { inventories } from './stock.ts';
import { users } from './users.ts';

/**
 * A supplier the organisation buys from (global, like the catalog). Its prices are in one
 * currency and are never converted (docs/product-rules.md#money).
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    accountNumber: varchar('account_number', { length: 64 }),
    contactPerson: varchar('contact_person', { length: 120 }),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 40 }),
    address: text('address'),
    /** Days from sending an order to its arrival, unless an offer says otherwise. */
    leadTimeDays: integer('lead_time_days').notNull().default(7),
    /** The smallest order the supplier accepts, in its currency (0 = none). */
    minimumOrderValue: numeric('minimum_order_value', { precision: 14, scale: 4 }).notNull().default('0'),
    currency: varchar('currency', { length: 3 }).notNull(),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('suppliers_name_lower_idx').on(sql`lower(${t.name})`),
    check('suppliers_values', sql`${t.leadTimeDays} >= 0 and ${t.minimumOrderValue} >= 0`),
  ],
);

/** What a supplier sells a product as: its SKU, pack, price per pack, minimum order and lead time. */
export const supplierOffers = pgTable(
  'supplier_offers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => suppliers.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplierSku: varchar('supplier_sku', { length: 64 }),
    /** The unit the supplier sells in (box, case, …). */
    purchaseUnit: varchar('purchase_unit', { length: 32 }).notNull(),
    /** Usage units in one purchase unit. */
    unitsPerPurchaseUnit: numeric('units_per_purchase_unit', { precision: 14, scale: 4 }).notNull().default('1'),
    /** Price of one purchase unit, in the supplier's currency. */
    price: numeric('price', { precision: 14, scale: 4 }).notNull(),
    /** The fewest purchase units the supplier sells on one order line. */
    minimumOrderQuantity: integer('minimum_order_quantity').notNull().default(1),
    /** Overrides the supplier's lead time when set. */
    leadTimeDays: integer('lead_time_days'),
    preferred: boolean('preferred').notNull().default(false),
    status: varchar('status', { length: 16 }).notNull().default('active'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('supplier_offers_supplier_product_idx').on(t.supplierId, t.productId),
    index('supplier_offers_product_idx').on(t.productId),
    /** One preferred offer per product across the organisation. */
    uniqueIndex('supplier_offers_one_preferred_idx').on(t.productId).where(sql`${t.preferred}`),
    check(
      'supplier_offers_values',
      sql`${t.unitsPerPurchaseUnit} > 0 and ${t.price} >= 0 and ${t.minimumOrderQuantity} >= 1 and (${t.leadTimeDays} is null or ${t.leadTimeDays} >= 0)`,
    ),
  ],
);

export const PURCHASE_ORDER_STATUSES = ['draft', 'awaiting_approval', 'approved', 'sent', 'partially_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** An order to one supplier for one practice, priced in the supplier's currency. */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    dentalPracticeId: bigint('dental_practice_id', { mode: 'number' })
      .notNull()
      .references(() => dentalPractices.id, { onDelete: 'cascade' }),
    supplierId: bigint('supplier_id', { mode: 'number' })
      .notNull()
      .references(() => suppliers.id, { onDelete: 'restrict' }),
    /** PO-000123: numbered per organisation, shown to the supplier. */
    number: varchar('number', { length: 32 }).notNull(),
    status: varchar('status', { length: 24 }).notNull().default('draft'),
    currency: varchar('currency', { length: 3 }).notNull(),
    /** Σ lines' quantity × unit price, kept with the lines. */
    total: numeric('total', { precision: 16, scale: 4 }).notNull().default('0'),
    notes: text('notes'),
    /** When the goods are expected (sent + lead time unless typed). */
    expectedAt: date('expected_at', { mode: 'string' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    submittedBy: bigint('submitted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    approvedBy: bigint('approved_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    rejectedReason: text('rejected_reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Where the order was e-mailed. */
    sentTo: varchar('sent_to', { length: 254 }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('purchase_orders_number_idx').on(t.number),
    index('purchase_orders_practice_status_idx').on(t.dentalPracticeId, t.status),
    index('purchase_orders_supplier_idx').on(t.supplierId),
    check('purchase_orders_status', sql`${t.status} in ('draft', 'awaiting_approval', 'approved', 'sent', 'partially_received', 'received', 'cancelled')`),
  ],
);

/**
 * A line of a purchase order. Ordered and received quantities are in purchase units; what
 * went back to the supplier is in usage units (the ledger's unit, one lot at a time).
 */
export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    purchaseOrderId: bigint('purchase_order_id', { mode: 'number' })
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    productId: bigint('product_id', { mode: 'number' })
      .notNull()
      .references(() => products.id, { onDelete: 'restrict' }),
    supplierOfferId: bigint('supplier_offer_id', { mode: 'number' }).references(() => supplierOffers.id, { onDelete: 'set null' }),
    supplierSku: varchar('supplier_sku', { length: 64 }),
    purchaseUnit: varchar('purchase_unit', { length: 32 }).notNull(),
    unitsPerPurchaseUnit: numeric('units_per_purchase_unit', { precision: 14, scale: 4 }).notNull().default('1'),
    quantity: numeric('quantity', { precision: 14, scale: 4 }).notNull(),
    /** Price of one purchase unit on the order, in the order's currency. */
    unitPrice: numeric('unit_price', { precision: 14, scale: 4 }).notNull(),
    receivedQuantity: numeric('received_quantity', { precision: 14, scale: 4 }).notNull().default('0'),
    /** What the supplier invoiced per purchase unit at the last receipt (variance = invoiced − unit price). */
    invoicedUnitPrice: numeric('invoiced_unit_price', { precision: 14, scale: 4 }),
    returnedUnits: numeric('returned_units', { precision: 16, scale: 4 }).notNull().default('0'),
    /** Credit expected from the supplier for returns, in the order's currency. */
    creditExpected: numeric('credit_expected', { precision: 16, scale: 4 }).notNull().default('0'),
    ...timestamps,
  },
  (t) => [
    index('purchase_order_lines_order_idx').on(t.purchaseOrderId),
    index('purchase_order_lines_product_idx').on(t.productId),
    check(
      'purchase_order_lines_values',
      sql`${t.quantity} > 0 and ${t.unitPrice} >= 0 and ${t.unitsPerPurchaseUnit} > 0 and ${t.receivedQuantity} >= 0 and ${t.returnedUnits} >= 0 and ${t.returnedUnits} <= ${t.receivedQuantity} * ${t.unitsPerPurchaseUnit}`,
    ),
  ],
);

/**
 * A day a product had demand it could not serve from stock: a procedure that consumed more than
 * was on hand (shortfall), or zero on hand while the forecast expected demand (zero_on_hand).
 */
export const stockOutDays = pgTable(
  'stock_out_days',
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
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The practice's calendar day. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: varchar('kind', { length: 16 }).notNull(),
    /** Demand not served that day, in usage units (0 when only expected). */
    shortQuantity: numeric('short_quantity', { precision: 16, scale: 4 }).notNull().default('0'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('stock_out_days_inventory_day_idx').on(t.inventoryId, t.day),
    index('stock_out_days_practice_day_idx').on(t.dentalPracticeId, t.day),
    check('stock_out_days_kind', sql`${t.kind} in ('shortfall', 'zero_on_hand')`),
  ],
);

