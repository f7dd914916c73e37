import { type DentalPractice, type DentalPracticeBody, dentalPracticeListContract, type ListRow } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const DENTAL_PRACTICES_LIST_URL = dentalPracticeListContract.path;

/** A row of the practices list (the list engine's declared columns). */
export type DentalPracticeRow = ListRow<typeof dentalPracticeListContract>;

interface One {
  success: true;
  data: DentalPractice;
}

export async function fetchDentalPractice(id: number): Promise<DentalPractice> {
  return (await api.get<One>(`/api/dental-practice/${id}`)).data.data;
}

export async function saveDentalPractice(body: DentalPracticeBody, id?: number): Promise<DentalPractice> {
  const url = id === undefined ? '/api/dental-practice/create' : `/api/dental-practice/update/${id}`;
  return (await api.post<One>(url, body)).data.data;
}

/** The notes' "delete" sets the practice inactive; restore brings it back. */
export async function deactivateDentalPractice(id: number): Promise<void> {
  await api.post(`/api/dental-practice/delete/${id}`);
}

export async function restoreDentalPractice(id: number): Promise<void> {
  await api.post(`/api/dental-practice/restore/${id}`);
}

/** Only an inactive practice can go for good (one transaction on the server, logged). */
export async function deleteDentalPracticePermanently(id: number): Promise<void> {
  await api.post(`/api/dental-practice/delete-permenent/${id}`);
}
