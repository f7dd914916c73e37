import { type ProductBody, type ProductDetail, type ProductSearch, type ProductSuccessionBody, type TemplateSwitchResult, productListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { api, recordApi, getData, postData } from '../../core/api.ts';

export const PRODUCTS_LIST_URL = LIST_PATHS.product;

/** A row of the products list. Money is a decimal string. */
export type ProductRow = ListRow<typeof productListContract>;

export type { ProductHit, ScannedBarcode } from '@enamel/contracts';

const products = recordApi<ProductDetail, ProductBody>('product');

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
export async function searchProducts(q: string, signal?: AbortSignal, limit = 20): Promise<ProductSearch> {
  const { data } = await api.get<ProductSearch>('/api/product/search', { params: { q, limit }, signal });
  return { data: data.data, barcode: data.barcode ?? null };
}

/** "Replace with…": names (or, with a null successor, clears) the product that replaces this one. */
export const saveProductSuccessor = (id: number, body: ProductSuccessionBody) => postData<ProductDetail>(`/api/product/${id}/successor`, body);

/** Every procedure template naming the product switches to its successor (quantities converted by the factor). */
export const switchTemplatesToSuccessor = (id: number) => postData<TemplateSwitchResult>(`/api/product/${id}/switch-templates`);
