import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Locale, StockUseResult, stockUseBodySchema } from '@enamel/contracts';
import { inventories, lots, products, type Database } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { invalid } from '../../core/errors.ts';
import { translate } from '../../core/i18n.ts';
import { decimalText } from '../../core/presenters.ts';
import { locationOf, take } from '../stock/index.ts';

/**
 * Supplies used outside a procedure (gloves, disinfectant, office supplies): one `consume` movement per lot taken,
 * FEFO across the practice's lots through the ledger's `take`, with the reason "used outside a procedure" (in the
 * user's language, the note after it). A `consume` movement without a procedure counts as consumption everywhere
 * (the daily rollups count every `consume`), so it feeds the forecasts like a procedure's use. More than is on
 * hand follows the ledger's shortfall rule (a 409, or negative stock where the practice allows it). A location (where it
 * was used) is taken from first, then the rest of the practice, as a procedure done at an operatory (docs/locations.md).
 */
export async function useStock(db: Database, actor: Actor, locale: Locale, body: z.output<typeof stockUseBodySchema>): Promise<StockUseResult> {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    const [product] = await tx.select({ name: products.name, usageUnit: products.usageUnit }).from(products).where(eq(products.id, body.product_id)).for('share');
    if (!product) throw invalid('product_id', 'catalog.unknown_product');
    // Only what the practice stocks can be used from it (the ledger would create an empty inventory on first use).
    const [stocked] = await tx.select({ id: inventories.id }).from(inventories).where(and(eq(inventories.dentalPracticeId, body.dental_practice_id), eq(inventories.productId, body.product_id)));
    if (!stocked) throw invalid('product_id', 'stock.not_stocked');
    // Where it was used: a location of this practice, active (422 on location_id otherwise); its lots go first.
    if (body.location_id !== null) await locationOf(tx, body.dental_practice_id, body.location_id, 'location_id');
    const reason = [translate(locale, 'stock.used_outside_procedure'), body.note].filter(Boolean).join(': ');
    const { taken } = await take(
      tx,
      { practiceId: body.dental_practice_id, userId: actor.userId, reason },
      { productId: body.product_id, quantity: body.quantity, type: 'consume', ...(body.location_id !== null ? { locationId: body.location_id } : {}) },
    );
    const lotRows = taken.length ? await tx.select({ id: lots.id, lotNumber: lots.lotNumber, expiryDate: lots.expiryDate }).from(lots).where(inArray(lots.id, taken.map((part) => part.lotId))) : [];
    const lotOf = new Map(lotRows.map((lot) => [lot.id, lot]));
    const [inventory] = await tx.select({ id: inventories.id, onHand: inventories.onHand }).from(inventories).where(eq(inventories.id, stocked.id));
    const result: StockUseResult = {
      inventory_id: stocked.id,
      product_id: body.product_id,
      product_name: product.name,
      usage_unit: product.usageUnit,
      quantity: decimalText(body.quantity),
      on_hand: decimalText(inventory!.onHand),
      reason,
      taken: taken.map((part) => ({
        lot_id: part.lotId, lot_number: lotOf.get(part.lotId)?.lotNumber ?? null, expiry_date: lotOf.get(part.lotId)?.expiryDate ?? null,
        quantity: decimalText(part.quantity), movement_id: part.movementId,
      })),
    };
    await recordActivity(tx, actor, {
      action: 'use', subject: 'Inventory', subjectId: stocked.id, practiceId: body.dental_practice_id,
      after: { product_id: body.product_id, quantity: result.quantity, reason, location_id: body.location_id, lots: result.taken.map((part) => ({ lot_id: part.lot_id, quantity: part.quantity })) },
    });
    return result;
  });
}
