import { describe, expect, it } from 'vitest';
import { parentOptions, selfAndDescendants, type CategoryOption } from './category.api.ts';

const c = (id: number, parent_id: number | null, path: string, status: 'active' | 'inactive' = 'active'): CategoryOption => ({ id, name: path.split(' › ').pop()!, parent_id, path, status });
const ALL = [c(1, null, 'Infection control'), c(2, 1, 'Infection control › Gloves'), c(3, 2, 'Infection control › Gloves › Nitrile'), c(4, null, 'Restorative'), c(5, 4, 'Restorative › Composites', 'inactive')];

describe('category parent picker', () => {
  it('excludes the category itself and everything below it', () => {
    expect([...selfAndDescendants(ALL, 1)].sort()).toEqual([1, 2, 3]);
    expect([...selfAndDescendants(ALL, 3)]).toEqual([3]);
    expect(parentOptions(ALL, 2, 'Inactive').map((o) => o.value)).toEqual(['1', '4', '5']);
  });

  it('offers every category when creating, marking inactive ones', () => {
    const options = parentOptions(ALL, undefined, 'Inactive');
    expect(options).toHaveLength(5);
    expect(options[4]).toEqual({ value: '5', label: 'Restorative › Composites (Inactive)' });
  });
});
