import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { locationParLevelBodySchema } from '@enamel/contracts';
import { locationParLevels, products, storageLocations, type Database } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { runListRow } from '../../core/list-engine.ts';
import { decimalText } from '../../core/presenters.ts';
import { locationParLevelList, type LocationParLevelRow } from './par-level.list.ts';

/** A par level's location and practice (404 when unknown): the routes check the caller's rights on it first. */
export async function findParLevel(db: Database, id: number): Promise<{ locationId: number; practiceId: number }> {
  const [row] = await db
    .select({ locationId: locationParLevels.locationId, practiceId: storageLocations.dentalPracticeId })
    .from(locationParLevels)
    .innerJoin(storageLocations, eq(storageLocations.id, locationParLevels.locationId))
    .where(eq(locationParLevels.id, id));
  if (!row) throw new AppError('not_found');
  return row;
}

export async function parLevelDetail(db: Database, id: number): Promise<LocationParLevelRow> {
  const row = await runListRow(db, locationParLevelList, eq(locationParLevels.id, id));
  if (!row) throw new AppError('not_found');
  return { ...row, par_quantity: decimalText(row.par_quantity), on_hand: decimalText(row.on_hand) };
}

/**
 * Sets (or replaces) the par of a product at a location: one row per location and product (an upsert). The location is
 * one of the practice's active ones other than the main store (the main store is what restocking takes from); the
 * product exists in the catalog and is active.
 */
export async function setParLevel(db: Database, actor: Actor, practiceId: number, body: z.output<typeof locationParLevelBodySchema>): Promise<number> {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, practiceId);
    const [location] = await tx.select().from(storageLocations).where(and(eq(storageLocations.id, body.location_id), eq(storageLocations.dentalPracticeId, practiceId))).for('share');
    if (!location || location.status !== 'active') throw invalid('location_id', 'locations.unknown');
    if (location.isMain) throw invalid('location_id', 'locations.par_main_store');
    const [product] = await tx.select({ status: products.status }).from(products).where(eq(products.id, body.product_id)).for('share');
    if (!product || product.status !== 'active') throw invalid('product_id', 'catalog.unknown_product');
    const [before] = await tx.select().from(locationParLevels).where(and(eq(locationParLevels.locationId, body.location_id), eq(locationParLevels.productId, body.product_id)));
    const [row] = await tx
      .insert(locationParLevels)
      .values({ locationId: body.location_id, productId: body.product_id, parQuantity: body.par_quantity })
      .onConflictDoUpdate({ target: [locationParLevels.locationId, locationParLevels.productId], set: { parQuantity: sql`excluded.par_quantity`, updatedAt: sql`now()` } })
      .returning();
    await recordActivity(tx, actor, {
      action: before ? 'update' : 'create', subject: 'StorageLocation', subjectId: body.location_id, practiceId,
      before: before ? { product_id: body.product_id, par_quantity: before.parQuantity } : null,
      after: { product_id: body.product_id, par_quantity: row!.parQuantity },
    });
    return row!.id;
  });
}

/** Removes a par level (the location no longer keeps the product); answers it as it was. */
export async function removeParLevel(db: Database, actor: Actor, id: number): Promise<LocationParLevelRow> {
  const { practiceId } = await findParLevel(db, id);
  const shown = await parLevelDetail(db, id);
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, practiceId);
    const [gone] = await tx.delete(locationParLevels).where(eq(locationParLevels.id, id)).returning();
    if (!gone) throw new AppError('not_found');
    await recordActivity(tx, actor, { action: 'delete', subject: 'StorageLocation', subjectId: gone.locationId, practiceId, before: { product_id: gone.productId, par_quantity: gone.parQuantity }, after: null });
    return shown;
  });
}
