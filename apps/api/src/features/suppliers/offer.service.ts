import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { SupplierOffer, supplierOfferBodySchema } from '@enamel/contracts';
import { products, supplierOffers, suppliers, type Database } from '@enamel/db';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { runListRow } from '../../core/list-engine.ts';
import type { Tx } from '../../core/transaction.ts';
import { supplierOfferList } from './offer.list.ts';

type Row = typeof supplierOffers.$inferSelect;
export type SupplierOfferInput = z.output<typeof supplierOfferBodySchema>;
/** The activity log's subject of an offer (its permissions are the supplier's). */
export const OFFER_SUBJECT = 'SupplierOffer';

export async function presentOffer(db: Database, row: Row): Promise<SupplierOffer> {
  const offer = await runListRow(db, supplierOfferList, eq(supplierOffers.id, row.id));
  if (!offer) throw new AppError('not_found');
  return offer;
}

export async function findOffer(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(supplierOffers).where(eq(supplierOffers.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

async function lockOffer(tx: Tx, id: number): Promise<Row> {
  const [row] = await tx.select().from(supplierOffers).where(eq(supplierOffers.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * The product and the supplier an active offer is for, checked inside the write's transaction: both exist and
 * are active, and a currency sent is the supplier's. The product's row is locked for update, so two writes
 * switching its preferred offer run one after the other.
 */
async function checkParties(tx: Tx, body: { product_id: number; supplier_id: number; currency?: string }, active: boolean): Promise<void> {
  const [product] = await tx.select({ status: products.status }).from(products).where(eq(products.id, body.product_id)).for('update');
  if (!product) throw invalid('product_id', 'catalog.unknown_product');
  const [supplier] = await tx.select({ status: suppliers.status, currency: suppliers.currency }).from(suppliers).where(eq(suppliers.id, body.supplier_id)).for('share');
  if (!supplier) throw invalid('supplier_id', 'supplier.unknown');
  if (active && product.status !== 'active') throw invalid('product_id', 'supplier.product_inactive');
  if (active && supplier.status !== 'active') throw invalid('supplier_id', 'supplier.inactive');
  if (body.currency !== undefined && body.currency !== supplier.currency) throw invalid('currency', 'supplier.currency_mismatch', { currency: supplier.currency });
}

/** One offer per supplier and product: a second is the rule's 409, naming the product. */
async function assertSingleOffer(tx: Tx, supplierId: number, productId: number, exceptId?: number): Promise<void> {
  const rows = await tx.select({ id: supplierOffers.id }).from(supplierOffers).where(and(eq(supplierOffers.supplierId, supplierId), eq(supplierOffers.productId, productId)));
  if (rows.some((r) => r.id !== exceptId)) throw new AppError('conflict', 'supplier.offer_exists', { product_id: [{ key: 'supplier.offer_exists' }] });
}

/** Unsets the product's other preferred offer (one preferred per product across the organisation), logged. */
export async function unsetOtherPreferred(tx: Tx, actor: Actor, productId: number, keepId?: number): Promise<void> {
  const conditions = [eq(supplierOffers.productId, productId), eq(supplierOffers.preferred, true)];
  if (keepId !== undefined) conditions.push(ne(supplierOffers.id, keepId));
  const unset = await tx.update(supplierOffers).set({ preferred: false }).where(and(...conditions)).returning({ id: supplierOffers.id });
  for (const { id } of unset) await recordActivity(tx, actor, { action: 'update', subject: OFFER_SUBJECT, subjectId: id, before: { preferred: true }, after: { preferred: false } });
}

function toColumns(body: SupplierOfferInput, active: boolean) {
  return {
    supplierId: body.supplier_id,
    productId: body.product_id,
    supplierSku: body.supplier_sku,
    purchaseUnit: body.purchase_unit,
    unitsPerPurchaseUnit: body.units_per_purchase_unit,
    price: body.price,
    minimumOrderQuantity: body.minimum_order_quantity,
    leadTimeDays: body.lead_time_days,
    // An inactive offer is never the preferred one.
    preferred: body.preferred && active,
    ...(body.status ? { status: body.status } : {}),
  };
}

export async function createOffer(db: Database, actor: Actor, body: SupplierOfferInput): Promise<Row> {
  const active = (body.status ?? 'active') === 'active';
  return db.transaction(async (tx) => {
    await checkParties(tx, body, active);
    await assertSingleOffer(tx, body.supplier_id, body.product_id);
    if (body.preferred && active) await unsetOtherPreferred(tx, actor, body.product_id);
    const [row] = await tx.insert(supplierOffers).values(toColumns(body, active)).returning();
    await recordActivity(tx, actor, { action: 'create', subject: OFFER_SUBJECT, subjectId: row!.id, after: row });
    return row!;
  });
}

export async function updateOffer(db: Database, actor: Actor, id: number, body: SupplierOfferInput): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await lockOffer(tx, id);
    const active = (body.status ?? before.status) === 'active';
    await checkParties(tx, body, active);
    await assertSingleOffer(tx, body.supplier_id, body.product_id, id);
    if (body.preferred && active) await unsetOtherPreferred(tx, actor, body.product_id, id);
    const [row] = await tx.update(supplierOffers).set(toColumns(body, active)).where(eq(supplierOffers.id, id)).returning();
    await recordActivity(tx, actor, { action: 'update', subject: OFFER_SUBJECT, subjectId: id, ...changes(before, row!) });
    return row!;
  });
}

/** Deactivate (no longer bought: never chosen, no longer preferred) or restore (its product and supplier must be active). */
export async function setOfferStatus(db: Database, actor: Actor, id: number, status: 'active' | 'inactive'): Promise<Row> {
  return db.transaction(async (tx) => {
    const before = await lockOffer(tx, id);
    if (status === 'active') await checkParties(tx, { product_id: before.productId, supplier_id: before.supplierId }, true);
    const [row] = await tx
      .update(supplierOffers)
      .set({ status, ...(status === 'inactive' ? { preferred: false } : {}) })
      .where(eq(supplierOffers.id, id))
      .returning();
    await recordActivity(tx, actor, { action: status === 'inactive' ? 'deactivate' : 'restore', subject: OFFER_SUBJECT, subjectId: id, ...changes(before, row!) });
    return row!;
  });
}

/** Deletes an offer for good; purchase order lines keep their own copy of its SKU, pack and price. */
export async function deleteOffer(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await lockOffer(tx, id);
    await tx.delete(supplierOffers).where(eq(supplierOffers.id, id));
    await recordActivity(tx, actor, { action: 'delete', subject: OFFER_SUBJECT, subjectId: id, before });
  });
}
