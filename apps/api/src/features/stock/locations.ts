import { and, eq } from 'drizzle-orm';
import { storageLocations } from '@enamel/db';
import { AppError, invalid } from '../../core/errors.ts';
import type { Tx } from '../../core/transaction.ts';

/**
 * Storage locations as the ledger needs them: the practice's main store (where a receipt goes when it names no
 * location), and a named location checked to be one of the practice's active ones.
 */

/** The practice's main store (every practice has one: migration 0024 and its trigger on new practices). */
export async function mainStoreOf(tx: Tx, practiceId: number): Promise<number> {
  const [row] = await tx.select({ id: storageLocations.id }).from(storageLocations).where(and(eq(storageLocations.dentalPracticeId, practiceId), eq(storageLocations.isMain, true)));
  if (!row) throw new AppError('not_found');
  return row.id;
}

export interface PracticeLocation {
  id: number;
  name: string;
  isMain: boolean;
}

/**
 * A location named by `field` of a write into the practice, share-locked for the transaction (a deactivation waits):
 * an unknown location, another practice's or a deactivated one is a 422 naming the field.
 */
export async function locationOf(tx: Tx, practiceId: number, locationId: number, field: string, options: { activeOnly?: boolean } = {}): Promise<PracticeLocation> {
  const [row] = await tx
    .select({ id: storageLocations.id, name: storageLocations.name, isMain: storageLocations.isMain, status: storageLocations.status })
    .from(storageLocations)
    .where(and(eq(storageLocations.id, locationId), eq(storageLocations.dentalPracticeId, practiceId)))
    .for('share');
  if (!row || ((options.activeOnly ?? true) && row.status !== 'active')) throw invalid(field, 'locations.unknown');
  return { id: row.id, name: row.name, isMain: row.isMain };
}
