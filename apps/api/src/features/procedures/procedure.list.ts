import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { procedureCodes, procedures, procedureTemplates, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';
import { isoDate } from '../../core/presenters.ts';

export const procedureRowSchema = z.object({
  id: z.number().int(),
  dental_practice_id: z.number().int(),
  performed_at: z.string(),
  procedure_code_id: z.number().int(),
  procedure_code: z.string(),
  procedure_code_name: z.string(),
  procedure_template_id: z.number().int().nullable(),
  template_name: z.string().nullable(),
  provider: z.string().nullable(),
  status: z.string(),
  items_count: z.number().int(),
  consumable_cost: z.string(),
});
export type ProcedureRow = z.infer<typeof procedureRowSchema>;

const id = sql.raw('"procedures"."id"');
const itemsCount = sql<number>`(select count(*)::int from procedure_items i where i.procedure_id = ${id})`;
export const procedureCost = (procedureId: unknown) => sql<string>`(select coalesce(sum(i.cost), 0)::text from procedure_items i where i.procedure_id = ${procedureId})`;
const cost = procedureCost(id);

/** Procedures of one practice (the caller's scope names it). */
export const procedureList: ListDefinition<ProcedureRow> = {
  path: '/api/admin/list/procedures',
  columns: {
    id: { type: 'number', expr: procedures.id, sort: true, filter: true },
    performed_at: { type: 'date', expr: procedures.performedAt, sort: true, filter: true },
    procedure_code_id: { type: 'number', expr: procedures.procedureCodeId, filter: true },
    procedure_code: { type: 'string', expr: procedureCodes.code, sort: true, filter: true, search: true },
    procedure_code_name: { type: 'string', expr: procedureCodes.name, sort: true, filter: true, search: true },
    procedure_template_id: { type: 'number', expr: procedures.procedureTemplateId, filter: true },
    template_name: { type: 'string', expr: procedureTemplates.name, sort: true, filter: true, search: true },
    provider: { type: 'string', expr: procedures.provider, sort: true, filter: true, search: true },
    status: { type: 'string', expr: procedures.status, sort: true, filter: true },
    items_count: { type: 'number', expr: itemsCount, sort: true, filter: true, integer: true },
    consumable_cost: { type: 'number', expr: sql`(${cost})::numeric`, sort: true, filter: true },
  },
  defaultSort: { field: 'performed_at', direction: 'desc' },
  tiebreaker: procedures.id,
  query: (db: Database) =>
    db
      .select({
        id: procedures.id, dental_practice_id: procedures.dentalPracticeId, performed_at: procedures.performedAt, procedure_code_id: procedures.procedureCodeId,
        procedure_code: procedureCodes.code, procedure_code_name: procedureCodes.name, procedure_template_id: procedures.procedureTemplateId,
        template_name: procedureTemplates.name, provider: procedures.provider, status: procedures.status, items_count: itemsCount, consumable_cost: cost,
      })
      .from(procedures)
      .innerJoin(procedureCodes, eq(procedureCodes.id, procedures.procedureCodeId))
      .leftJoin(procedureTemplates, eq(procedureTemplates.id, procedures.procedureTemplateId))
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as ProcedureRow), performed_at: isoDate(row.performed_at) }),
};
