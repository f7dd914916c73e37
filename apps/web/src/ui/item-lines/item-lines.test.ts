import { describe, expect, it } from 'vitest';
import { addLine, isPositiveQuantity, lineBodies, linesCost, sameLines, type PickedProduct } from './item-lines.ts';

const GLOVES: PickedProduct = { product_id: 7, name: 'Nitrile gloves M', sku: 'GLV-M', usage_unit: 'each', unit_cost: '0.1299', on_hand: '5' };
const NEEDLES: PickedProduct = { product_id: 8, name: 'Needles 27G', sku: 'NDL-27', usage_unit: 'each', unit_cost: '0.35' };

describe('item lines', () => {
  it('adds a product, and merges a second pick of it into its line with its fresh on-hand', () => {
    const one = addLine([], GLOVES);
    expect(one).toMatchObject({ merged: false, lines: [{ product_id: 7, quantity: 1, unit_cost: '0.1299', on_hand: '5' }] });
    const two = addLine([{ ...one.lines[0]!, quantity: '1.5' }], { ...GLOVES, on_hand: '4' });
    expect(two.merged).toBe(true);
    expect(two.lines).toHaveLength(1);
    expect(two.lines[0]).toMatchObject({ quantity: 2.5, on_hand: '4' });
  });

  it('totals quantity × unit cost exactly; an empty quantity costs nothing', () => {
    const lines = addLine(addLine([], GLOVES).lines, NEEDLES).lines.map((l, n) => ({ ...l, quantity: n === 0 ? 3 : '0.1' }));
    expect(linesCost(lines)).toBe('0.4247');
    expect(linesCost([{ ...lines[0]!, quantity: '' }])).toBe('0.0000');
  });

  it('sends quantities as decimal strings, an empty one as "" so the server names the line', () => {
    expect(lineBodies([{ ...GLOVES, quantity: 2.5 }, { ...NEEDLES, quantity: ' ' }])).toEqual([{ product_id: 7, quantity: '2.5' }, { product_id: 8, quantity: '' }]);
  });

  it('compares lines by product and quantity, not by order or typing', () => {
    const a = [{ ...GLOVES, quantity: 2 }, { ...NEEDLES, quantity: '0.5' }];
    expect(sameLines(a, [{ ...NEEDLES, quantity: 0.5 }, { ...GLOVES, quantity: '2.000' }])).toBe(true);
    expect(sameLines(a, [{ ...GLOVES, quantity: 2 }])).toBe(false);
    expect(sameLines(a, [{ ...GLOVES, quantity: 3 }, { ...NEEDLES, quantity: '0.5' }])).toBe(false);
  });

  it('accepts only quantities above zero', () => {
    expect([1, '0.0001', '0', 0, '', 'abc', '-1'].map(isPositiveQuantity)).toEqual([true, true, false, false, false, false, false]);
  });
});
