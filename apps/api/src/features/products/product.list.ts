import { sql } from 'drizzle-orm';
import { productListContract, type ListRow } from '@enamel/contracts';
import { brands, categories, products } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';
import { unitCost } from '../../core/catalog-sql.ts';

export type ProductRow = ListRow<typeof productListContract>;

export const productList = bindList(productListContract, {
  columns: {
    id: products.id,
    name: products.name,
    sku: products.sku,
    gtin: products.gtin,
    brand_id: products.brandId,
    brand_name: brands.name,
    category_id: products.categoryId,
    category_name: categories.name,
    usage_unit: products.usageUnit,
    purchase_unit: products.purchaseUnit,
    units_per_purchase_unit: products.unitsPerPurchaseUnit,
    purchase_price: products.purchasePrice,
    unit_cost: unitCost,
    tracks_lots: products.tracksLots,
    status: products.status,
    created_at: products.createdAt,
  },
  from: (db, fields) =>
    db
      .select(fields)
      .from(products)
      .leftJoin(brands, sql`${brands.id} = ${products.brandId}`)
      .leftJoin(categories, sql`${categories.id} = ${products.categoryId}`)
      .$dynamic(),
  tiebreaker: products.id,
});
