import { api, getData } from '../../core/api.ts';
import type { AcceptTransferBody, ExpiryWaste, OrderSuggestionReasoning, OrderSuggestionRow, ReplacedStock, TransferSuggestions } from '@enamel/contracts';

/** docs/forecasting.md#replenishment: order suggestions, their reasoning, transfers before purchases, expiry waste ahead. */
export type { ExpiryWaste, OrderSuggestionReasoning, OrderSuggestionRow, ReplacedStock, ReplacedStockProduct, TransferSuggestion, TransferSuggestions } from '@enamel/contracts';

/** The query keys the screen refreshes after a transfer or new purchase orders. */
export const REPLENISHMENT_QUERY_KEYS = [['list'], ['replenishment']];

export function fetchReasoning(inventoryId: number, practiceId: number): Promise<OrderSuggestionReasoning> {
  return getData<OrderSuggestionReasoning>(`/api/replenishment/order-suggestions/${inventoryId}/reasoning`, { params: { dental_practice_id: practiceId } });
}

export function fetchTransferSuggestions(practiceId: number): Promise<TransferSuggestions> {
  return getData<TransferSuggestions>('/api/replenishment/transfer-suggestions', { params: { dental_practice_id: practiceId } });
}

export function fetchExpiryWaste(practiceId: number, days = 90): Promise<ExpiryWaste> {
  return getData<ExpiryWaste>('/api/replenishment/expiry-waste', { params: { dental_practice_id: practiceId, days } });
}

/** The replaced products' usable stock the successors use up first, and what of it will expire unused (docs/product-rules.md#succession). */
export function fetchReplacedStock(practiceId: number): Promise<ReplacedStock> {
  return getData<ReplacedStock>('/api/replenishment/replaced-stock', { params: { dental_practice_id: practiceId } });
}

export async function acceptTransfer(body: AcceptTransferBody): Promise<void> {
  await api.post('/api/replenishment/transfer-suggestions/accept', body);
}

/** A draft purchase order made from suggestions (one per supplier). */
export interface CreatedPurchaseOrder {
  id: number;
  number: string;
  supplier_id: number;
}

/** Draft purchase orders grouped by supplier from the selected suggestions (quantities in packs). */
export async function createDraftPurchaseOrders(practiceId: number, rows: readonly OrderSuggestionRow[]): Promise<CreatedPurchaseOrder[]> {
  const lines = rows.filter((r) => r.supplier_offer_id !== null).map((r) => ({ product_id: r.product_id, supplier_offer_id: r.supplier_offer_id!, quantity: r.order_packs }));
  const { data } = await api.post<{ data: CreatedPurchaseOrder[] }>('/api/purchase-orders/from-suggestions', { dental_practice_id: practiceId, lines });
  return data.data;
}
