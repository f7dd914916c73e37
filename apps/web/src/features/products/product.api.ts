import { type Product, type ProductBody, productListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { api, recordApi, getData } from '../../core/api.ts';

export const PRODUCTS_LIST_URL = LIST_PATHS.product;

/** A row of the products list. Money is a decimal string. */
export type ProductRow = ListRow<typeof productListContract>;

/** A hit of GET /api/product/search. */
export interface ProductHit {
  id: number;
  name: string;
  sku: string;
  gtin: string | null;
  brand_name: string | null;
  usage_unit: string;
  purchase_unit: string;
  units_per_purchase_unit: number;
  unit_cost: string;
  tracks_lots: boolean;
  status: 'active' | 'inactive';
}

export interface ScannedBarcode {
  gtin: string;
  lot: string | null;
  expiry: string | null;
  serial: string | null;
}

export interface ProductSearchResult {
  data: ProductHit[];
  barcode: ScannedBarcode | null;
}

const products = recordApi<Product, ProductBody>('product');

export const fetchProduct = products.fetch;
export const saveProduct = products.save;

export const deactivateProduct = (id: number) => products.act('deactivate', id);

export const restoreProduct = (id: number) => products.act('restore', id);

/** Permanent; the server answers 409 with what still uses the product (a template). */
export const deleteProduct = (id: number) => products.act('delete', id);

export async function fetchUnits(): Promise<string[]> {
  return getData<string[]>('/api/product/unit-measurement');
}

/** Name, SKU, GTIN or brand as the user types; a scanned GS1 barcode is matched on its GTIN. */
export async function searchProducts(q: string, signal?: AbortSignal, limit = 20): Promise<ProductSearchResult> {
  const { data } = await api.get<ProductSearchResult>('/api/product/search', { params: { q, limit }, signal });
  return { data: data.data, barcode: data.barcode ?? null };
}
