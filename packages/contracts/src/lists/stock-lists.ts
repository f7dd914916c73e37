import { z } from 'zod';
import { STATUSES } from '../dental-practices.ts';
import { listContract } from '../lists.ts';
import { LIST_PATHS } from './list-paths.ts';
import { PROCEDURE_STATUSES } from '../stock.ts';

/** Stock status of an inventory row: out, at or under its reorder point, with a lot expiring soon, or fine. */
export const STOCK_STATUSES = ['out', 'low', 'expiring', 'ok'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

/** GET /api/admin/list/inventories: one practice's stock per product (quantities and money are exact decimal text). */
export const inventoryListContract = listContract({
  path: LIST_PATHS.inventory,
  row: z.object({
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
    status: z.enum(STATUSES),
    stock_status: z.enum(STOCK_STATUSES),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    dental_practice_id: { type: 'number', filter: true },
    product_id: { type: 'number', filter: true },
    product_name: { type: 'string', sort: true, filter: true, search: true },
    sku: { type: 'string', sort: true, filter: true, search: true },
    gtin: { type: 'string', filter: true, search: true },
    brand_name: { type: 'string', sort: true, filter: true, search: true },
    category_name: { type: 'string', sort: true, filter: true, search: true },
    usage_unit: { type: 'string', filter: true },
    purchase_unit: { type: 'string', filter: true },
    units_per_purchase_unit: { type: 'number', sort: true, filter: true },
    tracks_lots: { type: 'bool', filter: true },
    on_hand: { type: 'number', sort: true, filter: true },
    on_hand_purchase_units: { type: 'number', sort: true, filter: true },
    value: { type: 'number', sort: true, filter: true },
    nearest_expiry: { type: 'date', sort: true, filter: true },
    reorder_point: { type: 'number', sort: true, filter: true },
    par_level: { type: 'number', sort: true, filter: true },
    location: { type: 'string', sort: true, filter: true, search: true },
    status: { type: 'string', sort: true, filter: true },
    stock_status: { type: 'string', sort: true, filter: true },
  },
  defaultSort: { field: 'product_name', direction: 'asc' },
});

/** GET /api/admin/list/stock-movements: one practice's ledger, newest first. */
export const movementListContract = listContract({
  path: LIST_PATHS.movement,
  row: z.object({
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
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    occurred_at: { type: 'date', sort: true, filter: true },
    type: { type: 'string', sort: true, filter: true, search: true },
    inventory_id: { type: 'number', filter: true },
    product_id: { type: 'number', filter: true },
    product_name: { type: 'string', sort: true, filter: true, search: true },
    sku: { type: 'string', sort: true, filter: true, search: true },
    lot_id: { type: 'number', filter: true },
    lot_number: { type: 'string', sort: true, filter: true, search: true },
    expiry_date: { type: 'date', sort: true, filter: true },
    quantity: { type: 'number', sort: true, filter: true },
    unit_cost: { type: 'number', sort: true, filter: true },
    reason: { type: 'string', filter: true, search: true },
    procedure_id: { type: 'number', filter: true },
    counterpart_practice_name: { type: 'string', sort: true, filter: true, search: true },
    user_email: { type: 'string', sort: true, filter: true, search: true },
  },
  defaultSort: { field: 'occurred_at', direction: 'desc' },
});

/** GET /api/admin/list/procedures: one practice's procedures with their consumable cost as recorded. */
export const procedureListContract = listContract({
  path: LIST_PATHS.procedure,
  row: z.object({
    id: z.number().int(),
    dental_practice_id: z.number().int(),
    performed_at: z.string(),
    procedure_code_id: z.number().int(),
    procedure_code: z.string(),
    procedure_code_name: z.string(),
    procedure_template_id: z.number().int().nullable(),
    template_name: z.string().nullable(),
    provider: z.string().nullable(),
    status: z.enum(PROCEDURE_STATUSES),
    items_count: z.number().int(),
    consumable_cost: z.string(),
  }),
  columns: {
    id: { type: 'number', sort: true, filter: true },
    dental_practice_id: { type: 'number', filter: true },
    performed_at: { type: 'date', sort: true, filter: true },
    procedure_code_id: { type: 'number', filter: true },
    procedure_code: { type: 'string', sort: true, filter: true, search: true },
    procedure_code_name: { type: 'string', sort: true, filter: true, search: true },
    procedure_template_id: { type: 'number', filter: true },
    template_name: { type: 'string', sort: true, filter: true, search: true },
    provider: { type: 'string', sort: true, filter: true, search: true },
    status: { type: 'string', sort: true, filter: true },
    items_count: { type: 'number', sort: true, filter: true },
    consumable_cost: { type: 'number', sort: true, filter: true },
  },
  defaultSort: { field: 'performed_at', direction: 'desc' },
});

/** A lot of an inventory as its detail shows it. */
export const lotSchema = z.object({
  id: z.number().int(),
  lot_number: z.string().nullable(),
  expiry_date: z.string().nullable(),
  quantity: z.string(),
  unit_cost: z.string(),
  value: z.string(),
  received_at: z.string(),
});
export type Lot = z.infer<typeof lotSchema>;
export type MovementRow = z.infer<typeof movementListContract.row>;

/** GET /api/inventory/{id}: the inventory's list row, its lots, and its last 100 movements. */
export const inventoryDetailSchema = inventoryListContract.row.extend({ lots: z.array(lotSchema), movements: z.array(movementListContract.row) });
export type InventoryDetail = z.infer<typeof inventoryDetailSchema>;
