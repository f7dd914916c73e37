import Big from 'big.js';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { procedureBodySchema } from '@enamel/contracts';
import { procedureCodes, procedureItems, procedures, procedureTemplateItems, procedureTemplates, products, type Database } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid, type FieldErrors } from '../../core/errors.ts';
import type { MovementContext, Tx } from '../stock/ledger.ts';
import { consumeItem, returnItem, settleItem } from './procedure-stock.ts';

type Row = typeof procedures.$inferSelect;
type ItemRow = typeof procedureItems.$inferSelect;
export type ProcedureInput = z.output<typeof procedureBodySchema>;
export interface ItemInput {
  product_id: number;
  quantity: string;
}

export async function findProcedure(db: Database | Tx, id: number): Promise<Row> {
  const [row] = await db.select().from(procedures).where(eq(procedures.id, id));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The code exists, the template (if any) performs that code, the items' products exist and appear once. Returns the items to record. */
async function resolveItems(db: Database | Tx, body: ProcedureInput, fallback?: ItemInput[]): Promise<ItemInput[]> {
  const [code] = await db.select({ id: procedureCodes.id }).from(procedureCodes).where(eq(procedureCodes.id, body.procedure_code_id));
  if (!code) throw invalid('procedure_code_id', 'catalog.unknown_code');
  let templateItems: ItemInput[] = [];
  if (body.procedure_template_id !== null) {
    const [template] = await db.select().from(procedureTemplates).where(eq(procedureTemplates.id, body.procedure_template_id));
    if (!template) throw invalid('procedure_template_id', 'stock.unknown_template');
    if (template.procedureCodeId !== body.procedure_code_id) throw invalid('procedure_template_id', 'stock.template_other_code');
    templateItems = (await db.select().from(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, template.id)).orderBy(asc(procedureTemplateItems.id))).map((i) => ({ product_id: i.productId, quantity: i.quantity }));
  }
  const items = body.items ?? fallback ?? templateItems;
  const ids = items.map((i) => i.product_id);
  const known = new Set(ids.length ? (await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id) : []);
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (!known.has(item.product_id)) errors[`items.${index}.product_id`] = [{ key: 'catalog.unknown_product' }];
    else if (seen.has(item.product_id)) errors[`items.${index}.product_id`] = [{ key: 'catalog.template_duplicate_product' }];
    seen.add(item.product_id);
  });
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, errors);
  // Products in id order: every transaction locks inventories in the same order (no deadlocks).
  return [...items].sort((a, b) => a.product_id - b.product_id);
}

const columns = (body: ProcedureInput, actor: Actor) => ({
  dentalPracticeId: body.dental_practice_id,
  procedureCodeId: body.procedure_code_id,
  procedureTemplateId: body.procedure_template_id,
  performedAt: new Date(body.performed_at),
  provider: body.provider,
  status: body.status,
  notes: body.notes,
  createdBy: actor.userId,
});

const ctxOf = (actor: Actor, row: Row, reason: string | null = null): MovementContext => ({ practiceId: row.dentalPracticeId, userId: actor.userId, procedureId: row.id, occurredAt: row.performedAt, reason });

/** Records a procedure; a completed one consumes its items (FEFO, costs captured) in the same transaction. */
export async function createProcedure(db: Database, actor: Actor, body: ProcedureInput): Promise<Row> {
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    return recordProcedure(tx, actor, body, await resolveItems(tx, body), 'consume');
  });
}

/**
 * Inside the caller's transaction. `consume` takes a completed procedure's items from stock; `record`
 * (imported history) keeps today's stock as counted and prices the items at the products' unit cost.
 */
export async function recordProcedure(tx: Tx, actor: Actor, body: ProcedureInput, items: ItemInput[], stock: 'consume' | 'record'): Promise<Row> {
  await lockActivePractice(tx, body.dental_practice_id);
  const [row] = await tx.insert(procedures).values(columns(body, actor)).returning();
  for (const item of [...items].sort((a, b) => a.product_id - b.product_id)) {
    const [saved] = await tx
      .insert(procedureItems)
      .values({ procedureId: row!.id, productId: item.product_id, quantity: item.quantity, cost: stock === 'record' && row!.status === 'completed' ? sql`round(${item.quantity}::numeric * (select p.purchase_price / p.units_per_purchase_unit from products p where p.id = ${item.product_id}), 4)` : '0' })
      .returning();
    if (stock === 'consume' && row!.status === 'completed') await consumeItem(tx, ctxOf(actor, row!), { id: saved!.id, productId: item.product_id }, item.quantity);
  }
  await recordActivity(tx, actor, { action: 'create', subject: 'Procedure', subjectId: row!.id, practiceId: row!.dentalPracticeId, after: { ...row!, items, stock } });
  return row!;
}

/**
 * The first step of every command on an existing procedure, inside its transaction: its practice
 * (active, share-locked), then the procedure row (FOR UPDATE), then its items in product order. A
 * stock decision reads the status and the items only from here, after the locks, so two concurrent
 * commands on one procedure run one after the other and the second sees what the first committed.
 */
async function lockProcedure(tx: Tx, id: number): Promise<{ row: Row; items: ItemRow[] }> {
  const [found] = await tx.select({ practiceId: procedures.dentalPracticeId }).from(procedures).where(eq(procedures.id, id));
  if (!found) throw new AppError('not_found');
  await lockActivePractice(tx, found.practiceId);
  const [row] = await tx.select().from(procedures).where(eq(procedures.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  const items = await tx.select().from(procedureItems).where(eq(procedureItems.procedureId, id)).orderBy(asc(procedureItems.productId));
  return { row, items };
}

/**
 * Changes a procedure. Items (when given) replace the old ones; for a completed procedure each
 * product's consumption moves from the old to the new quantity; completing consumes everything,
 * un-completing gives everything back. Only the differences reach the ledger.
 */
export async function updateProcedure(db: Database, actor: Actor, id: number, body: ProcedureInput): Promise<Row> {
  return db.transaction(async (tx) => {
    const { row: before, items: oldItems } = await lockProcedure(tx, id);
    if (before.dentalPracticeId !== body.dental_practice_id) throw invalid('dental_practice_id', 'stock.practice_fixed');
    const items = await resolveItems(tx, body, body.items ? undefined : oldItems.map((i) => ({ product_id: i.productId, quantity: i.quantity })));
    const [row] = await tx.update(procedures).set(columns(body, actor)).where(eq(procedures.id, id)).returning();
    const ctx = ctxOf(actor, row!, `procedure #${id} changed`);
    const wasDone = before.status === 'completed';
    const isDone = row!.status === 'completed';
    const byProduct = new Map(oldItems.map((i) => [i.productId, i]));
    const productIds = [...new Set([...oldItems.map((i) => i.productId), ...items.map((i) => i.product_id)])].sort((a, b) => a - b);
    for (const productId of productIds) {
      const old = byProduct.get(productId);
      const next = items.find((i) => i.product_id === productId);
      const from = wasDone && old ? old.quantity : '0';
      const to = isDone && next ? next.quantity : '0';
      let itemId = old?.id;
      if (!old && next) itemId = (await tx.insert(procedureItems).values({ procedureId: id, productId, quantity: next.quantity }).returning())[0]!.id;
      await settleItem(tx, ctx, { id: itemId!, productId }, from, to);
      if (old && !next) await tx.delete(procedureItems).where(eq(procedureItems.id, old.id));
      else if (old && next && !new Big(old.quantity).eq(next.quantity)) await tx.update(procedureItems).set({ quantity: next.quantity }).where(eq(procedureItems.id, old.id));
    }
    await recordActivity(tx, actor, { action: 'update', subject: 'Procedure', subjectId: id, practiceId: row!.dentalPracticeId, ...changes(before, row!) });
    return row!;
  });
}

/** One item's quantity: a completed procedure consumes the difference or gives it back. */
export async function updateProcedureItem(db: Database, actor: Actor, itemId: number, quantity: string): Promise<Row> {
  return db.transaction(async (tx) => {
    const [found] = await tx.select({ procedureId: procedureItems.procedureId }).from(procedureItems).where(eq(procedureItems.id, itemId));
    if (!found) throw new AppError('not_found');
    const { row, items } = await lockProcedure(tx, found.procedureId);
    const item = items.find((i) => i.id === itemId);
    if (!item) throw new AppError('not_found');
    if (row.status === 'completed') await settleItem(tx, ctxOf(actor, row, `procedure #${row.id} item changed`), { id: itemId, productId: item.productId }, item.quantity, quantity);
    await tx.update(procedureItems).set({ quantity }).where(eq(procedureItems.id, itemId));
    await recordActivity(tx, actor, { action: 'update_item', subject: 'Procedure', subjectId: row.id, practiceId: row.dentalPracticeId, before: { item_id: itemId, quantity: item.quantity }, after: { item_id: itemId, quantity } });
    return row;
  });
}

/**
 * The "complete" command: a planned procedure becomes completed and its items are consumed (FEFO,
 * costs captured) in one server-side step. Completing one that is already completed is a 409 that
 * changes nothing, so a double click or two screens completing at once consume the items once.
 */
export async function completeProcedure(db: Database, actor: Actor, id: number): Promise<Row> {
  return db.transaction(async (tx) => {
    const { row: before, items } = await lockProcedure(tx, id);
    if (before.status === 'completed') throw new AppError('conflict', 'stock.already_completed');
    const [row] = await tx.update(procedures).set({ status: 'completed' }).where(eq(procedures.id, id)).returning();
    for (const item of items) await consumeItem(tx, ctxOf(actor, row!), { id: item.id, productId: item.productId }, item.quantity);
    await recordActivity(tx, actor, { action: 'complete', subject: 'Procedure', subjectId: id, practiceId: row!.dentalPracticeId, ...changes(before, row!) });
    return row!;
  });
}

/** Gives back everything the procedure consumed, then deletes it; the ledger keeps both sides. */
export async function deleteProcedure(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { row, items } = await lockProcedure(tx, id);
    for (const item of items) await returnItem(tx, ctxOf(actor, row, `procedure #${id} deleted`), { id: item.id, productId: item.productId });
    await tx.delete(procedures).where(eq(procedures.id, id));
    await recordActivity(tx, actor, { action: 'delete', subject: 'Procedure', subjectId: id, practiceId: row.dentalPracticeId, before: { ...row, items: items.map((i) => ({ product_id: i.productId, quantity: i.quantity })) } });
  });
}
