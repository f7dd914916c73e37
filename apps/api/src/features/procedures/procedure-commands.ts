import Big from 'big.js';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { procedureAmendBodySchema } from '@enamel/contracts';
import { procedureItems, procedures, type Database } from '@enamel/db';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { consumeItems, returnItems, settleItems } from './procedure-stock.ts';
import { locationOf } from '../stock/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { insertProcedure, lockProcedure, movementContext, procedureEventData, resolveItems, templateItems, type PracticeGuard, type ProcedureInput, type ProcedureRow } from './procedure-rows.ts';
import type { Tx } from '../stock/index.ts';

/**
 * The procedure commands, one transaction each. Each checks the caller's rights on the procedure's
 * practice (`guard`), takes its locks, and only then reads what its decision depends on (status,
 * items, template, products), so concurrent commands on one procedure serialise and a repeated one
 * changes nothing twice.
 */
export interface Caller {
  actor: Actor;
  guard: PracticeGuard;
}
export type AmendInput = z.output<typeof procedureAmendBodySchema>;

/** Records a procedure; a completed one consumes its items (FEFO, costs captured) in the same transaction. */
export async function recordProcedure(db: Database, { actor, guard }: Caller, body: Omit<ProcedureInput, 'location_id'> & { location_id?: number | null }): Promise<ProcedureRow> {
  guard(body.dental_practice_id);
  if (body.external_source !== undefined || body.external_id !== undefined) return (await upsertExternalProcedure(db, { actor, guard }, body)).row;
  return db.transaction(async (tx) => insertProcedure(tx, actor, body, await resolveItems(tx, body.dental_practice_id, body), 'consume'));
}

/**
 * A planned procedure becomes completed and its items are consumed in one step. Completing one that
 * is already completed is a 409 that changes nothing, so a double click or two screens completing
 * at once consume the items once.
 */
export async function completeProcedure(db: Database, { actor, guard }: Caller, id: number): Promise<ProcedureRow> {
  return db.transaction(async (tx) => {
    const { row: before, items } = await lockProcedure(tx, id, guard);
    if (before.status === 'completed') throw new AppError('conflict', 'stock.already_completed');
    const [row] = await tx.update(procedures).set({ status: 'completed' }).where(eq(procedures.id, id)).returning();
    await consumeItems(tx, movementContext(actor, row!), items);
    await recordActivity(tx, actor, { action: 'complete', subject: 'Procedure', subjectId: id, practiceId: row!.dentalPracticeId, ...changes(before, row!) });
    await emitWebhookEvent(tx, row!.dentalPracticeId, 'procedure.completed', procedureEventData(row!, items.map((i) => ({ product_id: i.productId, quantity: i.quantity }))));
    return row!;
  });
}

/**
 * Changes what `input` names and nothing else. Items (when given) replace the old ones; for a
 * completed procedure each product's consumption moves from the old to the new quantity; a status
 * change to completed consumes everything, back to planned gives everything back. Only the
 * differences reach the ledger, so the same amendment sent twice consumes once.
 */
export async function amendProcedure(db: Database, caller: Caller, id: number, input: AmendInput): Promise<ProcedureRow> {
  return db.transaction(async (tx) => amendProcedureIn(tx, caller, id, input));
}

/** `amendProcedure` inside the caller's transaction (no savepoint: a batch of thousands stays one transaction). */
export async function amendProcedureIn(tx: Tx, { actor, guard }: Caller, id: number, input: AmendInput): Promise<ProcedureRow> {
  {
    const { row: before, items: oldItems } = await lockProcedure(tx, id, guard);
    if (input.dental_practice_id !== undefined && input.dental_practice_id !== before.dentalPracticeId) throw invalid('dental_practice_id', 'stock.practice_fixed');
    const codeId = input.procedure_code_id ?? before.procedureCodeId;
    const templateId = input.procedure_template_id === undefined ? before.procedureTemplateId : input.procedure_template_id;
    const templateChanged = codeId !== before.procedureCodeId || templateId !== before.procedureTemplateId;
    const oldLines = oldItems.map((i) => ({ product_id: i.productId, quantity: i.quantity }));
    const items = await resolveItems(tx, before.dentalPracticeId, { procedure_code_id: codeId, procedure_template_id: templateId, items: input.items }, input.items ? undefined : oldLines, templateChanged);
    // A location that stays as it was is not checked again (it may have been deactivated since).
    if (input.location_id != null && input.location_id !== before.locationId) await locationOf(tx, before.dentalPracticeId, input.location_id, 'location_id');
    const [row] = await tx
      .update(procedures)
      .set({
        procedureCodeId: codeId, procedureTemplateId: templateId,
        ...(input.performed_at !== undefined ? { performedAt: new Date(input.performed_at) } : {}),
        ...(input.provider !== undefined ? { provider: input.provider } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.notes !== undefined ? { notes: input.notes } : {}),
        ...(input.location_id !== undefined ? { locationId: input.location_id } : {}),
      })
      .where(eq(procedures.id, id))
      .returning();
    const ctx = movementContext(actor, row!, `procedure #${id} changed`);
    const wasDone = before.status === 'completed';
    const isDone = row!.status === 'completed';
    const byProduct = new Map(oldItems.map((i) => [i.productId, i]));
    const added = items.filter((i) => !byProduct.has(i.product_id));
    const inserted = added.length ? await tx.insert(procedureItems).values(added.map((i) => ({ procedureId: id, productId: i.product_id, quantity: i.quantity }))).returning() : [];
    const productIds = [...new Set([...oldItems.map((i) => i.productId), ...items.map((i) => i.product_id)])].sort((a, b) => a - b);
    const settle = productIds.map((productId) => {
      const old = byProduct.get(productId);
      const next = items.find((i) => i.product_id === productId);
      const itemId = old?.id ?? inserted.find((i) => i.productId === productId)!.id;
      return { id: itemId, productId, from: wasDone && old ? old.quantity : '0', to: isDone && next ? next.quantity : '0' };
    });
    await settleItems(tx, ctx, settle);
    for (const old of oldItems) {
      const next = items.find((i) => i.product_id === old.productId);
      if (!next) await tx.delete(procedureItems).where(eq(procedureItems.id, old.id));
      else if (!new Big(old.quantity).eq(next.quantity)) await tx.update(procedureItems).set({ quantity: next.quantity }).where(eq(procedureItems.id, old.id));
    }
    const itemsChanged = input.items !== undefined && JSON.stringify(oldLines.map((i) => [i.product_id, new Big(i.quantity).toString()])) !== JSON.stringify(items.map((i) => [i.product_id, new Big(i.quantity).toString()]));
    const diff = changes(before, row!);
    if (itemsChanged) {
      diff.before.items = oldLines;
      diff.after.items = items;
    }
    await recordActivity(tx, actor, { action: 'update', subject: 'Procedure', subjectId: id, practiceId: row!.dentalPracticeId, ...diff });
    await emitWebhookEvent(tx, row!.dentalPracticeId, isDone && !wasDone ? 'procedure.completed' : 'procedure.amended', procedureEventData(row!, items));
    return row!;
  }
}

/** One item's quantity: a completed procedure consumes the difference or gives it back. */
export async function amendProcedureItem(db: Database, { actor, guard }: Caller, itemId: number, quantity: string): Promise<ProcedureRow> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ procedureId: procedureItems.procedureId }).from(procedureItems).where(eq(procedureItems.id, itemId));
    if (!found) throw new AppError('not_found');
    const { row, items } = await lockProcedure(tx, found.procedureId, guard);
    const item = items.find((i) => i.id === itemId);
    if (!item) throw new AppError('not_found');
    if (row.status === 'completed') await settleItems(tx, movementContext(actor, row, `procedure #${row.id} item changed`), [{ id: itemId, productId: item.productId, from: item.quantity, to: quantity }]);
    await tx.update(procedureItems).set({ quantity }).where(eq(procedureItems.id, itemId));
    await recordActivity(tx, actor, { action: 'update_item', subject: 'Procedure', subjectId: row.id, practiceId: row.dentalPracticeId, before: { item_id: itemId, quantity: item.quantity }, after: { item_id: itemId, quantity } });
    await emitWebhookEvent(tx, row.dentalPracticeId, 'procedure.amended', procedureEventData(row, items.map((i) => ({ product_id: i.productId, quantity: i.id === itemId ? quantity : i.quantity }))));
    return row;
  });
}

/** Gives back everything the procedure consumed, then deletes it; the ledger keeps both sides. */
export async function deleteProcedure(db: Database, caller: Caller, id: number): Promise<void> {
  await db.transaction(async (tx) => deleteProcedureIn(tx, caller, id));
}

/** `deleteProcedure` inside the caller's transaction. */
export async function deleteProcedureIn(tx: Tx, { actor, guard }: Caller, id: number): Promise<void> {
  const { row, items } = await lockProcedure(tx, id, guard);
  await returnItems(tx, movementContext(actor, row, `procedure #${id} deleted`), items.map((item) => ({ id: item.id, productId: item.productId })), false);
  await tx.delete(procedures).where(eq(procedures.id, id));
  await recordActivity(tx, actor, { action: 'delete', subject: 'Procedure', subjectId: id, practiceId: row.dentalPracticeId, before: { ...row, items: items.map((i) => ({ product_id: i.productId, quantity: i.quantity })) } });
  await emitWebhookEvent(tx, row.dentalPracticeId, 'procedure.deleted', procedureEventData(row, items.map((i) => ({ product_id: i.productId, quantity: i.quantity }))));
}

export type UpsertOutcome = 'created' | 'updated' | 'unchanged';

/**
 * `inline`: run in the caller's transaction as it is (a sync batch: thousands of savepoints would push PostgreSQL past
 * its 64 cached subtransactions, where every statement slows down); otherwise in a transaction of its own (a
 * savepoint inside the caller's).
 */
function inlineOrTransaction<T>(db: Database | Tx, inline: boolean, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return inline ? fn(db as Tx) : (db as Database).transaction(fn);
}
type ExternalInput = Omit<ProcedureInput, 'location_id'> & { location_id?: number | null };

/** The procedure a practice holds under a source's id, if any (inside the caller's transaction). */
export async function findExternal(tx: Tx, practiceId: number, source: string, externalId: string): Promise<number | undefined> {
  const [found] = await tx
    .select({ id: procedures.id })
    .from(procedures)
    .where(and(eq(procedures.dentalPracticeId, practiceId), eq(procedures.externalSource, source), eq(procedures.externalId, externalId)));
  return found?.id;
}

/** Serialises every write on one external id (a transaction-scoped advisory lock), so two upserts of it never both insert. */
async function lockExternal(tx: Tx, practiceId: number, source: string, externalId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`procedure-external|${practiceId}|${source}|${externalId}`}))`);
}

/**
 * Records a procedure that carries its id in another system: a new id inserts (a completed one consumes), a known
 * one is amended through `amendProcedure` as a whole record (code, template, date, provider, status, notes,
 * location, items — the body's, else its template's), so stock moves by exactly the differences. A body that
 * changes nothing is `unchanged` and writes nothing.
 */
export async function upsertExternalProcedure(db: Database | Tx, caller: Caller, body: ExternalInput, inline = false): Promise<{ row: ProcedureRow; outcome: UpsertOutcome }> {
  const { external_source: source, external_id: externalId } = body;
  if (!source) throw invalid('external_source', 'validation.required');
  if (!externalId) throw invalid('external_id', 'validation.required');
  caller.guard(body.dental_practice_id);
  return inlineOrTransaction(db, inline, async (tx) => {
    await lockExternal(tx, body.dental_practice_id, source, externalId);
    const id = await findExternal(tx, body.dental_practice_id, source, externalId);
    if (id === undefined) {
      const row = await insertProcedure(tx, caller.actor, body, await resolveItems(tx, body.dental_practice_id, body), 'consume');
      return { row, outcome: 'created' as const };
    }
    const { row: before, items: oldItems } = await lockProcedure(tx, id, caller.guard);
    const items = body.items ?? (body.procedure_template_id !== null ? await templateItems(tx, body.procedure_template_id) : []);
    const same =
      before.procedureCodeId === body.procedure_code_id &&
      before.procedureTemplateId === body.procedure_template_id &&
      before.performedAt.getTime() === new Date(body.performed_at).getTime() &&
      (before.provider ?? null) === (body.provider ?? null) &&
      before.status === body.status &&
      (before.notes ?? null) === (body.notes ?? null) &&
      (before.locationId ?? null) === (body.location_id ?? null) &&
      oldItems.length === items.length &&
      [...items].sort((a, b) => a.product_id - b.product_id).every((item, i) => oldItems[i]!.productId === item.product_id && new Big(oldItems[i]!.quantity).eq(item.quantity));
    if (same) return { row: before, outcome: 'unchanged' as const };
    const row = await amendProcedureIn(tx, caller, id, {
      procedure_code_id: body.procedure_code_id, procedure_template_id: body.procedure_template_id, performed_at: body.performed_at, provider: body.provider,
      status: body.status, notes: body.notes, location_id: body.location_id ?? null, items,
    });
    return { row, outcome: 'updated' as const };
  });
}

/** Deleting at the source deletes here: what it consumed goes back (`deleteProcedure`). Returns false when the practice holds no such id. */
export async function deleteExternalProcedure(db: Database | Tx, caller: Caller, practiceId: number, source: string, externalId: string, inline = false): Promise<boolean> {
  caller.guard(practiceId);
  return inlineOrTransaction(db, inline, async (tx) => {
    await lockExternal(tx, practiceId, source, externalId);
    const id = await findExternal(tx, practiceId, source, externalId);
    if (id === undefined) return false;
    await deleteProcedureIn(tx, caller, id);
    return true;
  });
}
