import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { procedureCodes, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';
import { isoDate } from '../../core/presenters.ts';

export const procedureCodeRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  category: z.string(),
  status: z.string(),
  templates_count: z.number().int(),
  created_at: z.string(),
});
export type ProcedureCodeRow = z.infer<typeof procedureCodeRowSchema>;

export const templatesCount = (codeId: unknown) => sql<number>`(select count(*)::int from procedure_templates t where t.procedure_code_id = ${codeId})`;
const count = templatesCount(sql.raw('"procedure_codes"."id"'));

export const procedureCodeList: ListDefinition<ProcedureCodeRow> = {
  path: '/api/admin/list/procedure-codes',
  columns: {
    id: { type: 'number', expr: procedureCodes.id, sort: true, filter: true },
    code: { type: 'string', expr: procedureCodes.code, sort: true, filter: true, search: true },
    name: { type: 'string', expr: procedureCodes.name, sort: true, filter: true, search: true },
    category: { type: 'string', expr: procedureCodes.category, sort: true, filter: true, search: true },
    status: { type: 'string', expr: procedureCodes.status, sort: true, filter: true },
    templates_count: { type: 'number', expr: count, sort: true, filter: true, integer: true },
    created_at: { type: 'date', expr: procedureCodes.createdAt, sort: true, filter: true },
  },
  defaultSort: { field: 'code', direction: 'asc' },
  tiebreaker: procedureCodes.id,
  query: (db: Database) =>
    db
      .select({ id: procedureCodes.id, code: procedureCodes.code, name: procedureCodes.name, category: procedureCodes.category, status: procedureCodes.status, templates_count: count, created_at: procedureCodes.createdAt })
      .from(procedureCodes)
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as ProcedureCodeRow), created_at: isoDate(row.created_at) }),
};
