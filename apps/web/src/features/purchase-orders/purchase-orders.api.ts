import { getData, postData } from '../../core/api.ts';
import {
  LIST_PATHS, type ListRow, type purchaseOrderListContract, type PurchaseOrderCreateBody, type PurchaseOrderDetail, type PurchaseOrderReceiveBody,
  type PurchaseOrderReturnBody, type PurchaseOrderSupplierOptions, type PurchaseOrderUpdateBody,
} from '@enamel/contracts';

export type { PurchaseOrderDetail, PurchaseOrderLine, PurchaseOrderStatus, PurchaseOrderSupplierOptions } from '@enamel/contracts';
export type PurchaseOrderRow = ListRow<typeof purchaseOrderListContract>;
export const PURCHASE_ORDERS_LIST_URL = LIST_PATHS.purchaseOrder;
/** The queries a PO change refreshes besides every list (the stock screens show what a receipt or a return did). */
export const PURCHASE_ORDER_REFRESH = ['purchase-order', 'inventory', 'inventory-search'];

export const fetchPurchaseOrder = (id: number) => getData<PurchaseOrderDetail>(`/api/purchase-orders/${id}`);
export const fetchSupplierOptions = () => getData<PurchaseOrderSupplierOptions>('/api/purchase-orders/suppliers');
export const createPurchaseOrder = (body: PurchaseOrderCreateBody) => postData<PurchaseOrderDetail>('/api/purchase-orders', body);
export const updatePurchaseOrder = (id: number, body: PurchaseOrderUpdateBody) => postData<PurchaseOrderDetail>(`/api/purchase-orders/${id}/update`, body);

/** The status steps without a body: submit, approve, send (send also answers the budget warnings, none yet). */
export async function purchaseOrderStep(id: number, step: 'submit' | 'approve' | 'send'): Promise<PurchaseOrderDetail> {
  return postData<PurchaseOrderDetail>(`/api/purchase-orders/${id}/${step}`);
}
export const rejectPurchaseOrder = (id: number, reason: string) => postData<PurchaseOrderDetail>(`/api/purchase-orders/${id}/reject`, { reason });
export const cancelPurchaseOrder = (id: number, reason: string) => postData<PurchaseOrderDetail>(`/api/purchase-orders/${id}/cancel`, { reason });
export const receivePurchaseOrder = (id: number, body: PurchaseOrderReceiveBody) => postData<PurchaseOrderDetail>(`/api/purchase-orders/${id}/receive`, body);
export const returnPurchaseOrderLine = (id: number, lineId: number, body: PurchaseOrderReturnBody) => postData<PurchaseOrderDetail>(`/api/purchase-orders/${id}/lines/${lineId}/return`, body);
export const purchaseOrderPdfUrl = (id: number) => `/api/purchase-orders/${id}/pdf`;
