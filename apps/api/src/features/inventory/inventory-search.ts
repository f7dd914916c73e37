import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { parseProductBarcode, type StockProductSearch } from '@enamel/contracts';
import { brands, inventories, products, type Database } from '@enamel/db';
import { productHitColumns, productSearchMatch } from '../../core/catalog-sql.ts';

/** Like the catalog's product search, plus what the practice has on hand (0 when not stocked there). */
export async function searchProductsInPractice(db: Database, practiceId: number, q: string, limit: number): Promise<StockProductSearch> {
  const barcode = parseProductBarcode(q);
  const term = q.trim();
  const data = await db
    .select({ ...productHitColumns, on_hand: sql<string>`coalesce(${inventories.onHand}, 0)::text`, inventory_id: inventories.id })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(inventories, and(eq(inventories.productId, products.id), eq(inventories.dentalPracticeId, practiceId)))
    .where(productSearchMatch(term, barcode))
    .orderBy(desc(sql`${products.status} = 'active'`), desc(sql`${inventories.id} is not null`), desc(sql`lower(${products.sku}) = lower(${term})`), asc(products.name), asc(products.id))
    .limit(limit);
  return { data, barcode };
}
