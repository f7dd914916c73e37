import { describe, expect, it } from 'vitest';
import type { ItemLine } from '../../ui/item-lines/index.ts';
import { fromLocalInput, shortfalls, toLocalInput } from './items.ts';

const gloves: ItemLine = { product_id: 1, name: 'Gloves', sku: 'GLV', usage_unit: 'pair', unit_cost: '0.1299', quantity: 2, on_hand: '1' };
const composite: ItemLine = { product_id: 2, name: 'Composite', sku: 'CMP', usage_unit: 'syringe', unit_cost: '12.5', quantity: '0.5', on_hand: '10' };

describe('procedure items', () => {
  it('names the lines that want more than is on hand, counting what an edited procedure gives back', () => {
    expect(shortfalls([gloves, composite])).toEqual([{ product_id: 1, name: 'Gloves', usage_unit: 'pair', wanted: '2', available: '1.0000', missing: '1.0000' }]);
    expect(shortfalls([gloves, composite], new Map([[1, '1']]))).toEqual([]);
    // Unknown on hand (not readable): no warning.
    expect(shortfalls([{ ...gloves, on_hand: null }])).toEqual([]);
    // Two lines of one product count together.
    expect(shortfalls([{ ...gloves, on_hand: '2.5' }, { ...gloves, quantity: 1, on_hand: '2.5' }])).toHaveLength(1);
  });

  it('turns a datetime-local value into an instant and back', () => {
    const local = toLocalInput(new Date(2026, 10, 22, 9, 5));
    expect(local).toBe('2026-11-22T09:05');
    expect(new Date(fromLocalInput(local)!).getTime()).toBe(new Date(2026, 10, 22, 9, 5).getTime());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});
