import { orderSuggestionListContract, toDecimal, type OrderSuggestionRow } from '@enamel/contracts';
import { bindComputedList } from '../../core/list-engine.ts';
import type { Suggestion } from './candidates.ts';

/** Order suggestions are computed per request (forecast arithmetic) and served by the list engine as any list. */
export const orderSuggestionList = bindComputedList(orderSuggestionListContract, {
  types: {
    id: 'bigint',
    product_id: 'bigint',
    product_name: 'text',
    sku: 'text',
    brand_id: 'bigint',
    brand_name: 'text',
    category_id: 'bigint',
    category_name: 'text',
    usage_unit: 'text',
    supplier_id: 'bigint',
    supplier_name: 'text',
    supplier_offer_id: 'bigint',
    supplier_sku: 'text',
    purchase_unit: 'text',
    units_per_pack: 'numeric',
    minimum_order_packs: 'integer',
    on_hand: 'numeric',
    on_order_in_draft: 'numeric',
    on_order_sent: 'numeric',
    on_order: 'numeric',
    reorder_point: 'numeric',
    order_up_to: 'numeric',
    level_source: 'text',
    order_packs: 'integer',
    order_units: 'numeric',
    currency: 'text',
    unit_price: 'numeric',
    line_total: 'numeric',
    order_by_date: 'date',
    stock_out_date: 'date',
    lead_time_days: 'integer',
  },
  tiebreaker: 'id',
});

/** Exact decimal text, 4 places (the API's quantities and money). */
export const dec4 = (x: number): string => (Math.round(x * 10_000) / 10_000).toFixed(4);

/** A suggestion as a row of the list (`date`: the forecast date, the order-by date of a suggestion due now). */
export function suggestionRow(s: Suggestion, date: string): OrderSuggestionRow {
  const c = s.candidate;
  return {
    id: c.inventoryId,
    product_id: c.productId,
    product_name: c.productName,
    sku: c.sku,
    brand_id: c.brandId,
    brand_name: c.brandName,
    category_id: c.categoryId,
    category_name: c.categoryName,
    usage_unit: c.usageUnit,
    supplier_id: c.offer?.supplierId ?? null,
    supplier_name: c.offer?.supplierName ?? null,
    supplier_offer_id: c.offer?.id ?? null,
    supplier_sku: c.offer?.supplierSku ?? null,
    purchase_unit: c.purchaseUnit,
    units_per_pack: dec4(c.unitsPerPack),
    minimum_order_packs: c.minimumOrderPacks,
    on_hand: dec4(c.onHand),
    on_order_in_draft: dec4(c.onOrderInDraft),
    on_order_sent: dec4(c.onOrderSent),
    on_order: dec4(c.onOrderInDraft + c.onOrderSent),
    reorder_point: dec4(s.levels.reorderPoint),
    order_up_to: dec4(s.levels.orderUpTo),
    level_source: s.levels.source,
    order_packs: s.plan.packs,
    order_units: dec4(s.plan.units),
    currency: c.currency,
    unit_price: toDecimal(c.price).toFixed(4),
    line_total: toDecimal(c.price).times(s.plan.packs).toFixed(4),
    order_by_date: s.orderByDate ?? date,
    stock_out_date: s.stockOutDate,
    lead_time_days: c.leadTimeDays,
  };
}
