import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ProcedureTemplate, procedureTemplateBodySchema } from '@enamel/contracts';
import { procedureCodes, procedureTemplateItems, procedureTemplates, products, type Database } from '@enamel/db';
import type { Actor } from '../../core/activity-log.ts';
import { AppError, invalid, type FieldErrors } from '../../core/errors.ts';
import { decimalText, isoDate } from '../../core/presenters.ts';
import { assertUnique, createRecord, deleteRecord, findRecord, setRecordStatus, updateRecord, type RecordKind } from '../../core/records.ts';
import { unitCost } from '../../core/catalog-sql.ts';
import { consumableCost } from './procedure-template.list.ts';
import type { Tx } from '../../core/transaction.ts';

type Row = typeof procedureTemplates.$inferSelect;
export type ProcedureTemplateInput = z.output<typeof procedureTemplateBodySchema>;
const kind: RecordKind = { table: procedureTemplates, subject: 'ProcedureTemplate' };

const toColumns = (body: ProcedureTemplateInput) => ({ name: body.name, procedureCodeId: body.procedure_code_id, description: body.description, ...(body.status ? { status: body.status } : {}) });
const nameTaken = (db: Database, name: string, exceptId?: number) => assertUnique(db, procedureTemplates, sql`lower(${procedureTemplates.name}) = lower(${name})`, 'name', 'catalog.template_name_taken', exceptId);

/** The code must exist; every item's product must exist and appear once. Errors name the item (`items.2.product_id`). */
async function checkBody(db: Database, body: ProcedureTemplateInput): Promise<void> {
  const [code] = await db.select({ id: procedureCodes.id }).from(procedureCodes).where(eq(procedureCodes.id, body.procedure_code_id));
  if (!code) throw invalid('procedure_code_id', 'catalog.unknown_code');
  const ids = body.items.map((i) => i.product_id);
  const known = new Set(ids.length ? (await db.select({ id: products.id }).from(products).where(inArray(products.id, ids))).map((r) => r.id) : []);
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  body.items.forEach((item, index) => {
    if (!known.has(item.product_id)) errors[`items.${index}.product_id`] = [{ key: 'catalog.unknown_product' }];
    else if (seen.has(item.product_id)) errors[`items.${index}.product_id`] = [{ key: 'catalog.template_duplicate_product' }];
    seen.add(item.product_id);
  });
  if (Object.keys(errors).length) throw new AppError('validation_failed', undefined, errors);
}

async function replaceItems(tx: Tx, templateId: number, items: ProcedureTemplateInput['items']) {
  const before = await tx.select({ product_id: procedureTemplateItems.productId, quantity: procedureTemplateItems.quantity }).from(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, templateId)).orderBy(asc(procedureTemplateItems.id));
  await tx.delete(procedureTemplateItems).where(eq(procedureTemplateItems.procedureTemplateId, templateId));
  if (items.length) await tx.insert(procedureTemplateItems).values(items.map((i) => ({ procedureTemplateId: templateId, productId: i.product_id, quantity: i.quantity })));
  return { before: { items: before }, after: { items: items.map((i) => ({ product_id: i.product_id, quantity: i.quantity })) } };
}

export async function presentProcedureTemplate(db: Database, row: Row): Promise<ProcedureTemplate> {
  const [code] = await db.select().from(procedureCodes).where(eq(procedureCodes.id, row.procedureCodeId));
  const items = await db
    .select({
      id: procedureTemplateItems.id, product_id: products.id, product_name: products.name, sku: products.sku, usage_unit: products.usageUnit,
      quantity: procedureTemplateItems.quantity, unit_cost: unitCost,
      line_cost: sql<string>`round(${procedureTemplateItems.quantity} * ${unitCost}, 4)::text`,
    })
    .from(procedureTemplateItems)
    .innerJoin(products, eq(products.id, procedureTemplateItems.productId))
    .where(eq(procedureTemplateItems.procedureTemplateId, row.id))
    .orderBy(asc(procedureTemplateItems.id));
  const [total] = await db.select({ cost: consumableCost(row.id) }).from(sql`(select 1) as one`);
  return {
    id: row.id, name: row.name, procedure_code_id: row.procedureCodeId, procedure_code: code?.code ?? '', procedure_code_name: code?.name ?? '',
    description: row.description, status: row.status as ProcedureTemplate['status'],
    items: items.map((i) => ({ ...i, quantity: decimalText(i.quantity), unit_cost: decimalText(i.unit_cost), line_cost: decimalText(i.line_cost) })),
    consumable_cost: decimalText(total?.cost), created_at: isoDate(row.createdAt), updated_at: isoDate(row.updatedAt),
  };
}

export const findProcedureTemplate = (db: Database, id: number) => findRecord<Row>(db, kind, id);

export async function createProcedureTemplate(db: Database, actor: Actor, body: ProcedureTemplateInput): Promise<Row> {
  await checkBody(db, body);
  await nameTaken(db, body.name);
  return createRecord<Row>(db, actor, kind, toColumns(body), async (tx, row) => {
    await replaceItems(tx, row.id, body.items);
  });
}

export async function updateProcedureTemplate(db: Database, actor: Actor, id: number, body: ProcedureTemplateInput): Promise<Row> {
  await findProcedureTemplate(db, id);
  await checkBody(db, body);
  await nameTaken(db, body.name, id);
  return updateRecord<Row>(db, actor, kind, id, toColumns(body), (tx) => replaceItems(tx, id, body.items));
}

export const setProcedureTemplateStatus = (db: Database, actor: Actor, id: number, status: 'active' | 'inactive') => setRecordStatus<Row>(db, actor, kind, id, status);
export const deleteProcedureTemplate = (db: Database, actor: Actor, id: number) => deleteRecord(db, actor, kind, id);
