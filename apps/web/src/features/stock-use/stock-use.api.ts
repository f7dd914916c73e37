import type { StockUseBody, StockUseResult } from '@enamel/contracts';
import { api } from '../../core/api.ts';

/** POST /api/stock/use: supplies used outside a procedure, FEFO, as consumption. */
export async function takeSupplies(body: StockUseBody): Promise<StockUseResult> {
  const { data } = await api.post<{ data: StockUseResult }>('/api/stock/use', body);
  return data.data;
}
