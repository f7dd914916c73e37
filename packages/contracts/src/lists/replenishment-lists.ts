import { z } from 'zod';
import { col } from '../list-fields.ts';
import { listContract } from '../lists.ts';
import { LIST_PATHS } from './list-paths.ts';

const text = col.text({ sort: true, filter: true, search: true });
const decimal = col.decimal({ sort: true, filter: true });
const filterId = col.int({ filter: true });

/** Where an inventory's working levels come from: its typed reorder point and par, or the forecast's (typed as a floor). */
export const LEVEL_SOURCES = ['typed', 'forecast'] as const;
export type LevelSource = (typeof LEVEL_SOURCES)[number];

/**
 * GET /api/admin/list/order-suggestions?dental_practice_id=…: what one practice should order as of its forecast date,
 * one row per product the order-up-to policy says to order now (quantities in usage units and packs, money in the
 * supplier's currency, exact decimal text). `id` is the inventory's id (its reasoning is
 * /api/replenishment/order-suggestions/{id}/reasoning). The purchase quantity is never reduced by
 * what another practice could transfer: the screen marks the rows a transfer suggestion covers, and a transfer made
 * shows up here as stock on hand.
 */
export const orderSuggestionListContract = listContract({
  path: LIST_PATHS.orderSuggestion,
  fields: {
    id: col.int({ sort: true, filter: true }),
    product_id: filterId,
    product_name: text,
    sku: text,
    brand_id: col.nullable(filterId),
    brand_name: col.nullable(text),
    category_id: col.nullable(filterId),
    category_name: col.nullable(text),
    usage_unit: col.text({ filter: true }),
    supplier_id: col.nullable(filterId),
    supplier_name: col.nullable(text),
    supplier_offer_id: col.nullable(filterId),
    supplier_sku: col.nullable(col.text({ filter: true, search: true })),
    purchase_unit: col.text({ filter: true }),
    units_per_pack: decimal,
    minimum_order_packs: col.int({ sort: true, filter: true }),
    on_hand: decimal,
    on_order_in_draft: decimal,
    on_order_sent: decimal,
    on_order: decimal,
    reorder_point: decimal,
    order_up_to: decimal,
    level_source: col.enum(LEVEL_SOURCES, { sort: true, filter: true }),
    order_packs: col.int({ sort: true, filter: true }),
    order_units: decimal,
    currency: col.text({ sort: true, filter: true }),
    unit_price: decimal,
    line_total: decimal,
    order_by_date: col.date({ sort: true, filter: true }),
    stock_out_date: col.nullable(col.date({ sort: true, filter: true })),
    lead_time_days: col.int({ sort: true, filter: true }),
  },
  defaultSort: { field: 'order_by_date', direction: 'asc' },
});
export type OrderSuggestionRow = z.infer<typeof orderSuggestionListContract.row>;
