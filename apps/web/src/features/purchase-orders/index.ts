/** What other features may use of purchase orders (the lint rule forbids reaching into this folder's other files). */
export { PurchaseOrderStatusBadge } from './PurchaseOrderStatusBadge.tsx';
export { createPurchaseOrder, fetchPurchaseOrder, PURCHASE_ORDERS_LIST_URL } from './purchase-orders.api.ts';
