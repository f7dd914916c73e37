import { type Brand, type BrandBody, brandListContract, type ListRow } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const BRANDS_LIST_URL = brandListContract.path;

/** A row of the brands list (the list engine's declared columns). */
export type BrandRow = ListRow<typeof brandListContract>;

interface One {
  success: true;
  data: Brand;
}

export async function fetchBrand(id: number): Promise<Brand> {
  return (await api.get<One>(`/api/brand/${id}`)).data.data;
}

export async function saveBrand(body: BrandBody, id?: number): Promise<Brand> {
  const url = id === undefined ? '/api/brand/create' : `/api/brand/update/${id}`;
  return (await api.post<One>(url, body)).data.data;
}

/** The notes' brand delete sets it inactive (409 while active products use it); restore brings it back. */
export async function deactivateBrand(id: number): Promise<void> {
  await api.post(`/api/brand/delete/${id}`);
}

export async function restoreBrand(id: number): Promise<void> {
  await api.post(`/api/brand/restore/${id}`);
}

export interface BrandOption {
  id: number;
  name: string;
  status: 'active' | 'inactive';
}

/** Up to 100 brands by name for a picker, narrowed by the list search when the user types. */
export async function fetchBrandOptions(search: string): Promise<BrandOption[]> {
  const params: Record<string, string | number> = { pagesize: 100, sort_column: 'name', sort_direction: 'asc' };
  if (search.trim() !== '') params.search = search.trim();
  return (await api.get<{ data: BrandOption[] }>(BRANDS_LIST_URL, { params })).data.data;
}
