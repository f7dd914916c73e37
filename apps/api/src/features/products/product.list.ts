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
  from: (db, fields) =>
    db
      .select(fields)
      .from(products)
      .leftJoin(brands, sql`${brands.id} = ${products.brandId}`)
      .leftJoin(categories, sql`${categories.id} = ${products.categoryId}`)
      .$dynamic(),
  tiebreaker: products.id,
});
