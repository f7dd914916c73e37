/** What other features may use of suppliers (the lint rule forbids reaching into this folder's other files). */
export { OffersTable } from './OffersTable.tsx';
export { fetchSupplierOptions, supplierDetailPath, type SupplierOfferRow } from './supplier.api.ts';
