import { describe, expect, it } from 'vitest';
import { fromScaled, toScaled } from './money.ts';

// The arithmetic itself is tested with the decimal module (packages/contracts/src/decimal.test.ts).
describe('the scaled form left for the procedure forms', () => {
  it('reads and writes decimal strings through the decimal module', () => {
    expect(toScaled('12.5')).toBe(1_250_000_000n);
    expect(toScaled('abc')).toBeUndefined();
    expect(toScaled('')).toBeUndefined();
    expect(toScaled('-1')).toBeUndefined();
    expect(fromScaled(toScaled('0.1')!)).toBe('0.1000');
    expect(fromScaled(toScaled('2.00005')!)).toBe('2.0001');
    expect(fromScaled(toScaled('7')!, 2)).toBe('7.00');
    expect(fromScaled(toScaled('3')! + toScaled(1)!)).toBe('4.0000');
  });
});
