import { procedureCodeBodySchema } from '@enamel/contracts';
import { defineKind, issuesToCellErrors, optionalLower } from '../../../core/import/kind.ts';
import { upsertRows } from '../../../core/import/upsert.ts';

interface ProcedureCodeRow {
  code: string;
  name: string;
  category: string;
  status: string | undefined;
}

/** Procedure codes: natural key the code, upper-case. Categories may be written "Oral surgery" for oral_surgery. */
export const procedureCodeKind = defineKind<ProcedureCodeRow, null>({
  name: 'procedure-code',
  subject: 'ProcedureCode',
  keyColumn: 'code',
  columns: [
    { name: 'code', required: true, example: 'D1110' },
    { name: 'name', required: true, example: 'Adult prophylaxis' },
    { name: 'category', required: true, example: 'preventive' },
    { name: 'status', example: 'active' },
  ],
  loadRefs: async () => null,
  parseRow(cells) {
    const body = {
      code: cells.code,
      name: cells.name,
      category: cells.category ? cells.category.toLowerCase().replace(/[\s-]+/g, '_') : '',
      status: optionalLower(cells.status),
    };
    const parsed = procedureCodeBodySchema.safeParse(body);
    if (!parsed.success) return { ok: false, errors: issuesToCellErrors(parsed.error.issues, body, (f) => f) };
    return { ok: true, value: { ...parsed.data, status: parsed.data.status } };
  },
  naturalKey: (row) => row.code.toUpperCase(),
  upsert: (tx, rows) =>
    upsertRows(
      tx,
      { table: 'procedure_codes', conflict: 'upper(code)', columns: { code: 'varchar(16)', name: 'varchar(160)', category: 'varchar(32)', status: 'varchar(16)' }, keepWhenAbsent: { status: 'active' } },
      rows.map((r) => ({ ...r })),
    ),
});
