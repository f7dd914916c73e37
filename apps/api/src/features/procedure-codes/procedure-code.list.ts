import { sql } from 'drizzle-orm';
import { procedureCodeListContract, type ListRow } from '@enamel/contracts';
import { procedureCodes } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type ProcedureCodeRow = ListRow<typeof procedureCodeListContract>;

export const templatesCount = (codeId: unknown) => sql<number>`(select count(*)::int from procedure_templates t where t.procedure_code_id = ${codeId})`;

export const procedureCodeList = bindList(procedureCodeListContract, {
  table: procedureCodes,
  columns: {
    templates_count: templatesCount(sql.raw('"procedure_codes"."id"')),
  },
  tiebreaker: procedureCodes.id,
});
