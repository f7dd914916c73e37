import { type Product, type ProductBody, productListContract, type ListRow } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const PRODUCTS_LIST_URL = productListContract.path;

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

interface One {
  success: true;
  data: Product;
}

export async function fetchProduct(id: number): Promise<Product> {
  return (await api.get<One>(`/api/product/${id}`)).data.data;
}

export async function saveProduct(body: ProductBody, id?: number): Promise<Product> {
  const url = id === undefined ? '/api/product/create' : `/api/product/update/${id}`;
  return (await api.post<One>(url, body)).data.data;
}

export async function deactivateProduct(id: number): Promise<void> {
  await api.post(`/api/product/deactivate/${id}`);
}

export async function restoreProduct(id: number): Promise<void> {
  await api.post(`/api/product/restore/${id}`);
}

/** Permanent; the server answers 409 with what still uses the product (a template). */
export async function deleteProduct(id: number): Promise<void> {
  await api.post(`/api/product/delete/${id}`);
}

export async function fetchUnits(): Promise<string[]> {
  return (await api.get<{ data: string[] }>('/api/product/unit-measurement')).data.data;
}

/** Name, SKU, GTIN or brand as the user types; a scanned GS1 barcode is matched on its GTIN. */
export async function searchProducts(q: string, signal?: AbortSignal, limit = 20): Promise<ProductSearchResult> {
  const { data } = await api.get<ProductSearchResult>('/api/product/search', { params: { q, limit }, signal });
  return { data: data.data, barcode: data.barcode ?? null };
}
