import { procedureCodeBodySchema } from '@enamel/contracts';
import { defineRecordKind } from '../../../core/import/record-kind.ts';

/** Procedure codes: natural key the code, upper-case. Categories may be written "Oral surgery" for oral_surgery. */
export const procedureCodeKind = defineRecordKind({
  name: 'procedure-code',
  subject: 'ProcedureCode',
  table: 'procedure_codes',
  key: 'code',
  conflict: 'upper(code)',
  schema: procedureCodeBodySchema,
  columns: {
    code: { required: true, example: 'D1110', type: 'varchar(16)' },
    name: { required: true, example: 'Adult prophylaxis', type: 'varchar(160)' },
    category: { required: true, example: 'preventive', type: 'varchar(32)' },
  },
  body: (cells) => ({ code: cells.code, name: cells.name, category: cells.category ? cells.category.toLowerCase().replace(/[\s-]+/g, '_') : '' }),
});
