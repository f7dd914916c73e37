import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { procedureBodySchema } from '@enamel/contracts';
import { procedureItems, procedures, procedureTemplateItems, procedureTemplates, products, rowsOf } from '@enamel/db';
import { z } from 'zod';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { unitCostOf } from '../../core/catalog-sql.ts';
import { lockActivePractice } from '../../core/active-practice.ts';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid, type FieldErrors } from '../../core/errors.ts';
import type { MovementContext, Tx } from '../stock/index.ts';
import { consumeItems } from './procedure-stock.ts';

/**
 * The rows behind the procedure commands: reading and locking a procedure, checking what a body
 * names, inserting one. Everything here runs inside the caller's transaction.
 */
export type ProcedureRow = typeof procedures.$inferSelect;
export type ProcedureItemRow = typeof procedureItems.$inferSelect;
export type ProcedureInput = z.output<typeof procedureBodySchema>;
export interface ItemInput {
  product_id: number;
  quantity: string;
}

/** Throws 404 (cannot read that practice's procedures) or 403 (cannot do this there); runs before anything of the practice is read. */
export type PracticeGuard = (practiceId: number) => void;

export const movementContext = (actor: Actor, row: ProcedureRow, reason: string | null = null): MovementContext => ({
  practiceId: row.dentalPracticeId, userId: actor.userId, procedureId: row.id, occurredAt: row.performedAt, reason,
});

/**
 * The first step of every command on an existing procedure: its practice checked against the
 * caller's rights, then the practice (active, share-locked), the procedure row (FOR UPDATE) and its
 * items in product order. Status and items are read only here, after the locks, so two commands on
 * one procedure run one after the other and the second sees what the first committed.
 */
export async function lockProcedure(tx: Tx, id: number, guard: PracticeGuard): Promise<{ row: ProcedureRow; items: ProcedureItemRow[] }> {
  const [found] = await tx.select({ practiceId: procedures.dentalPracticeId }).from(procedures).where(eq(procedures.id, id));
  if (!found) throw new AppError('not_found');
  guard(found.practiceId);
  await lockActivePractice(tx, found.practiceId);
  const [row] = await tx.select().from(procedures).where(eq(procedures.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  const items = await tx.select().from(procedureItems).where(eq(procedureItems.procedureId, id)).orderBy(asc(procedureItems.productId));
  return { row, items };
}

export async function templateItems(tx: Tx, templateId: number): Promise<ItemInput[]> {
  const rows = await tx.select().from(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, templateId)).orderBy(asc(procedureTemplateItems.id));
  return rows.map((i) => ({ product_id: i.productId, quantity: i.quantity }));
}

/**
 * The code exists; the template (when `checkTemplate`) exists and performs that code; the items'
 * products exist and appear once. Returns the items to record (the body's, else `fallback`, else
 * the template's), in product order: every transaction locks inventories in the same order.
 */
const checkedRow = sqlRow({ code_known: sqlCol.bool, products_known: z.array(sqlCol.int) });

export async function resolveItems(tx: Tx, body: Pick<ProcedureInput, 'procedure_code_id' | 'procedure_template_id' | 'items'>, fallback?: ItemInput[], checkTemplate = true): Promise<ItemInput[]> {
  // The code and, when the items are given, their products in one statement; a template's items are known only after it is read.
  const given = body.items ?? fallback;
  const [checked] = await rowsOf(
    tx,
    checkedRow,
    sql`select exists (select 1 from procedure_codes c where c.id = ${body.procedure_code_id}) as code_known,
      ${given?.length ? sql`(select coalesce(json_agg(p.id), '[]'::json) from products p where p.id in (${sql.join(given.map((i) => sql`${i.product_id}`), sql`, `)}))` : sql`'[]'::json`} as products_known`,
  );
  if (!checked!.code_known) throw invalid('procedure_code_id', 'catalog.unknown_code');
  let fromTemplate: ItemInput[] = [];
  if (body.procedure_template_id !== null && checkTemplate) {
    const [template] = await tx.select().from(procedureTemplates).where(eq(procedureTemplates.id, body.procedure_template_id));
    if (!template) throw invalid('procedure_template_id', 'stock.unknown_template');
    if (template.procedureCodeId !== body.procedure_code_id) throw invalid('procedure_template_id', 'stock.template_other_code');
    if (!given) fromTemplate = await templateItems(tx, template.id);
  }
  const items = given ?? fromTemplate;
  const ids = items.map((i) => i.product_id);
  const known = new Set(given ? checked!.products_known : ids.length ? (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id) : []);
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  items.forEach((item, index) => {
    if (!known.has(item.product_id)) errors[`items.${index}.product_id`] = [{ key: 'catalog.unknown_product' }];
    else if (seen.has(item.product_id)) errors[`items.${index}.product_id`] = [{ key: 'catalog.template_duplicate_product' }];
    seen.add(item.product_id);
  });
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, errors);
  return [...items].sort((a, b) => a.product_id - b.product_id);
}

/**
 * Inserts a procedure and its items. `consume` takes a completed procedure's items from stock (FEFO,
 * costs captured); `record` (imported history) keeps today's stock as counted and prices the items at
 * the products' unit cost.
 */
export async function insertProcedure(tx: Tx, actor: Actor, body: ProcedureInput, items: ItemInput[], stock: 'consume' | 'record'): Promise<ProcedureRow> {
  await lockActivePractice(tx, body.dental_practice_id);
  const [row] = await tx
    .insert(procedures)
    .values({
      dentalPracticeId: body.dental_practice_id, procedureCodeId: body.procedure_code_id, procedureTemplateId: body.procedure_template_id,
      performedAt: new Date(body.performed_at), provider: body.provider, status: body.status, notes: body.notes, createdBy: actor.userId,
    })
    .returning();
  const completed = row!.status === 'completed';
  const lines = [...items].sort((a, b) => a.product_id - b.product_id);
  const saved = lines.length
    ? await tx
        .insert(procedureItems)
        .values(lines.map((item) => ({ procedureId: row!.id, productId: item.product_id, quantity: item.quantity, cost: stock === 'record' && completed ? sql`round(${item.quantity}::numeric * (select ${unitCostOf('p')} from products p where p.id = ${item.product_id}), 4)` : '0' })))
        .returning({ id: procedureItems.id, productId: procedureItems.productId, quantity: procedureItems.quantity })
    : [];
  // The items were just inserted: what they consume now is all they hold (`fresh`).
  if (stock === 'consume' && completed) await consumeItems(tx, movementContext(actor, row!), saved, true);
  await recordActivity(tx, actor, { action: 'create', subject: 'Procedure', subjectId: row!.id, practiceId: row!.dentalPracticeId, after: { ...row!, items, stock } });
  return row!;
}
