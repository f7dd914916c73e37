import { type Category, type CategoryBody, categoryListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';
import { recordApi, getData } from '../../core/api.ts';

export const CATEGORIES_LIST_URL = LIST_PATHS.category;

/** A row of the categories list. `path` is the names from the root, e.g. "Infection control › Gloves". */
export type CategoryRow = ListRow<typeof categoryListContract>;

/** An entry of GET /api/category/all (sorted by path). */
export interface CategoryOption {
  id: number;
  name: string;
  parent_id: number | null;
  path: string;
  status: 'active' | 'inactive';
}

const categories = recordApi<Category, CategoryBody>('category', { refresh: ['categories'] });

export const fetchCategory = categories.fetch;
export async function fetchAllCategories(): Promise<CategoryOption[]> {
  return getData<CategoryOption[]>('/api/category/all');
}

export const saveCategory = categories.save;
export const categoryLifecycle = categories.lifecycle;

/** The ids of a category and everything below it: what cannot become its parent. */
export function selfAndDescendants(all: CategoryOption[], id: number): Set<number> {
  const out = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of all) {
      if (c.parent_id !== null && out.has(c.parent_id) && !out.has(c.id)) {
        out.add(c.id);
        grew = true;
      }
    }
  }
  return out;
}

/** Paths joined with " › " by the server; shown as they come. */
export function parentOptions(all: CategoryOption[], editingId: number | undefined, inactiveLabel: string) {
  const excluded = editingId === undefined ? new Set<number>() : selfAndDescendants(all, editingId);
  return all
    .filter((c) => !excluded.has(c.id))
    .map((c) => ({ value: String(c.id), label: c.status === 'active' ? c.path : `${c.path} (${inactiveLabel})` }));
}
