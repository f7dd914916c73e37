import { getData, postData } from '../../core/api.ts';
import { LIST_PATHS, type ListRow, type stockTakeListContract, type StockTakeDetail, type StockTakeLineReviewBody, type StockTakeStartBody } from '@enamel/contracts';

export type { StockTakeDetail, StockTakeLine, StockTakeStatus } from '@enamel/contracts';
export type StockTakeRow = ListRow<typeof stockTakeListContract>;
export const STOCK_TAKES_LIST_URL = LIST_PATHS.stockTake;
export const STOCK_TAKES_PATH = '/admin/stock-takes';

export const fetchStockTake = (id: number) => getData<StockTakeDetail>(`/api/stock-takes/${id}`);
export const startStockTake = (body: StockTakeStartBody) => postData<StockTakeDetail>('/api/stock-takes', body);
export const countStockTake = (id: number, productId: number, quantity: string) => postData<StockTakeDetail>(`/api/stock-takes/${id}/counts`, { product_id: productId, quantity });
export const reviewStockTakeLine = (id: number, lineId: number, body: StockTakeLineReviewBody) => postData<StockTakeDetail>(`/api/stock-takes/${id}/lines/${lineId}`, body);
export const approveStockTake = (id: number) => postData<StockTakeDetail>(`/api/stock-takes/${id}/approve`);
export const cancelStockTake = (id: number, reason: string) => postData<StockTakeDetail>(`/api/stock-takes/${id}/cancel`, { reason });
