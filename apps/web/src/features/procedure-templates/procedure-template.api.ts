import { type ProcedureTemplate, type ProcedureTemplateBody, procedureTemplateListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { api } from '../../core/api.ts';

/** Spelt "procedures-templates" on purpose (docs/client-contract.md#paths). */
export const PROCEDURE_TEMPLATES_LIST_URL = LIST_PATHS.procedureTemplate;

export type ProcedureTemplateRow = ListRow<typeof procedureTemplateListContract>;

interface One {
  success: true;
  data: ProcedureTemplate;
}

export async function fetchProcedureTemplate(id: number): Promise<ProcedureTemplate> {
  return (await api.get<One>(`/api/procedure-template/${id}`)).data.data;
}

/** Items replace the template's old ones on update. */
export async function saveProcedureTemplate(body: ProcedureTemplateBody, id?: number): Promise<ProcedureTemplate> {
  const url = id === undefined ? '/api/procedure-template/create' : `/api/procedure-template/update/${id}`;
  return (await api.post<One>(url, body)).data.data;
}

export async function deactivateProcedureTemplate(id: number): Promise<void> {
  await api.post(`/api/procedure-template/deactivate/${id}`);
}

export async function restoreProcedureTemplate(id: number): Promise<void> {
  await api.post(`/api/procedure-template/restore/${id}`);
}

/** Permanent when nothing uses the template (else 409 with the server's message). */
export async function deleteProcedureTemplate(id: number): Promise<void> {
  await api.post(`/api/procedure-template/delete/${id}`);
}
