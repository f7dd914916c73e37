import { type Brand, type BrandBody, brandListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { recordApi, getData } from '../../core/api.ts';

export const BRANDS_LIST_URL = LIST_PATHS.brand;

/** A row of the brands list (the list engine's declared columns). */
export type BrandRow = ListRow<typeof brandListContract>;

const brands = recordApi<Brand, BrandBody>('brand', { refresh: ['brands'] });

export const fetchBrand = brands.fetch;
export const saveBrand = brands.save;
/** Delete sets a brand inactive (docs/product-rules.md#deactivate; 409 while active products use it); restore brings it back. */
export const brandLifecycle = brands.lifecycle;

export interface BrandOption {
  id: number;
  name: string;
  status: 'active' | 'inactive';
}

/** Up to 100 brands by name for a picker, narrowed by the list search when the user types. */
export async function fetchBrandOptions(search: string): Promise<BrandOption[]> {
  const params: Record<string, string | number> = { pagesize: 100, sort_column: 'name', sort_direction: 'asc' };
  if (search.trim() !== '') params.search = search.trim();
  return getData<BrandOption[]>(BRANDS_LIST_URL, { params });
}
