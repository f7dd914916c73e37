import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { supplierOffers, suppliers, type Database } from '@enamel/db';
import { decimalText } from '../../core/presenters.ts';
import type { Tx } from '../../core/transaction.ts';
import { offerLeadTime, offerUnitPrice } from './offer.list.ts';

/** The offer a product is bought through: its supplier, pack, price (in the supplier's currency), minimum order and lead time. */
export interface ChosenOffer {
  productId: number;
  offerId: number;
  supplierId: number;
  supplierName: string;
  /** The supplier's currency: price and unitPrice are in it, never converted. */
  currency: string;
  supplierSku: string | null;
  purchaseUnit: string;
  /** Usage units in one purchase unit (exact decimal text, 4 places). */
  unitsPerPurchaseUnit: string;
  /** Price of one purchase unit (exact decimal text, 4 places). */
  price: string;
  /** Price of one usage unit, rounded to 4 places. */
  unitPrice: string;
  /** The fewest purchase units on one order line. */
  minimumOrderQuantity: number;
  /** Days from ordering to arrival: the offer's own, else its supplier's. */
  leadTimeDays: number;
  /** The supplier's minimum order value, in its currency. */
  minimumOrderValue: string;
  preferred: boolean;
}

/**
 * The chosen offer of each product in `productIds`: its preferred offer, else its cheapest per usage unit
 * (ties: the shorter lead time, then the older offer). Only active offers of active suppliers count; a product
 * without one is absent from the map. One query, whatever the number of products.
 */
export async function chosenOffers(db: Database | Tx, productIds: readonly number[]): Promise<Map<number, ChosenOffer>> {
  const out = new Map<number, ChosenOffer>();
  const ids = [...new Set(productIds)];
  if (ids.length === 0) return out;
  const rows = await db
    .selectDistinctOn([supplierOffers.productId], {
      productId: supplierOffers.productId,
      offerId: supplierOffers.id,
      supplierId: supplierOffers.supplierId,
      supplierName: suppliers.name,
      currency: suppliers.currency,
      supplierSku: supplierOffers.supplierSku,
      purchaseUnit: supplierOffers.purchaseUnit,
      unitsPerPurchaseUnit: supplierOffers.unitsPerPurchaseUnit,
      price: supplierOffers.price,
      unitPrice: offerUnitPrice,
      minimumOrderQuantity: supplierOffers.minimumOrderQuantity,
      leadTimeDays: sql<number>`${offerLeadTime}::int`,
      minimumOrderValue: suppliers.minimumOrderValue,
      preferred: supplierOffers.preferred,
    })
    .from(supplierOffers)
    .innerJoin(suppliers, eq(suppliers.id, supplierOffers.supplierId))
    .where(and(inArray(supplierOffers.productId, ids), eq(supplierOffers.status, 'active'), eq(suppliers.status, 'active')))
    .orderBy(
      asc(supplierOffers.productId),
      desc(supplierOffers.preferred),
      asc(sql`${supplierOffers.price} / ${supplierOffers.unitsPerPurchaseUnit}`),
      asc(offerLeadTime),
      asc(supplierOffers.id),
    );
  for (const r of rows) {
    out.set(Number(r.productId), {
      ...r,
      productId: Number(r.productId),
      offerId: Number(r.offerId),
      supplierId: Number(r.supplierId),
      unitsPerPurchaseUnit: decimalText(r.unitsPerPurchaseUnit),
      price: decimalText(r.price),
      unitPrice: decimalText(r.unitPrice),
      minimumOrderValue: decimalText(r.minimumOrderValue),
      leadTimeDays: Number(r.leadTimeDays),
    });
  }
  return out;
}
