import { and, asc, eq, sql } from 'drizzle-orm';
import type { ProcedureTemplateLines } from '@enamel/contracts';
import { inventories, procedureTemplateItems, procedureTemplates, products, type Database } from '@enamel/db';
import { unitCost } from '../../core/catalog-sql.ts';
import { AppError } from '../../core/errors.ts';
import { decimalText } from '../../core/presenters.ts';

/**
 * The lines a template gives a procedure of one practice, in one answer: each product with its
 * quantity, catalog unit cost and the practice's on-hand (null for who may not read stock), so
 * choosing a template on the procedure form is one request.
 */
export async function templateLines(db: Database, templateId: number, practiceId: number, showOnHand: boolean): Promise<ProcedureTemplateLines> {
  const [template] = await db.select({ id: procedureTemplates.id }).from(procedureTemplates).where(eq(procedureTemplates.id, templateId));
  if (!template) throw new AppError('not_found');
  const rows = await db
    .select({
      product_id: products.id, product_name: products.name, sku: products.sku, usage_unit: products.usageUnit, quantity: procedureTemplateItems.quantity,
      unit_cost: unitCost, on_hand: sql<string>`coalesce(${inventories.onHand}, 0)::text`,
    })
    .from(procedureTemplateItems)
    .innerJoin(products, eq(products.id, procedureTemplateItems.productId))
    .leftJoin(inventories, and(eq(inventories.productId, products.id), eq(inventories.dentalPracticeId, practiceId)))
    .where(eq(procedureTemplateItems.procedureTemplateId, templateId))
    .orderBy(asc(procedureTemplateItems.id));
  return {
    procedure_template_id: templateId,
    items: rows.map((r) => ({ ...r, quantity: decimalText(r.quantity), unit_cost: decimalText(r.unit_cost), on_hand: showOnHand ? decimalText(r.on_hand) : null })),
  };
}
