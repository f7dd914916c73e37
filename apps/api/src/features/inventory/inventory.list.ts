import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { brands, categories, inventories, lots, products, stockMovements, users, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';
import { isoDate } from '../../core/presenters.ts';

/** Days ahead in which a lot with stock counts as expiring. */
export const EXPIRING_DAYS = 30;

export const inventoryRowSchema = z.object({
  id: z.number().int(),
  dental_practice_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  gtin: z.string().nullable(),
  brand_name: z.string().nullable(),
  category_name: z.string().nullable(),
  usage_unit: z.string(),
  purchase_unit: z.string(),
  units_per_purchase_unit: z.number().int(),
  tracks_lots: z.boolean(),
  on_hand: z.string(),
  on_hand_purchase_units: z.string(),
  value: z.string(),
  nearest_expiry: z.string().nullable(),
  reorder_point: z.string(),
  par_level: z.string(),
  location: z.string().nullable(),
  status: z.string(),
  stock_status: z.enum(['out', 'low', 'expiring', 'ok']),
});
export type InventoryRow = z.infer<typeof inventoryRowSchema>;

const inv = sql.raw('"inventories"."id"');
const value = sql<string>`(select coalesce(round(sum(greatest(l.quantity, 0) * l.unit_cost), 4), 0)::text from lots l where l.inventory_id = ${inv})`;
const nearestExpiry = sql<string | null>`(select min(l.expiry_date)::text from lots l where l.inventory_id = ${inv} and l.quantity > 0)`;
const onHandPurchase = sql<string>`round(${inventories.onHand} / ${products.unitsPerPurchaseUnit}, 2)::text`;
const stockStatus = sql<'out' | 'low' | 'expiring' | 'ok'>`case
  when ${inventories.onHand} <= 0 then 'out'
  when ${inventories.onHand} <= ${inventories.reorderPoint} then 'low'
  when exists (select 1 from lots l where l.inventory_id = ${inv} and l.quantity > 0 and l.expiry_date < current_date + ${EXPIRING_DAYS}::int) then 'expiring'
  else 'ok' end`;

/** The inventory list of one practice (the caller's scope names the practice). */
export const inventoryList: ListDefinition<InventoryRow> = {
  path: '/api/admin/list/inventories',
  columns: {
    id: { type: 'number', expr: inventories.id, sort: true, filter: true },
    product_id: { type: 'number', expr: inventories.productId, filter: true },
    product_name: { type: 'string', expr: products.name, sort: true, filter: true, search: true },
    sku: { type: 'string', expr: products.sku, sort: true, filter: true, search: true },
    gtin: { type: 'string', expr: products.gtin, filter: true, search: true },
    brand_name: { type: 'string', expr: brands.name, sort: true, filter: true, search: true },
    category_name: { type: 'string', expr: categories.name, sort: true, filter: true, search: true },
    on_hand: { type: 'number', expr: inventories.onHand, sort: true, filter: true },
    value: { type: 'number', expr: sql`(${value})::numeric`, sort: true, filter: true },
    nearest_expiry: { type: 'date', expr: sql`(${nearestExpiry})::date`, sort: true, filter: true },
    reorder_point: { type: 'number', expr: inventories.reorderPoint, sort: true, filter: true },
    par_level: { type: 'number', expr: inventories.parLevel, sort: true, filter: true },
    location: { type: 'string', expr: inventories.location, sort: true, filter: true, search: true },
    status: { type: 'string', expr: inventories.status, sort: true, filter: true },
    stock_status: { type: 'string', expr: stockStatus, sort: true, filter: true },
  },
  defaultSort: { field: 'product_name', direction: 'asc' },
  tiebreaker: inventories.id,
  query: (db: Database) =>
    db
      .select({
        id: inventories.id, dental_practice_id: inventories.dentalPracticeId, product_id: inventories.productId, product_name: products.name, sku: products.sku, gtin: products.gtin,
        brand_name: brands.name, category_name: categories.name, usage_unit: products.usageUnit, purchase_unit: products.purchaseUnit,
        units_per_purchase_unit: products.unitsPerPurchaseUnit, tracks_lots: products.tracksLots, on_hand: inventories.onHand, on_hand_purchase_units: onHandPurchase,
        value, nearest_expiry: nearestExpiry, reorder_point: inventories.reorderPoint, par_level: inventories.parLevel, location: inventories.location,
        status: inventories.status, stock_status: stockStatus,
      })
      .from(inventories)
      .innerJoin(products, eq(products.id, inventories.productId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .$dynamic(),
};

export const movementRowSchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  type: z.string(),
  inventory_id: z.number().int(),
  product_id: z.number().int(),
  product_name: z.string(),
  sku: z.string(),
  lot_id: z.number().int().nullable(),
  lot_number: z.string().nullable(),
  expiry_date: z.string().nullable(),
  quantity: z.string(),
  unit_cost: z.string(),
  reason: z.string().nullable(),
  procedure_id: z.number().int().nullable(),
  counterpart_practice_name: z.string().nullable(),
  user_email: z.string().nullable(),
});
export type MovementRow = z.infer<typeof movementRowSchema>;

const counterpart = sql<string | null>`(select p.name from dental_practices p where p.id = ${stockMovements.counterpartPracticeId})`;

/** The ledger of one practice. */
export const movementList: ListDefinition<MovementRow> = {
  path: '/api/admin/list/stock-movements',
  columns: {
    id: { type: 'number', expr: stockMovements.id, sort: true, filter: true },
    occurred_at: { type: 'date', expr: stockMovements.occurredAt, sort: true, filter: true },
    type: { type: 'string', expr: stockMovements.type, sort: true, filter: true, search: true },
    inventory_id: { type: 'number', expr: stockMovements.inventoryId, filter: true },
    product_id: { type: 'number', expr: stockMovements.productId, filter: true },
    product_name: { type: 'string', expr: products.name, sort: true, filter: true, search: true },
    sku: { type: 'string', expr: products.sku, sort: true, filter: true, search: true },
    lot_number: { type: 'string', expr: lots.lotNumber, sort: true, filter: true, search: true },
    quantity: { type: 'number', expr: stockMovements.quantity, sort: true, filter: true },
    unit_cost: { type: 'number', expr: stockMovements.unitCost, sort: true, filter: true },
    reason: { type: 'string', expr: stockMovements.reason, filter: true, search: true },
    procedure_id: { type: 'number', expr: stockMovements.procedureId, filter: true },
    user_email: { type: 'string', expr: users.email, sort: true, filter: true, search: true },
  },
  defaultSort: { field: 'occurred_at', direction: 'desc' },
  tiebreaker: stockMovements.id,
  query: (db: Database) =>
    db
      .select({
        id: stockMovements.id, occurred_at: stockMovements.occurredAt, type: stockMovements.type, inventory_id: stockMovements.inventoryId,
        product_id: stockMovements.productId, product_name: products.name, sku: products.sku, lot_id: stockMovements.lotId, lot_number: lots.lotNumber,
        expiry_date: lots.expiryDate, quantity: stockMovements.quantity, unit_cost: stockMovements.unitCost, reason: stockMovements.reason,
        procedure_id: stockMovements.procedureId, counterpart_practice_name: counterpart, user_email: users.email,
      })
      .from(stockMovements)
      .innerJoin(products, eq(products.id, stockMovements.productId))
      .leftJoin(lots, eq(lots.id, stockMovements.lotId))
      .leftJoin(users, eq(users.id, stockMovements.userId))
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as MovementRow), occurred_at: isoDate(row.occurred_at) }),
};

