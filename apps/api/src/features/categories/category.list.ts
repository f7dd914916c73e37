import { sql, type SQL } from 'drizzle-orm';
import { categoryListContract, type ListRow } from '@enamel/contracts';
import { categories } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type CategoryRow = ListRow<typeof categoryListContract>;

const id = sql.raw('"categories"."id"');
const parentName = sql<string | null>`(select pc.name from categories pc where pc.id = ${categories.parentId})`;
/** "Infection control › Gloves": the names from the root down (a recursive walk up the parents). */
export const categoryPath = (categoryId: SQL) => sql<string>`(with recursive up(id, name, parent_id, depth) as (
    select c.id, c.name, c.parent_id, 0 from categories c where c.id = ${categoryId}
    union all select c.id, c.name, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 32
  ) select string_agg(name, ' › ' order by depth desc) from up)`;
const productsCount = sql<number>`(select count(*)::int from products p where p.category_id = ${id})`;

export const categoryList = bindList(categoryListContract, {
  table: categories,
  columns: {
    parent_name: parentName,
    path: categoryPath(id),
    products_count: productsCount,
  },
  tiebreaker: categories.id,
});
