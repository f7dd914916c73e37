import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { parseProductBarcode, type ScannedBarcode } from '@enamel/contracts';
import { brands, inventories, products, type Database } from '@enamel/db';
import { unitCost } from '../../core/catalog-sql.ts';

/** Like the catalog's product search, plus what the practice has on hand (0 when not stocked there). */
export async function searchProductsInPractice(db: Database, practiceId: number, q: string, limit: number): Promise<{ data: unknown[]; barcode: ScannedBarcode | null }> {
  const barcode = parseProductBarcode(q);
  const term = q.trim();
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const where = barcode ? eq(products.gtin, barcode.gtin) : or(ilike(products.name, pattern), ilike(products.sku, pattern), ilike(products.gtin, pattern), ilike(brands.name, pattern));
  const data = await db
    .select({
      id: products.id, name: products.name, sku: products.sku, gtin: products.gtin, brand_name: brands.name, usage_unit: products.usageUnit,
      purchase_unit: products.purchaseUnit, units_per_purchase_unit: products.unitsPerPurchaseUnit, unit_cost: unitCost, tracks_lots: products.tracksLots,
      status: products.status, on_hand: sql<string>`coalesce(${inventories.onHand}, 0)::text`, inventory_id: inventories.id,
    })
    .from(products)
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(inventories, and(eq(inventories.productId, products.id), eq(inventories.dentalPracticeId, practiceId)))
    .where(term ? where : undefined)
    .orderBy(desc(sql`${products.status} = 'active'`), desc(sql`${inventories.id} is not null`), desc(sql`lower(${products.sku}) = lower(${term})`), asc(products.name), asc(products.id))
    .limit(limit);
  return { data, barcode };
}
