import type { DashboardData } from '@enamel/contracts';
import type { PracticeContext } from '../../practice-context/index.ts';
import { lowStockRows } from '../../stock/index.ts';

/** Active inventories at or below their reorder point, with the order up to par (stock/low-stock.ts). */
export async function lowStock(ctx: PracticeContext): Promise<DashboardData<'low-stock-data'>> {
  return { items: (await lowStockRows(ctx.db, ctx)).map(({ brand: _brand, ...item }) => item) };
}
