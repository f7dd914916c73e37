import { type ProcedureCategory, type ProcedureCode, type ProcedureCodeBody, procedureCodeListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { recordApi, getData } from '../../core/api.ts';

export const PROCEDURE_CODES_LIST_URL = LIST_PATHS.procedureCode;

export type ProcedureCodeRow = ListRow<typeof procedureCodeListContract>;

/** An entry of GET /api/procedure-code/all. */
export interface ProcedureCodeOption {
  id: number;
  code: string;
  name: string;
  category: ProcedureCategory;
  status: 'active' | 'inactive';
}

const codes = recordApi<ProcedureCode, ProcedureCodeBody>('procedure-code', { refresh: ['procedure-codes'] });

export const fetchProcedureCode = codes.fetch;
export async function fetchAllProcedureCodes(): Promise<ProcedureCodeOption[]> {
  return getData<ProcedureCodeOption[]>('/api/procedure-code/all');
}

export const saveProcedureCode = codes.save;
export const procedureCodeLifecycle = codes.lifecycle;
