import { categories } from '@enamel/db';
import type { Db } from '../../../core/import/kind.ts';

/** Category paths are written "Parent > Child > Grandchild". */
export const PATH_SEPARATOR = ' > ';

export function normalisePath(path: string): string {
  return path
    .split('>')
    .map((s) => s.trim())
    .filter(Boolean)
    .join(PATH_SEPARATOR);
}

export interface CategoryTree {
  /** lower(path) → id */
  byPath: Map<string, number>;
  /** lower(name) → ids (a name may appear under several parents) */
  byName: Map<string, number[]>;
}

export async function loadCategoryTree(db: Db): Promise<CategoryTree> {
  const all = await db.select({ id: categories.id, name: categories.name, parentId: categories.parentId }).from(categories);
  const byId = new Map(all.map((c) => [c.id, c]));
  const pathOf = (id: number): string => {
    const parts: string[] = [];
    for (let c = byId.get(id), guard = 0; c && guard < 64; c = c.parentId ? byId.get(c.parentId) : undefined, guard++) parts.unshift(c.name);
    return parts.join(PATH_SEPARATOR);
  };
  const tree: CategoryTree = { byPath: new Map(), byName: new Map() };
  for (const c of all) {
    tree.byPath.set(pathOf(c.id).toLowerCase(), c.id);
    const list = tree.byName.get(c.name.toLowerCase()) ?? [];
    list.push(c.id);
    tree.byName.set(c.name.toLowerCase(), list);
  }
  return tree;
}
