import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Category, categoryBodySchema } from '@enamel/contracts';
import { categories, products, type Database } from '@enamel/db';
import { invalid } from '../../core/errors.ts';
import { isoDate } from '../../core/presenters.ts';
import { activeReferences, assertUnique, recordService, type RecordKind } from '../../core/records.ts';
import { categoryPath } from './category.list.ts';

type Row = typeof categories.$inferSelect;
export type CategoryInput = z.output<typeof categoryBodySchema>;
const kind: RecordKind = { table: categories, subject: 'Category' };

/** The parent must exist and must not be the category itself or one of its descendants (no cycles). */
async function checkParent(db: Database, parentId: number | null, selfId?: number): Promise<void> {
  if (parentId === null) return;
  if (parentId === selfId) throw invalid('parent_id', 'catalog.category_cycle');
  const ancestors = await db
    .select({ id: sql<number>`anc.id::int` })
    .from(sql`(with recursive up(id, parent_id, depth) as (
        select id, parent_id, 0 from categories where id = ${parentId}
        union all select c.id, c.parent_id, up.depth + 1 from categories c join up on c.id = up.parent_id where up.depth < 64
      ) select id from up) as anc`);
  const ids = ancestors.map((r) => Number(r.id));
  if (ids.length === 0) throw invalid('parent_id', 'catalog.unknown_category');
  if (selfId !== undefined && ids.includes(selfId)) throw invalid('parent_id', 'catalog.category_cycle');
}

const nameTaken = (db: Database, body: CategoryInput, exceptId?: number) =>
  assertUnique(db, categories, sql`coalesce(${categories.parentId}, 0) = ${body.parent_id ?? 0} and lower(${categories.name}) = lower(${body.name})`, 'name', 'catalog.category_name_taken', exceptId);

const activeChildren = activeReferences(categories, categories.parentId, 'catalog.category_has_children');
const activeProducts = activeReferences(products, products.categoryId, 'catalog.category_in_use');

export async function presentCategory(db: Database, row: Row): Promise<Category> {
  const [extra] = await db
    .select({ path: categoryPath(sql`${row.id}`), products: sql<number>`(select count(*)::int from products where category_id = ${row.id})` })
    .from(sql`(select 1) as one`);
  return {
    id: row.id, name: row.name, parent_id: row.parentId, path: extra?.path ?? row.name, status: row.status as Category['status'],
    products_count: Number(extra?.products ?? 0), created_at: isoDate(row.createdAt), updated_at: isoDate(row.updatedAt),
  };
}

export const { find: findCategory, create: createCategory, update: updateCategory, setStatus: setCategoryStatus } = recordService<Row, CategoryInput>(kind, {
  columns: (body) => ({ name: body.name, parentId: body.parent_id, ...(body.status ? { status: body.status } : {}) }),
  check: async (db, body, id) => {
    await checkParent(db, body.parent_id, id);
    await nameTaken(db, body, id);
  },
  // A category stays active while it has active subcategories or active products.
  inUse: async (tx, id) => (await activeChildren(tx, id)) ?? activeProducts(tx, id),
});

/** Every category with its path, for pickers. */
export async function allCategories(db: Database) {
  const rows = await db
    .select({ id: categories.id, name: categories.name, parent_id: categories.parentId, path: categoryPath(sql.raw('"categories"."id"')), status: categories.status })
    .from(categories);
  return rows.sort((a, b) => a.path.localeCompare(b.path));
}

