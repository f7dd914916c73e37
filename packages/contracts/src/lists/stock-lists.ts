import { z } from 'zod';
import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { POLICY_MODES, reorderSuggestionFiguresSchema } from '../reorder-levels.ts';
import { PROCEDURE_STATUSES } from '../stock.ts';
import { consumptionFields, idField, procedureCodeFields, statusField } from './common-fields.ts';
import { LIST_PATHS } from './list-paths.ts';

/** Stock status of an inventory row: out, at or under its reorder point, with a lot expiring soon, or fine. */
export const STOCK_STATUSES = ['out', 'low', 'expiring', 'ok'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/**
 * A lot's expiry state on the practice's today: past its expiry day, expiring within the practice's expiry warning
 * days, or fine. Computed by the server only (the API's stock/expiry.ts); screens show what it sends.
 */
export const EXPIRY_STATES = ['expired', 'expiring', 'ok'] as const;
export type ExpiryState = (typeof EXPIRY_STATES)[number];

const text = col.text({ sort: true, filter: true, search: true });
const decimal = col.decimal({ sort: true, filter: true });
const filterId = col.int({ filter: true });

/** GET /api/admin/list/inventories: one practice's stock per product (quantities and money are exact decimal text). */
export const inventoryListContract = listContract({
  path: LIST_PATHS.inventory,
  fields: {
    id: idField,
    dental_practice_id: filterId,
    product_id: filterId,
    product_name: text,
    sku: text,
    gtin: col.nullable(col.text({ filter: true, search: true })),
    brand_name: col.nullable(text),
    category_name: col.nullable(text),
    usage_unit: col.text({ filter: true }),
    purchase_unit: col.text({ filter: true }),
    units_per_purchase_unit: col.int({ sort: true, filter: true }),
    tracks_lots: col.bool({ filter: true }),
    on_hand: decimal,
    on_hand_purchase_units: decimal,
    value: decimal,
    nearest_expiry: col.nullable(col.date({ sort: true, filter: true })),
    /** The expiry state of the lot with stock that expires first (null: no such lot with an expiry date). */
    nearest_expiry_state: col.nullable(col.enum(EXPIRY_STATES, { filter: true })),
    reorder_point: decimal,
    par_level: decimal,
    location: col.nullable(text),
    status: statusField,
    stock_status: col.enum(STOCK_STATUSES, { sort: true, filter: true }),
    policy_mode: col.enum(POLICY_MODES, { sort: true, filter: true }),
    /** From the latest forecast run (null: none yet, or a fallback — `suggestion.fallback` says which). */
    suggested_reorder_point: col.nullable(decimal),
    suggested_order_up_to: col.nullable(decimal),
    suggested_at: col.nullable(col.date({ sort: true, filter: true })),
    /** The levels the stock status, low stock and reorder list use (policy mode, typed floor): stock/levels.ts. */
    effective_reorder_point: decimal,
    effective_order_up_to: decimal,
    suggestion: col.field(reorderSuggestionFiguresSchema.nullable()),
  },
  defaultSort: { field: 'product_name', direction: 'asc' },
});

/** GET /api/admin/list/stock-movements: one practice's ledger, newest first. */
export const movementListContract = listContract({
  path: LIST_PATHS.movement,
  fields: {
    id: idField,
    occurred_at: col.date({ sort: true, filter: true }),
    type: text,
    inventory_id: filterId,
    product_id: filterId,
    product_name: text,
    sku: text,
    lot_id: col.nullable(filterId),
    lot_number: col.nullable(text),
    expiry_date: col.nullable(col.date({ sort: true, filter: true })),
    quantity: decimal,
    unit_cost: decimal,
    reason: col.nullable(col.text({ filter: true, search: true })),
    procedure_id: col.nullable(filterId),
    counterpart_practice_name: col.nullable(text),
    user_email: col.nullable(text),
    /** Where the stock moved (its lot's location). */
    location_id: col.nullable(filterId),
    location_name: col.nullable(text),
  },
  defaultSort: { field: 'occurred_at', direction: 'desc' },
});

/** GET /api/admin/list/procedures: one practice's procedures with their consumable cost as recorded. */
export const procedureListContract = listContract({
  path: LIST_PATHS.procedure,
  fields: {
    id: idField,
    dental_practice_id: filterId,
    performed_at: col.date({ sort: true, filter: true }),
    ...procedureCodeFields,
    procedure_template_id: col.nullable(filterId),
    template_name: col.nullable(text),
    provider: col.nullable(text),
    status: col.enum(PROCEDURE_STATUSES, { sort: true, filter: true }),
    ...consumptionFields,
    /** The operatory (storage location) where it was done. */
    location_id: col.nullable(filterId),
    location_name: col.nullable(text),
  },
  defaultSort: { field: 'performed_at', direction: 'desc' },
});

/** A lot of an inventory as its detail shows it. */
export const lotSchema = z.object({
  id: z.number().int(),
  lot_number: z.string().nullable(),
  expiry_date: z.string().nullable(),
  expiry_state: z.enum(EXPIRY_STATES).nullable(),
  quantity: z.string(),
  unit_cost: z.string(),
  value: z.string(),
  received_at: z.string(),
  /** The storage location holding the lot. */
  location_id: z.number().int(),
  location_name: z.string(),
});
export type Lot = z.infer<typeof lotSchema>;
export type MovementRow = z.infer<typeof movementListContract.row>;

/** An inventory's stock at one location of its practice (every active location, and any other still holding a lot). */
export const locationStockSchema = z.object({
  location_id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  is_main: z.boolean(),
  on_hand: z.string(),
  value: z.string(),
});
export type LocationStock = z.infer<typeof locationStockSchema>;

/** GET /api/inventory/{id}: the inventory's list row, its lots, its stock per location and its last 100 movements. */
export const inventoryDetailSchema = inventoryListContract.row.extend({ lots: z.array(lotSchema), movements: z.array(movementListContract.row), locations: z.array(locationStockSchema) });
export type InventoryDetail = z.infer<typeof inventoryDetailSchema>;
