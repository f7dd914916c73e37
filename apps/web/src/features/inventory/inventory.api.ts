import { api, getData } from '../../core/api.ts';
import { inventoryListContract, type AdjustBody, type ApplySuggestionsBody, type ApplySuggestionsResult, type InventoryAddBody, type InventoryDetail, type InventoryUpdateBody, type ListRow, type MovementRow, type ReceiveBody, type StockProductSearch, type TransferBody, type WriteOffBody, type MoveBody, LIST_PATHS } from '@enamel/contracts';

/** docs/stock-api.md: every call names the practice; quantities are decimal strings in the usage unit. */
export const INVENTORIES_LIST_URL = LIST_PATHS.inventory;
export const STOCK_MOVEMENTS_LIST_URL = LIST_PATHS.movement;

export { STOCK_STATUSES, type InventoryDetail, type Lot, type StockProductHit, type StockStatus } from '@enamel/contracts';

export const MOVEMENT_TYPES = ['receive', 'consume', 'adjust', 'transfer_out', 'transfer_in', 'expire', 'waste', 'return', 'move'] as const;

/** A row of the inventories list. */
export type InventoryRow = ListRow<typeof inventoryListContract>;

/** A movement of the ledger. */
export type Movement = MovementRow;

export async function searchStockProducts(practiceId: number, q: string, signal?: AbortSignal, limit = 20): Promise<StockProductSearch> {
  const { data } = await api.get<StockProductSearch>('/api/inventory/product/search', { params: { dental_practice_id: practiceId, q, limit }, signal });
  return { data: data.data, barcode: data.barcode ?? null };
}

export async function fetchInventory(id: number): Promise<InventoryDetail> {
  return getData<InventoryDetail>(`/api/inventory/${id}`);
}

/** On hand of one product in a practice (0 when the practice does not stock it). */
export async function fetchOnHand(practiceId: number, productId: number, signal?: AbortSignal): Promise<string> {
  const { data } = await api.get<{ data: InventoryRow[] }>(INVENTORIES_LIST_URL, {
    params: { dental_practice_id: practiceId, pagesize: 1, column_filters: JSON.stringify([{ field: 'product_id', condition: 'equal', value: productId }]) },
    signal,
  });
  return data.data[0]?.on_hand ?? '0';
}

export async function addInventory(body: InventoryAddBody): Promise<void> {
  await api.post('/api/inventory/add', body);
}

export async function updateInventory(id: number, body: InventoryUpdateBody): Promise<void> {
  await api.post(`/api/inventory/update/${id}`, body);
}

export async function deactivateInventory(id: number): Promise<void> {
  await api.post(`/api/inventory/delete/${id}`);
}

export async function restoreInventory(id: number): Promise<void> {
  await api.post(`/api/inventory/restore/${id}`);
}

export async function receiveStock(body: ReceiveBody): Promise<void> {
  await api.post('/api/inventory/receive', body);
}

export async function adjustStock(body: AdjustBody): Promise<void> {
  await api.post('/api/inventory/adjust', body);
}

export async function transferStock(body: TransferBody): Promise<void> {
  await api.post('/api/inventory/transfer', body);
}

/** Part of a lot to another location of the practice (docs/locations.md). */
export async function moveStock(body: MoveBody): Promise<void> {
  await api.post('/api/inventory/move', body);
}

export async function writeOffLot(body: WriteOffBody): Promise<void> {
  await api.post('/api/inventory/write-off', body);
}

/** Query keys other than lists that a stock change makes stale. */
export const STOCK_QUERY_KEYS = ['inventory', 'inventory-search', 'on-hand', 'procedure'];

/** Copies the suggested levels into the typed ones, or switches to forecast mode (docs/stock-api.md). */
export async function applySuggestions(body: ApplySuggestionsBody): Promise<ApplySuggestionsResult> {
  return (await api.post<{ data: ApplySuggestionsResult }>('/api/inventory/apply-suggestions', body)).data.data;
}
