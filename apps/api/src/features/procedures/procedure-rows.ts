import { asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { procedureBodySchema } from '@enamel/contracts';
import { builtOnce, procedureItems, procedures, procedureTemplateItems, procedureTemplates, products } from '@enamel/db';
import { z } from 'zod';
import { unitCostOf } from '../../core/catalog-sql.ts';
import { lockActivePractice, lockActivePracticeWith } from '../../core/active-practice.ts';
import { activityInsert, recordActivities, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid, type FieldErrors } from '../../core/errors.ts';
import { oneStatement } from '../../core/sql-writes.ts';
import { idArray, idArrayText, numericArrayText } from '../../core/sql-rows.ts';
import { locationOf, type MovementContext, type Tx } from '../stock/index.ts';
import { consumeItems } from './procedure-stock.ts';
import { emitWebhookEvents, webhookEventWrites } from '../webhooks/index.ts';

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
  practiceId: row.dentalPracticeId, userId: actor.userId, procedureId: row.id, occurredAt: row.performedAt, reason, preferLocationId: row.locationId,
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
 * The practice locked (active, share-locked, as every write into it) and, in the same statement, the code exists and the
 * items' products exist; then the template (when `checkTemplate`) exists and performs that code. Returns the items to
 * record (the body's, else `fallback`, else the template's) after checking they appear once, in product order: every
 * transaction locks inventories in the same order.
 */
const checkedRow = z.object({ code_known: z.boolean(), products_known: z.array(z.number().int()) });

export async function resolveItems(
  tx: Tx,
  practiceId: number,
  body: Pick<ProcedureInput, 'procedure_code_id' | 'procedure_template_id' | 'items'>,
  fallback?: ItemInput[],
  checkTemplate = true,
): Promise<ItemInput[]> {
  // The code and, when the items are given, their products; a template's items are known only after it is read.
  const given = body.items ?? fallback;
  const { probe } = await lockActivePracticeWith(
    tx,
    practiceId,
    sql<unknown>`json_build_object('code_known', exists (select 1 from procedure_codes c where c.id = ${body.procedure_code_id}),
      'products_known', ${given?.length ? sql`(select coalesce(json_agg(p.id), '[]'::json) from products p where p.id = any(${idArray(given.map((i) => i.product_id))}))` : sql`'[]'::json`})`,
  );
  const checked = checkedRow.parse(typeof probe === 'string' ? JSON.parse(probe) : probe);
  if (!checked.code_known) throw invalid('procedure_code_id', 'catalog.unknown_code');
  let fromTemplate: ItemInput[] = [];
  if (body.procedure_template_id !== null && checkTemplate) {
    const [template] = await tx.select().from(procedureTemplates).where(eq(procedureTemplates.id, body.procedure_template_id));
    if (!template) throw invalid('procedure_template_id', 'stock.unknown_template');
    if (template.procedureCodeId !== body.procedure_code_id) throw invalid('procedure_template_id', 'stock.template_other_code');
    if (!given) fromTemplate = await templateItems(tx, template.id);
  }
  const items = given ?? fromTemplate;
  const ids = items.map((i) => i.product_id);
  const known = new Set(given ? checked.products_known : ids.length ? (await tx.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id) : []);
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
 * The procedure and its items in one statement: the items' insert reads the new id from the procedure's (a CTE). The items
 * travel as two array parameters, so the text is the same whatever their number; built once (`builtOnce`) and prepared
 * once per connection (named-statements.ts). Imported history (`priced`) prices the items at the products' unit cost.
 */
const insertStatement = builtOnce((db: Tx) => {
  const value = (name: string) => sql.placeholder(name);
  const proc = db.$with('proc').as(
    db
      .insert(procedures)
      .values({
        dentalPracticeId: value('practice'), procedureCodeId: value('code'), procedureTemplateId: value('template'), performedAt: value('performedAt'),
        provider: value('provider'), status: value('status'), notes: value('notes'), createdBy: value('createdBy'), locationId: value('location'),
        externalSource: value('externalSource'), externalId: value('externalId'),
      })
      .returning(),
  );
  const saved = db.$with('saved', { id: sql<number>`id`, productId: sql<number>`product_id`, quantity: sql<string>`quantity` }).as(
    sql`insert into procedure_items (procedure_id, product_id, quantity, cost)
      select proc.id, v.product_id, v.quantity, case when ${value('priced')}::boolean then round(v.quantity * (select ${unitCostOf('p')} from products p where p.id = v.product_id), 4) else 0 end
      from proc, unnest(${value('products')}::bigint[], ${value('quantities')}::numeric[]) with ordinality as v(product_id, quantity, n)
      order by v.n
      returning id, product_id, quantity::text as quantity`,
  );
  const fields = Object.fromEntries(Object.keys(getTableColumns(procedures)).map((key) => [key, (proc as unknown as Record<string, unknown>)[key]]));
  return db
    .with(proc, saved)
    .select({
      ...(fields as unknown as typeof proc._.selectedFields),
      savedItems: sql<Array<{ id: number; productId: number; quantity: string }> | string | null>`(select json_agg(json_build_object('id', saved.id, 'productId', saved.product_id, 'quantity', saved.quantity) order by saved.product_id) from saved)`,
    })
    .from(proc);
});

/**
 * Inserts a procedure and its items. `consume` takes a completed procedure's items from stock (FEFO,
 * costs captured); `record` (imported history) keeps today's stock as counted and prices the items at
 * the products' unit cost.
 */
export async function insertProcedure(tx: Tx, actor: Actor, input: Omit<ProcedureInput, 'location_id'> & { location_id?: number | null }, items: ItemInput[], stock: 'consume' | 'record'): Promise<ProcedureRow> {
  const body = { ...input, location_id: input.location_id ?? null };
  await lockActivePractice(tx, body.dental_practice_id);
  if (body.location_id !== null) await locationOf(tx, body.dental_practice_id, body.location_id, 'location_id');
  const completed = body.status === 'completed';
  const lines = [...items].sort((a, b) => a.product_id - b.product_id);
  const priced = stock === 'record' && completed;
  const [found] = await insertStatement(tx, {
    practice: body.dental_practice_id, code: body.procedure_code_id, template: body.procedure_template_id, performedAt: new Date(body.performed_at),
    provider: body.provider, status: body.status, notes: body.notes, createdBy: actor.userId, location: body.location_id,
    externalSource: body.external_id ? (body.external_source ?? null) : null, externalId: body.external_source ? (body.external_id ?? null) : null,
    priced, products: idArrayText(lines.map((item) => item.product_id)), quantities: numericArrayText(lines.map((item) => item.quantity)),
  });
  const { savedItems, ...row } = found!;
  type Saved = Array<{ id: number; productId: number; quantity: string }>;
  const savedRows: Saved = (typeof savedItems === 'string' ? (JSON.parse(savedItems) as Saved) : savedItems) ?? [];
  const activity = activityInsert(tx, actor, { action: 'create', subject: 'Procedure', subjectId: row.id, practiceId: row.dentalPracticeId, after: { ...row, items, stock } });
  const event = completed ? webhookEventWrites(row.dentalPracticeId, [{ type: 'procedure.completed', data: procedureEventData(row, lines) }]) : [];
  // The items were just inserted: what they consume now is all they hold (`fresh`); the log entry and the webhook event go with the movements.
  const written = stock === 'consume' && completed && (await consumeItems(tx, movementContext(actor, row), savedRows, true, [activity.getSQL(), ...event]));
  if (!written) {
    await activity;
    const alone = oneStatement(event);
    if (alone) await tx.execute(alone);
  }
  return row;
}

/**
 * `insertProcedure` (stock `consume`) for several new procedures of one practice at once (a sync batch): one insert of
 * the procedures, one of their items, the completed ones' items consumed in one take of the ledger (its inventories and
 * lots locked once, each item with its own procedure, date and operatory, in the given order: the same lots and costs as
 * one procedure after the other), one insert of their activity log entries and one of their webhook events. `items`
 * are what `resolveItems` answers (checked, in product order): the caller has made its checks.
 */
export async function insertProcedures(
  tx: Tx,
  actor: Actor,
  practiceId: number,
  entries: ReadonlyArray<{ body: Omit<ProcedureInput, 'location_id'> & { location_id?: number | null }; items: ItemInput[] }>,
): Promise<ProcedureRow[]> {
  if (entries.length === 0) return [];
  await lockActivePractice(tx, practiceId);
  for (const location of new Set(entries.map((e) => e.body.location_id ?? null))) if (location !== null) await locationOf(tx, practiceId, location, 'location_id');
  const inserted = await tx
    .insert(procedures)
    .values(
      entries.map(({ body }) => ({
        dentalPracticeId: practiceId, procedureCodeId: body.procedure_code_id, procedureTemplateId: body.procedure_template_id, performedAt: new Date(body.performed_at),
        provider: body.provider, status: body.status, notes: body.notes, createdBy: actor.userId, locationId: body.location_id ?? null,
        externalSource: body.external_id ? (body.external_source ?? null) : null, externalId: body.external_source ? (body.external_id ?? null) : null,
      })),
    )
    .returning();
  // The ids are taken in the order of the rows inserted.
  const rows = inserted.sort((a, b) => a.id - b.id);
  const lines = entries.map((e) => [...e.items].sort((a, b) => a.product_id - b.product_id));
  const itemValues = rows.flatMap((row, i) => lines[i]!.map((item) => ({ procedureId: row.id, productId: item.product_id, quantity: item.quantity, cost: '0' })));
  const saved = itemValues.length
    ? await tx.insert(procedureItems).values(itemValues).returning({ id: procedureItems.id, procedureId: procedureItems.procedureId, productId: procedureItems.productId })
    : [];
  const itemId = new Map(saved.map((item) => [`${item.procedureId}:${item.productId}`, item.id]));
  const consumed = rows.flatMap((row, i) =>
    row.status === 'completed'
      ? lines[i]!.map((item) => ({
          id: itemId.get(`${row.id}:${item.product_id}`)!, productId: item.product_id, quantity: item.quantity,
          context: { procedureId: row.id, occurredAt: row.performedAt, preferLocationId: row.locationId },
        }))
      : [],
  );
  // The items were just inserted: what they consume now is all they hold (`fresh`).
  await consumeItems(tx, { practiceId, userId: actor.userId }, consumed, true);
  await recordActivities(tx, actor, rows.map((row, i) => ({ action: 'create', subject: 'Procedure', subjectId: row.id, practiceId, after: { ...row, items: lines[i], stock: 'consume' } })));
  await emitWebhookEvents(tx, practiceId, rows.flatMap((row, i) => (row.status === 'completed' ? [{ type: 'procedure.completed' as const, data: procedureEventData(row, lines[i]!) }] : [])));
  return rows;
}

/** A procedure as webhook events carry it (docs/webhooks.md#events). */
export function procedureEventData(row: ProcedureRow, items: ReadonlyArray<{ product_id: number; quantity: string }>): Record<string, unknown> {
  return {
    procedure: {
      id: row.id,
      procedure_code_id: row.procedureCodeId,
      procedure_template_id: row.procedureTemplateId,
      performed_at: row.performedAt instanceof Date ? row.performedAt.toISOString() : row.performedAt,
      provider: row.provider,
      status: row.status,
      location_id: row.locationId,
      items: items.map((i) => ({ product_id: i.product_id, quantity: String(i.quantity) })),
    },
  };
}
