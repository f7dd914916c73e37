import { LIST_PATHS, supplierListContract, supplierOfferListContract, type ListRow, type ProductSearch, type Supplier, type SupplierBody, type SupplierOffer, type SupplierOfferBody, type SupplierOption } from '@enamel/contracts';
import { api, getData, recordApi } from '../../core/api.ts';

export const SUPPLIERS_LIST_URL = LIST_PATHS.supplier;
export const supplierDetailPath = (id: number) => `/admin/suppliers/${id}`;

/** A row of the suppliers list. */
export type SupplierRow = ListRow<typeof supplierListContract>;
/** A row of the offers list (and one offer). Money is a decimal string in the supplier's currency. */
export type SupplierOfferRow = ListRow<typeof supplierOfferListContract>;

const suppliers = recordApi<Supplier, SupplierBody>('supplier', { refresh: ['suppliers'] });
export const fetchSupplier = suppliers.fetch;
export const saveSupplier = suppliers.save;
/** Delete sets a supplier inactive (409 while purchase orders to it are open); restore brings it back. */
export const supplierLifecycle = suppliers.lifecycle;

const offers = recordApi<SupplierOffer, SupplierOfferBody>('supplier-offer', { remove: 'delete', deactivate: 'deactivate', refresh: ['supplier', 'suppliers'] });
export const fetchOffer = offers.fetch;
export const saveOffer = offers.save;
/** Deactivate (no longer chosen, no longer preferred), restore, or delete an offer for good. */
export const offerLifecycle = offers.lifecycle;

/** Every supplier for a picker, active ones first. */
export const fetchSupplierOptions = () => getData<SupplierOption[]>('/api/supplier/all');

/** Products matching what the user typed (name, SKU, GTIN, brand), for the offer form's product picker. */
export async function searchOfferProducts(q: string, signal?: AbortSignal): Promise<ProductSearch['data']> {
  const { data } = await api.get<ProductSearch>('/api/product/search', { params: { q, limit: 20 }, signal });
  return data.data;
}
