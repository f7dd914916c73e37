import { type ProcedureCategory, type ProcedureCode, type ProcedureCodeBody, procedureCodeListContract, type ListRow } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const PROCEDURE_CODES_LIST_URL = procedureCodeListContract.path;

export type ProcedureCodeRow = ListRow<typeof procedureCodeListContract>;

/** An entry of GET /api/procedure-code/all. */
export interface ProcedureCodeOption {
  id: number;
  code: string;
  name: string;
  category: ProcedureCategory;
  status: 'active' | 'inactive';
}

interface One {
  success: true;
  data: ProcedureCode;
}

export async function fetchProcedureCode(id: number): Promise<ProcedureCode> {
  return (await api.get<One>(`/api/procedure-code/${id}`)).data.data;
}

export async function fetchAllProcedureCodes(): Promise<ProcedureCodeOption[]> {
  return (await api.get<{ data: ProcedureCodeOption[] }>('/api/procedure-code/all')).data.data;
}

export async function saveProcedureCode(body: ProcedureCodeBody, id?: number): Promise<ProcedureCode> {
  const url = id === undefined ? '/api/procedure-code/create' : `/api/procedure-code/update/${id}`;
  return (await api.post<One>(url, body)).data.data;
}

export async function deactivateProcedureCode(id: number): Promise<void> {
  await api.post(`/api/procedure-code/delete/${id}`);
}

export async function restoreProcedureCode(id: number): Promise<void> {
  await api.post(`/api/procedure-code/restore/${id}`);
}
