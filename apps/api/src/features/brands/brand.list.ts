import { sql } from 'drizzle-orm';
import { brandListContract, type ListRow } from '@enamel/contracts';
import { brands } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type BrandRow = ListRow<typeof brandListContract>;

const productsCount = sql<number>`(select count(*)::int from products p where p.brand_id = ${sql.raw('"brands"."id"')})`;

export const brandList = bindList(brandListContract, {
  table: brands,
  columns: {
    products_count: productsCount,
  },
  tiebreaker: brands.id,
});
