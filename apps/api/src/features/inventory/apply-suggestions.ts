import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { applySuggestionsBodySchema, ApplySuggestionsResult } from '@enamel/contracts';
import { inventories, type Database } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { changes, recordActivities, type Actor } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';

/**
 * Applies the suggested levels of a practice's inventories (one, a selection, or every one with a suggestion):
 * `copy` writes the suggested reorder point and order-up-to level into the typed ones (manual mode); `forecast`
 * switches them to forecast mode, where the levels follow each run with the typed values as a floor. One
 * transaction: the practice (active, share-locked), then the inventories in id order, read after their locks; an
 * id of another practice, or of none, is a 404 and nothing is written. Each changed inventory is logged.
 */
export async function applySuggestions(db: Database, actor: Actor, body: z.output<typeof applySuggestionsBodySchema>): Promise<ApplySuggestionsResult> {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    const ids = body.inventory_ids ? [...new Set(body.inventory_ids)] : null;
    const where = and(eq(inventories.dentalPracticeId, body.dental_practice_id), ids ? inArray(inventories.id, ids) : and(eq(inventories.status, 'active'), isNotNull(inventories.suggestedReorderPoint)));
    const rows = await tx.select().from(inventories).where(where).orderBy(asc(inventories.id)).for('update');
    if (ids && rows.length !== ids.length) throw new AppError('not_found');

    // What would change: copy needs a suggestion that differs from the typed levels; forecast, an inventory still manual.
    const changing = rows.filter((r) =>
      r.status === 'active' &&
      (body.mode === 'copy'
        ? r.suggestedReorderPoint !== null && r.suggestedOrderUpTo !== null && (r.reorderPoint !== r.suggestedReorderPoint || r.parLevel !== r.suggestedOrderUpTo || r.policyMode !== 'manual')
        : r.policyMode !== 'forecast'),
    );
    const changed = changing.length === 0 ? [] : await tx
      .update(inventories)
      .set(body.mode === 'copy' ? { reorderPoint: sql`${inventories.suggestedReorderPoint}`, parLevel: sql`${inventories.suggestedOrderUpTo}`, policyMode: 'manual' } : { policyMode: 'forecast' })
      .where(inArray(inventories.id, changing.map((r) => r.id)))
      .returning();
    const before = new Map(rows.map((r) => [r.id, r]));
    const entries = changed.map((after) => ({
      action: body.mode === 'copy' ? 'apply_suggestion' : 'forecast_mode', subject: 'Inventory', subjectId: after.id, practiceId: body.dental_practice_id, ...changes(before.get(after.id)!, after),
    }));
    await recordActivities(tx, actor, entries);
    return { changed: changed.length, skipped: rows.length - changed.length };
  });
}
