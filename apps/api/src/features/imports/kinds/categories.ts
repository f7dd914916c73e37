import { and, eq } from 'drizzle-orm';
import { categoryBodySchema } from '@enamel/contracts';
import { categories } from '@enamel/db';
import { defineKind, issuesToCellErrors, optionalLower } from '../../../core/import/kind.ts';
import { ImportFileError } from '../../../core/import/pipeline.ts';
import { STATUS_COLUMN } from '../../../core/import/record-kind.ts';
import { PATH_SEPARATOR, loadCategoryTree, normalisePath, type CategoryTree } from './category-tree.ts';

interface CategoryRow {
  name: string;
  parent: string | null;
  path: string;
  status: string | undefined;
}

/**
 * Categories: a name under a parent given by its path ("Consumables > Gloves"); the parent may be in the
 * catalog or anywhere in the same file (parents are written first). Natural key: the full path, case-insensitive.
 */
export const categoryKind = defineKind<CategoryRow, CategoryTree>({
  name: 'category',
  subject: 'Category',
  keyColumn: 'name',
  columns: [
    { name: 'name', required: true, example: 'Gloves' },
    { name: 'parent', example: 'Consumables' },
    STATUS_COLUMN,
  ],
  loadRefs: loadCategoryTree,
  parseRow(cells) {
    const body = { name: cells.name, status: optionalLower(cells.status) };
    const parsed = categoryBodySchema.safeParse(body);
    const errors = parsed.success ? [] : issuesToCellErrors(parsed.error.issues, body, (f) => f);
    if (cells.name?.includes('>')) errors.push({ column: 'name', key: 'import.category_name' });
    if (errors.length || !parsed.success) return { ok: false, errors };
    const parent = cells.parent ? normalisePath(cells.parent) : null;
    const path = parent ? `${parent}${PATH_SEPARATOR}${parsed.data.name}` : parsed.data.name;
    return { ok: true, value: { name: parsed.data.name, parent, path, status: parsed.data.status } };
  },
  naturalKey: (row) => row.path.toLowerCase(),
  fileRefs: (row, tree) => (row.parent && !tree.byPath.has(row.parent.toLowerCase()) ? [{ column: 'parent', key: row.parent.toLowerCase(), value: row.parent }] : []),
  writeOrder: (a, b) => a.path.split(PATH_SEPARATOR).length - b.path.split(PATH_SEPARATOR).length,
  async upsert(tx, rows, tree) {
    let created = 0;
    let updated = 0;
    for (const row of rows) {
      const parentId = row.parent ? tree.byPath.get(row.parent.toLowerCase()) : null;
      if (parentId === undefined) throw new ImportFileError('import.changed');
      const existing = tree.byPath.get(row.path.toLowerCase());
      if (existing) {
        await tx
          .update(categories)
          .set({ name: row.name, ...(row.status ? { status: row.status } : {}) })
          .where(and(eq(categories.id, existing)));
        updated++;
      } else {
        const [inserted] = await tx
          .insert(categories)
          .values({ name: row.name, parentId, status: row.status ?? 'active' })
          .returning({ id: categories.id });
        tree.byPath.set(row.path.toLowerCase(), inserted!.id);
        created++;
      }
    }
    return { created, updated };
  },
});
