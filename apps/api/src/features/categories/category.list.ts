import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { categories, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';
import { isoDate } from '../../core/presenters.ts';

export const categoryRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  parent_id: z.number().int().nullable(),
  parent_name: z.string().nullable(),
  path: z.string(),
  status: z.string(),
  products_count: z.number().int(),
  created_at: z.string(),
});
export type CategoryRow = z.infer<typeof categoryRowSchema>;

const id = sql.raw('"categories"."id"');
const parentName = sql<string | null>`(select pc.name from categories pc where pc.id = ${categories.parentId})`;
/** "Infection control › Gloves": the names from the root down (a recursive walk up the parents). */
export const categoryPath = (categoryId: SQL) => sql<string>`(with recursive up(id, name, parent_id, depth) as (
    select c.id, c.name, c.parent_id, 0 from categories c where c.id = ${categoryId}
    union all select c.id, c.name, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 32
  ) select string_agg(name, ' › ' order by depth desc) from up)`;
const path = categoryPath(id);
const productsCount = sql<number>`(select count(*)::int from products p where p.category_id = ${id})`;

export const categoryList: ListDefinition<CategoryRow> = {
  path: '/api/admin/list/categories',
  columns: {
    id: { type: 'number', expr: categories.id, sort: true, filter: true },
    name: { type: 'string', expr: categories.name, sort: true, filter: true, search: true },
    parent_id: { type: 'number', expr: categories.parentId, filter: true },
    parent_name: { type: 'string', expr: parentName, sort: true, filter: true, search: true },
    path: { type: 'string', expr: path, sort: true, filter: true, search: true },
    status: { type: 'string', expr: categories.status, sort: true, filter: true },
    products_count: { type: 'number', expr: productsCount, sort: true, filter: true, integer: true },
    created_at: { type: 'date', expr: categories.createdAt, sort: true, filter: true },
  },
  defaultSort: { field: 'path', direction: 'asc' },
  tiebreaker: categories.id,
  query: (db: Database) =>
    db
      .select({ id: categories.id, name: categories.name, parent_id: categories.parentId, parent_name: parentName, path, status: categories.status, products_count: productsCount, created_at: categories.createdAt })
      .from(categories)
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as CategoryRow), created_at: isoDate(row.created_at) }),
};
