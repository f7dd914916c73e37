import { sql } from 'drizzle-orm';
import { procedureTemplateListContract, type ListRow } from '@enamel/contracts';
import { procedureCodes, procedureTemplates } from '@enamel/db';
import { unitCostOf } from '../../core/catalog-sql.ts';
import { bindList } from '../../core/list-engine.ts';

export type ProcedureTemplateRow = ListRow<typeof procedureTemplateListContract>;

/** Σ quantity × unit cost of a template's items, exact to 4 places. */
export const consumableCost = (templateId: unknown) =>
  sql<string>`(select coalesce(round(sum(i.quantity * ${unitCostOf('p')}), 4), 0)
    from procedure_template_items i join products p on p.id = i.product_id where i.procedure_template_id = ${templateId})`;
const id = sql.raw('"procedure_templates"."id"');

export const procedureTemplateList = bindList(procedureTemplateListContract, {
  table: procedureTemplates,
  columns: {
    procedure_code: procedureCodes.code,
    procedure_code_name: procedureCodes.name,
    items_count: sql<number>`(select count(*)::int from procedure_template_items i where i.procedure_template_id = ${id})`,
    consumable_cost: consumableCost(id),
  },
  joins: [{ inner: procedureCodes, on: sql`${procedureCodes.id} = ${procedureTemplates.procedureCodeId}` }],
  tiebreaker: procedureTemplates.id,
});
