import { sql } from 'drizzle-orm';
import { supplierOfferListContract, type ListRow } from '@enamel/contracts';
import { products, supplierOffers, suppliers } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type SupplierOfferRow = ListRow<typeof supplierOfferListContract>;

/** The price of one usage unit, 4 places (as a product's unit cost is rounded). */
export const offerUnitPrice = sql<string>`round(${supplierOffers.price} / ${supplierOffers.unitsPerPurchaseUnit}, 4)`;
/** The offer's lead time, or its supplier's. */
export const offerLeadTime = sql<number>`coalesce(${supplierOffers.leadTimeDays}, ${suppliers.leadTimeDays})`;

export const supplierOfferList = bindList(supplierOfferListContract, {
  table: supplierOffers,
  columns: {
    supplier_id: supplierOffers.supplierId,
    supplier_name: suppliers.name,
    product_id: supplierOffers.productId,
    product_name: products.name,
    product_sku: products.sku,
    supplier_sku: supplierOffers.supplierSku,
    purchase_unit: supplierOffers.purchaseUnit,
    units_per_purchase_unit: supplierOffers.unitsPerPurchaseUnit,
    usage_unit: products.usageUnit,
    price: supplierOffers.price,
    currency: suppliers.currency,
    unit_price: offerUnitPrice,
    minimum_order_quantity: supplierOffers.minimumOrderQuantity,
    lead_time_days: supplierOffers.leadTimeDays,
    effective_lead_time_days: offerLeadTime,
    preferred: supplierOffers.preferred,
    status: supplierOffers.status,
    created_at: supplierOffers.createdAt,
  },
  extra: { supplier_status: suppliers.status, product_status: products.status },
  joins: [
    { inner: suppliers, on: sql`${suppliers.id} = ${supplierOffers.supplierId}` },
    { inner: products, on: sql`${products.id} = ${supplierOffers.productId}` },
  ],
  tiebreaker: supplierOffers.id,
});
