import { describe, expect, it } from 'vitest';
import { fromScaled, multiplyDecimals, sumDecimals, toScaled, unitCostOf } from './money.ts';

describe('catalog money (exact decimals)', () => {
  it('reads and writes decimal strings', () => {
    expect(toScaled('12.5')).toBe(1_250_000_000n);
    expect(toScaled('abc')).toBeUndefined();
    expect(toScaled('')).toBeUndefined();
    expect(fromScaled(toScaled('0.1')!)).toBe('0.1000');
    expect(fromScaled(toScaled('2.00005')!)).toBe('2.0001');
    expect(fromScaled(toScaled('7')!, 2)).toBe('7.00');
  });

  it('multiplies and sums without float error', () => {
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.0200');
    expect(multiplyDecimals('3', '0.1299')).toBe('0.3897');
    expect(sumDecimals(['0.1', '0.2'])).toBe('0.3000');
    expect(sumDecimals([])).toBe('0.0000');
  });

  it('computes the unit cost like the server (price ÷ units, 4 decimals)', () => {
    expect(unitCostOf('12.99', 100)).toBe('0.1299');
    expect(unitCostOf('10', 3)).toBe('3.3333');
    expect(unitCostOf('20', 3)).toBe('6.6667');
    expect(unitCostOf('10', 0)).toBeNull();
    expect(unitCostOf('x', 5)).toBeNull();
  });
});
