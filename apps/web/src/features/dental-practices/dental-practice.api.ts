import type { DentalPractice, DentalPracticeBody } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const DENTAL_PRACTICES_LIST_URL = '/api/admin/list/dental-practices';

/** A row of the practices list (the list engine's declared columns). */
export interface DentalPracticeRow {
  id: number;
  name: string;
  code: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  time_zone: string;
  currency: string;
  status: 'active' | 'inactive';
  created_at: string;
}

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
