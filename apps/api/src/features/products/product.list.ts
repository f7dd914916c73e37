import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { brands, categories, products, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';
import { unitCost } from '../../core/catalog-sql.ts';
import { isoDate } from '../../core/presenters.ts';

export const productRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  gtin: z.string().nullable(),
  brand_id: z.number().int().nullable(),
  brand_name: z.string().nullable(),
  category_id: z.number().int().nullable(),
  category_name: z.string().nullable(),
  usage_unit: z.string(),
  purchase_unit: z.string(),
  units_per_purchase_unit: z.number().int(),
  purchase_price: z.string(),
  unit_cost: z.string(),
  tracks_lots: z.boolean(),
  status: z.string(),
  created_at: z.string(),
});
export type ProductRow = z.infer<typeof productRowSchema>;


export const productList: ListDefinition<ProductRow> = {
  path: '/api/admin/list/products',
  columns: {
    id: { type: 'number', expr: products.id, sort: true, filter: true },
    name: { type: 'string', expr: products.name, sort: true, filter: true, search: true },
    sku: { type: 'string', expr: products.sku, sort: true, filter: true, search: true },
    gtin: { type: 'string', expr: products.gtin, sort: true, filter: true, search: true },
    brand_id: { type: 'number', expr: products.brandId, filter: true },
    brand_name: { type: 'string', expr: brands.name, sort: true, filter: true, search: true },
    category_id: { type: 'number', expr: products.categoryId, filter: true },
    category_name: { type: 'string', expr: categories.name, sort: true, filter: true, search: true },
    usage_unit: { type: 'string', expr: products.usageUnit, sort: true, filter: true },
    purchase_unit: { type: 'string', expr: products.purchaseUnit, sort: true, filter: true },
    units_per_purchase_unit: { type: 'number', expr: products.unitsPerPurchaseUnit, sort: true, filter: true },
    purchase_price: { type: 'number', expr: products.purchasePrice, sort: true, filter: true },
    unit_cost: { type: 'number', expr: sql`${products.purchasePrice} / ${products.unitsPerPurchaseUnit}`, sort: true, filter: true },
    tracks_lots: { type: 'bool', expr: products.tracksLots, sort: true, filter: true },
    status: { type: 'string', expr: products.status, sort: true, filter: true },
    created_at: { type: 'date', expr: products.createdAt, sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tiebreaker: products.id,
  query: (db: Database) =>
    db
      .select({
        id: products.id, name: products.name, sku: products.sku, gtin: products.gtin,
        brand_id: products.brandId, brand_name: brands.name, category_id: products.categoryId, category_name: categories.name,
        usage_unit: products.usageUnit, purchase_unit: products.purchaseUnit, units_per_purchase_unit: products.unitsPerPurchaseUnit,
        purchase_price: products.purchasePrice, unit_cost: unitCost, tracks_lots: products.tracksLots, status: products.status, created_at: products.createdAt,
      })
      .from(products)
      .leftJoin(brands, sql`${brands.id} = ${products.brandId}`)
      .leftJoin(categories, sql`${categories.id} = ${products.categoryId}`)
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as ProductRow), created_at: isoDate(row.created_at) }),
};
