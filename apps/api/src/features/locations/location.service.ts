import { and, eq, gt, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { storageLocationBodySchema } from '@enamel/contracts';
import { lots, storageLocations, type Database } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { runListRow } from '../../core/list-engine.ts';
import { decimalText } from '../../core/presenters.ts';
import type { Tx } from '../../core/transaction.ts';
import { storageLocationList, type StorageLocationRow } from './location.list.ts';

type Row = typeof storageLocations.$inferSelect;
export type StorageLocationInput = z.output<typeof storageLocationBodySchema>;

/** A location's practice (404 when unknown): the routes check the caller's rights on it before anything else. */
export async function practiceOfLocation(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ practiceId: storageLocations.dentalPracticeId }).from(storageLocations).where(eq(storageLocations.id, id));
  if (!row) throw new AppError('not_found');
  return row.practiceId;
}

export async function storageLocationDetail(db: Database, id: number): Promise<StorageLocationRow> {
  const row = await runListRow(db, storageLocationList, eq(storageLocations.id, id));
  if (!row) throw new AppError('not_found');
  return { ...row, value: decimalText(row.value) };
}

/** The practice (active, share-locked), then the location row locked. */
async function lockLocation(tx: Tx, id: number): Promise<Row> {
  const [found] = await tx.select({ practiceId: storageLocations.dentalPracticeId }).from(storageLocations).where(eq(storageLocations.id, id));
  if (!found) throw new AppError('not_found');
  await lockActivePractice(tx, found.practiceId);
  const [row] = await tx.select().from(storageLocations).where(eq(storageLocations.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

/** The practice's locations are locked in id order (one main store at a time, names unique per practice). */
async function lockPracticeLocations(tx: Tx, practiceId: number): Promise<Row[]> {
  return tx.select().from(storageLocations).where(eq(storageLocations.dentalPracticeId, practiceId)).orderBy(storageLocations.id).for('update');
}

function checkName(all: readonly Row[], name: string, exceptId?: number): void {
  if (all.some((l) => l.id !== exceptId && l.name.toLowerCase() === name.toLowerCase())) throw invalid('name', 'locations.name_taken');
}

/** Makes `id` the main store: the flag leaves the old one first (the partial unique index allows one). */
async function moveMainFlag(tx: Tx, practiceId: number, id: number): Promise<void> {
  await tx.update(storageLocations).set({ isMain: false }).where(and(eq(storageLocations.dentalPracticeId, practiceId), eq(storageLocations.isMain, true), ne(storageLocations.id, id)));
  await tx.update(storageLocations).set({ isMain: true, status: 'active' }).where(eq(storageLocations.id, id));
}

export async function createStorageLocation(db: Database, actor: Actor, body: StorageLocationInput): Promise<number> {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    checkName(await lockPracticeLocations(tx, body.dental_practice_id), body.name);
    if (body.is_main && body.status === 'inactive') throw invalid('status', 'locations.main_store_fixed');
    const [row] = await tx
      .insert(storageLocations)
      .values({ dentalPracticeId: body.dental_practice_id, name: body.name, kind: body.kind, sortOrder: body.sort_order, status: body.status ?? 'active' })
      .returning();
    if (body.is_main) await moveMainFlag(tx, body.dental_practice_id, row!.id);
    await recordActivity(tx, actor, { action: 'create', subject: 'StorageLocation', subjectId: row!.id, practiceId: body.dental_practice_id, after: { ...row!, isMain: body.is_main ?? false } });
    return row!.id;
  });
}

/**
 * The whole record. A location stays in its practice; the main store stays active and stays main until another
 * location is made main (`is_main: true` there); a location holding stock cannot be deactivated.
 */
export async function updateStorageLocation(db: Database, actor: Actor, id: number, body: StorageLocationInput): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await lockLocation(tx, id);
    if (body.dental_practice_id !== before.dentalPracticeId) throw invalid('dental_practice_id', 'stock.practice_fixed');
    checkName(await lockPracticeLocations(tx, before.dentalPracticeId), body.name, id);
    if (before.isMain && body.is_main === false) throw invalid('is_main', 'locations.main_store_fixed');
    const status = body.status ?? before.status;
    if ((before.isMain || body.is_main) && status !== 'active') throw invalid('status', 'locations.main_store_fixed');
    if (status === 'inactive' && before.status === 'active') await assertEmpty(tx, id);
    await tx.update(storageLocations).set({ name: body.name, kind: body.kind, sortOrder: body.sort_order, status }).where(eq(storageLocations.id, id));
    if (body.is_main && !before.isMain) await moveMainFlag(tx, before.dentalPracticeId, id);
    const [after] = await tx.select().from(storageLocations).where(eq(storageLocations.id, id));
    await recordActivity(tx, actor, { action: 'update', subject: 'StorageLocation', subjectId: id, practiceId: before.dentalPracticeId, ...changes(before, after!) });
    return id;
  });
}

/** A location that still holds stock is not deactivated: 409 naming how many lots are there (move them first). */
async function assertEmpty(tx: Tx, id: number): Promise<void> {
  const [held] = await tx.select({ n: sql<number>`count(*)::int` }).from(lots).where(and(eq(lots.locationId, id), gt(lots.quantity, '0')));
  if (held && held.n > 0) throw new AppError('conflict', 'locations.holds_stock', undefined, { count: held.n });
}

export async function setStorageLocationStatus(db: Database, actor: Actor, id: number, status: 'active' | 'inactive'): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await lockLocation(tx, id);
    if (status === 'inactive' && before.isMain) throw new AppError('conflict', 'locations.main_store_fixed');
    if (status === 'inactive') await assertEmpty(tx, id);
    const [after] = await tx.update(storageLocations).set({ status }).where(eq(storageLocations.id, id)).returning();
    await recordActivity(tx, actor, { action: status === 'inactive' ? 'deactivate' : 'restore', subject: 'StorageLocation', subjectId: id, practiceId: before.dentalPracticeId, ...changes(before, after!) });
    return id;
  });
}
