import { sql } from 'drizzle-orm';
import { productListContract, type ListRow } from '@enamel/contracts';
import { brands, categories, products } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';
import { unitCost } from '../../core/catalog-sql.ts';

export type ProductRow = ListRow<typeof productListContract>;

export const productList = bindList(productListContract, {
  table: products,
  columns: {
    brand_name: brands.name,
    category_name: categories.name,
    unit_cost: unitCost,
  },
  joins: [
    { left: brands, on: sql`${brands.id} = ${products.brandId}` },
    { left: categories, on: sql`${categories.id} = ${products.categoryId}` },
  ],
  tiebreaker: products.id,
});
