import { eq, sql } from 'drizzle-orm';
import type { DentalPracticeBody } from '@enamel/contracts';
import { dentalPractices, type Database } from '@enamel/db';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { assertUnique } from '../../core/records.ts';

type Row = typeof dentalPractices.$inferSelect;

function toColumns(body: DentalPracticeBody) {
  return {
    name: body.name,
    code: body.code,
    address: body.address || null,
    phone: body.phone || null,
    email: body.email || null,
    timeZone: body.time_zone,
    currency: body.currency,
    ...(body.status ? { status: body.status } : {}),
  };
}

const assertCodeFree = (db: Database, code: string, exceptId?: number) =>
  assertUnique(db, dentalPractices, sql`lower(${dentalPractices.code}) = ${code.toLowerCase()}`, 'code', 'practice.code_taken', exceptId);

export async function findPractice(db: Database, id: number): Promise<Row> {
  const [row] = await db.select().from(dentalPractices).where(eq(dentalPractices.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

export async function createPractice(db: Database, actor: Actor, body: DentalPracticeBody): Promise<Row> {
  await assertCodeFree(db, body.code);
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(dentalPractices).values(toColumns(body)).returning();
    await recordActivity(tx, actor, { action: 'create', subject: 'DentalPractice', subjectId: row!.id, practiceId: row!.id, after: row! });
    return row!;
  });
}

export async function updatePractice(db: Database, actor: Actor, id: number, body: DentalPracticeBody): Promise<Row> {
  await assertCodeFree(db, body.code, id);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dentalPractices).where(eq(dentalPractices.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const [after] = await tx.update(dentalPractices).set(toColumns(body)).where(eq(dentalPractices.id, id)).returning();
    await recordActivity(tx, actor, { action: 'update', subject: 'DentalPractice', subjectId: id, practiceId: id, ...changes(before, after!) });
    return after!;
  });
}

/** "delete" of a status record: inactive, restorable (docs/product-rules.md#deactivate). */
export async function setPracticeStatus(db: Database, actor: Actor, id: number, status: 'active' | 'inactive'): Promise<Row> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(dentalPractices).where(eq(dentalPractices.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const [after] = await tx.update(dentalPractices).set({ status }).where(eq(dentalPractices.id, id)).returning();
    await recordActivity(tx, actor, { action: status === 'inactive' ? 'deactivate' : 'restore', subject: 'DentalPractice', subjectId: id, practiceId: id, ...changes(before, after!) });
    return after!;
  });
}

/** Permanent delete: only an inactive practice, in one transaction, logged with what it was. */
export async function deletePracticePermanently(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(dentalPractices).where(eq(dentalPractices.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    if (before.status !== 'inactive') throw new AppError('conflict', 'practice.not_inactive');
    await tx.delete(dentalPractices).where(eq(dentalPractices.id, id));
    await recordActivity(tx, actor, { action: 'delete_permanent', subject: 'DentalPractice', subjectId: id, practiceId: id, before });
  });
}
