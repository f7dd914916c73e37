import { describe, expect, it } from 'vitest';
import { addItem, estimatedCost, fromLocalInput, shortfalls, toLocalInput, unitCostOfItem, type ItemValue } from './items.ts';

const gloves: ItemValue = { product_id: 1, name: 'Gloves', sku: 'GLV', usage_unit: 'pair', unit_cost: '0.1299', quantity: 2 };
const composite: ItemValue = { product_id: 2, name: 'Composite', sku: 'CMP', usage_unit: 'syringe', unit_cost: '12.5', quantity: '0.5' };

describe('procedure items', () => {
  it('adds a product once and merges a second pick into its line', () => {
    const first = addItem([], { product_id: 1, name: 'Gloves', sku: 'GLV', usage_unit: 'pair', unit_cost: '0.1299' });
    expect(first).toMatchObject({ merged: false, items: [{ product_id: 1, quantity: 1 }] });
    const second = addItem([{ ...gloves, quantity: '1.5' }], { product_id: 1, name: 'Gloves', sku: 'GLV', usage_unit: 'pair', unit_cost: '0.1299' });
    expect(second.merged).toBe(true);
    expect(second.items).toHaveLength(1);
    expect(second.items[0]!.quantity).toBe(2.5);
  });

  it('estimates the consumable cost exactly', () => {
    expect(estimatedCost([gloves, composite])).toBe('6.5098');
    expect(estimatedCost([{ ...gloves, quantity: '' }])).toBe('0.0000');
  });

  it('derives a saved item unit cost and survives a zero quantity', () => {
    expect(unitCostOfItem('1.5000', '3')).toBe('0.5000');
    expect(unitCostOfItem('0', '0')).toBe('0');
  });

  it('names the lines that want more than is on hand, counting what an edited procedure gives back', () => {
    const onHand = new Map([
      [1, '1'],
      [2, '10'],
    ]);
    expect(shortfalls([gloves, composite], onHand)).toEqual([{ product_id: 1, name: 'Gloves', usage_unit: 'pair', wanted: '2', available: '1.0000', missing: '1.0000' }]);
    expect(shortfalls([gloves, composite], onHand, new Map([[1, '1']]))).toEqual([]);
    // Unknown on hand (still loading): no warning.
    expect(shortfalls([gloves], new Map())).toEqual([]);
    // Two lines of one product count together.
    expect(shortfalls([gloves, { ...gloves, quantity: 1 }], new Map([[1, '2.5']]))).toHaveLength(1);
  });

  it('turns a datetime-local value into an instant and back', () => {
    const local = toLocalInput(new Date(2026, 10, 22, 9, 5));
    expect(local).toBe('2026-11-22T09:05');
    expect(new Date(fromLocalInput(local)!).getTime()).toBe(new Date(2026, 10, 22, 9, 5).getTime());
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});
