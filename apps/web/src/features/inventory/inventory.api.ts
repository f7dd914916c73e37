import { api } from '../../core/api.ts';
import type { ScannedBarcode } from '../products/index.ts';

/** docs/stock-api.md: every call names the practice; quantities are decimal strings in the usage unit. */
export const INVENTORIES_LIST_URL = '/api/admin/list/inventories';
export const STOCK_MOVEMENTS_LIST_URL = '/api/admin/list/stock-movements';

export const STOCK_STATUSES = ['out', 'low', 'expiring', 'ok'] as const;
export type StockStatus = (typeof STOCK_STATUSES)[number];

export const MOVEMENT_TYPES = ['receive', 'consume', 'adjust', 'transfer_out', 'transfer_in', 'expire', 'waste', 'return'] as const;

/** A row of the inventories list. */
export interface InventoryRow {
  id: number;
  product_id: number;
  product_name: string;
  sku: string;
  gtin?: string | null;
  brand_name: string | null;
  category_name: string | null;
  usage_unit: string;
  purchase_unit: string;
  units_per_purchase_unit: number;
  tracks_lots?: boolean;
  on_hand: string;
  on_hand_purchase_units: string;
  value: string;
  nearest_expiry: string | null;
  reorder_point: string;
  par_level: string;
  location: string | null;
  status: 'active' | 'inactive';
  stock_status: StockStatus;
}

export interface Lot {
  id: number;
  lot_number: string | null;
  expiry_date: string | null;
  quantity: string;
  unit_cost: string;
  received_at: string;
  value: string;
}

export interface Movement {
  id: number;
  type: string;
  quantity: string;
  unit_cost: string;
  lot_number: string | null;
  reason: string | null;
  procedure_id?: number | null;
  product_name?: string;
  counterpart_practice_name?: string | null;
  user_email?: string | null;
  occurred_at: string;
}

export interface InventoryDetail extends InventoryRow {
  lots: Lot[];
  movements: Movement[];
}

/** A hit of GET /api/inventory/product/search: the catalog's search plus what the practice has on hand. */
export interface StockProductHit {
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
  on_hand: string;
  inventory_id?: number | null;
}

export interface StockSearchResult {
  data: StockProductHit[];
  barcode: ScannedBarcode | null;
}

export async function searchStockProducts(practiceId: number, q: string, signal?: AbortSignal, limit = 20): Promise<StockSearchResult> {
  const { data } = await api.get<StockSearchResult>('/api/inventory/product/search', { params: { dental_practice_id: practiceId, q, limit }, signal });
  return { data: data.data, barcode: data.barcode ?? null };
}

export async function fetchInventory(id: number): Promise<InventoryDetail> {
  return (await api.get<{ data: InventoryDetail }>(`/api/inventory/${id}`)).data.data;
}

/** On hand of one product in a practice (0 when the practice does not stock it). */
export async function fetchOnHand(practiceId: number, productId: number, signal?: AbortSignal): Promise<string> {
  const { data } = await api.get<{ data: InventoryRow[] }>(INVENTORIES_LIST_URL, {
    params: { dental_practice_id: practiceId, pagesize: 1, column_filters: JSON.stringify([{ field: 'product_id', condition: 'equal', value: productId }]) },
    signal,
  });
  return data.data[0]?.on_hand ?? '0';
}

export interface InventoryAddBody {
  dental_practice_id: number;
  product_id: number;
  reorder_point: string;
  par_level: string;
  location: string | null;
}
export async function addInventory(body: InventoryAddBody): Promise<void> {
  await api.post('/api/inventory/add', body);
}

export interface InventoryUpdateBody {
  reorder_point: string;
  par_level: string;
  location: string | null;
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

export interface ReceiveBody {
  dental_practice_id: number;
  product_id: number;
  quantity: string;
  unit: 'usage' | 'purchase';
  unit_cost?: string | null;
  lot_number?: string | null;
  expiry_date?: string | null;
  reason?: string | null;
  /** Needed to receive a lot whose expiry date is already past. */
  confirm_expired?: boolean;
}
export async function receiveStock(body: ReceiveBody): Promise<void> {
  await api.post('/api/inventory/receive', body);
}

export interface AdjustBody {
  dental_practice_id: number;
  product_id: number;
  lot_id?: number | null;
  counted: string;
  reason: string;
}
export async function adjustStock(body: AdjustBody): Promise<void> {
  await api.post('/api/inventory/adjust', body);
}

export interface TransferBody {
  dental_practice_id: number;
  to_dental_practice_id: number;
  product_id: number;
  quantity: string;
  reason?: string | null;
}
export async function transferStock(body: TransferBody): Promise<void> {
  await api.post('/api/inventory/transfer', body);
}

export interface WriteOffBody {
  dental_practice_id: number;
  lot_id: number;
  type: 'expire' | 'waste';
  quantity?: string | null;
  reason?: string | null;
}
export async function writeOffLot(body: WriteOffBody): Promise<void> {
  await api.post('/api/inventory/write-off', body);
}

/** Query keys other than lists that a stock change makes stale. */
export const STOCK_QUERY_KEYS = ['inventory', 'inventory-search', 'on-hand', 'procedure'];
