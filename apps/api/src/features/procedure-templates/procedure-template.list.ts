import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { procedureCodes, procedureTemplates, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';
import { isoDate } from '../../core/presenters.ts';

export const procedureTemplateRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  procedure_code_id: z.number().int(),
  procedure_code: z.string(),
  procedure_code_name: z.string(),
  items_count: z.number().int(),
  consumable_cost: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export type ProcedureTemplateRow = z.infer<typeof procedureTemplateRowSchema>;

/** Σ quantity × unit cost of a template's items, exact to 4 places. */
export const consumableCost = (templateId: unknown) =>
  sql<string>`(select coalesce(round(sum(i.quantity * p.purchase_price / p.units_per_purchase_unit), 4), 0)::text
    from procedure_template_items i join products p on p.id = i.product_id where i.procedure_template_id = ${templateId})`;
const id = sql.raw('"procedure_templates"."id"');
const itemsCount = sql<number>`(select count(*)::int from procedure_template_items i where i.procedure_template_id = ${id})`;
const cost = consumableCost(id);

export const procedureTemplateList: ListDefinition<ProcedureTemplateRow> = {
  path: '/api/admin/list/procedures-templates',
  columns: {
    id: { type: 'number', expr: procedureTemplates.id, sort: true, filter: true },
    name: { type: 'string', expr: procedureTemplates.name, sort: true, filter: true, search: true },
    procedure_code_id: { type: 'number', expr: procedureTemplates.procedureCodeId, filter: true },
    procedure_code: { type: 'string', expr: procedureCodes.code, sort: true, filter: true, search: true },
    procedure_code_name: { type: 'string', expr: procedureCodes.name, sort: true, filter: true, search: true },
    items_count: { type: 'number', expr: itemsCount, sort: true, filter: true, integer: true },
    consumable_cost: { type: 'number', expr: sql`(${cost})::numeric`, sort: true, filter: true },
    status: { type: 'string', expr: procedureTemplates.status, sort: true, filter: true },
    created_at: { type: 'date', expr: procedureTemplates.createdAt, sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tiebreaker: procedureTemplates.id,
  query: (db: Database) =>
    db
      .select({
        id: procedureTemplates.id, name: procedureTemplates.name, procedure_code_id: procedureTemplates.procedureCodeId,
        procedure_code: procedureCodes.code, procedure_code_name: procedureCodes.name, items_count: itemsCount,
        consumable_cost: cost, status: procedureTemplates.status, created_at: procedureTemplates.createdAt,
      })
      .from(procedureTemplates)
      .innerJoin(procedureCodes, sql`${procedureCodes.id} = ${procedureTemplates.procedureCodeId}`)
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as ProcedureTemplateRow), created_at: isoDate(row.created_at) }),
};
