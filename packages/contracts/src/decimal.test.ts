import { describe, expect, it } from 'vitest';
import { addDecimals, compareDecimals, toDecimal, divideDecimals, isDecimal, multiplyDecimals, parseDecimal, roundDecimal, roundUpDecimal, subtractDecimals, sumDecimals, unitCostOf, weightedCost } from './decimal.ts';

describe('decimal text', () => {
  it('reads plain decimals, signed or not, and nothing else', () => {
    for (const ok of ['0', '12.5', '-3', '+7.25', '12.', '.5', ' 4 ', '0.0001', '9999999999.9999']) expect(isDecimal(ok), ok).toBe(true);
    for (const bad of ['', '.', '-', 'abc', '1e5', '1,5', '1.2.3', 'NaN', 'Infinity', '--1']) expect(isDecimal(bad), bad).toBe(false);
    expect(parseDecimal(Number.NaN)).toBeUndefined();
    expect(parseDecimal(null)).toBeUndefined();
    expect(parseDecimal('12.')?.toString()).toBe('12');
    expect(toDecimal('nope').toString()).toBe('0');
  });

  it('rounds half away from zero to the places asked, never "-0"', () => {
    expect(roundDecimal('2.00005')).toBe('2.0001');
    expect(roundDecimal('2.00004999')).toBe('2.0000');
    expect(roundDecimal('-2.00005')).toBe('-2.0001');
    expect(roundDecimal('-0.00001')).toBe('0.0000');
    expect(roundDecimal('7', 2)).toBe('7.00');
    expect(roundDecimal('0.125', 2)).toBe('0.13');
    expect(roundDecimal('1.5', 0)).toBe('2');
    expect(roundUpDecimal('2.0001')).toBe('3');
    expect(roundUpDecimal('2')).toBe('2');
    expect(roundUpDecimal('0.12341', 4)).toBe('0.1235');
  });
});

describe('arithmetic', () => {
  it('is exact where floats are not', () => {
    expect(addDecimals('0.1', '0.2')).toBe('0.3000');
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(subtractDecimals('97', '100')).toBe('-3.0000');
    expect(addDecimals('-3', '0.5')).toBe('-2.5000');
    expect(multiplyDecimals('0.1', '0.2')).toBe('0.0200');
    expect(multiplyDecimals('3', '0.1299')).toBe('0.3897');
    expect(multiplyDecimals('1.005', '1000', 2)).toBe('1005.00');
    expect(sumDecimals(['0.1', '0.2', '-0.05'])).toBe('0.2500');
    expect(sumDecimals([])).toBe('0.0000');
    expect(sumDecimals(['9999999999.9999', '0.0001'])).toBe('10000000000.0000');
  });

  it('rounds products and quotients once, at the end', () => {
    // 0.00005 × 3 = 0.00015 → 0.0002; rounding the factor first would give 0.0003.
    expect(multiplyDecimals('0.00005', '3')).toBe('0.0002');
    expect(divideDecimals('10', '3')).toBe('3.3333');
    expect(divideDecimals('20', '3')).toBe('6.6667');
    expect(divideDecimals('1', '8', 2)).toBe('0.13');
    expect(divideDecimals('1', '0')).toBeUndefined();
  });

  it('compares by value', () => {
    expect(compareDecimals('0.3', '0.1')).toBe(1);
    expect(compareDecimals('2', '2.0000')).toBe(0);
    expect(compareDecimals('-1', '0')).toBe(-1);
    expect(compareDecimals(5, '5.0')).toBe(0);
  });
});

describe('unit cost', () => {
  it('is the purchase price over the units per purchase unit, to 4 places, half up', () => {
    expect(unitCostOf('12.99', 100)).toBe('0.1299');
    expect(unitCostOf('10', 3)).toBe('3.3333');
    expect(unitCostOf('20', 3)).toBe('6.6667');
    expect(unitCostOf('0.0001', 7)).toBe('0.0000');
    expect(unitCostOf('0.0007', 2)).toBe('0.0004');
    expect(unitCostOf('99999999.9999', 1)).toBe('99999999.9999');
    expect(unitCostOf('8.9', 100)).toBe('0.0890');
  });

  it('is null when it cannot be computed', () => {
    expect(unitCostOf('10', 0)).toBeNull();
    expect(unitCostOf('10', 2.5)).toBeNull();
    expect(unitCostOf('x', 5)).toBeNull();
  });
});

describe('weighted cost of a lot received again', () => {
  it('averages what it holds and what comes in', () => {
    expect(weightedCost('10', '1', '30', '2')).toBe('1.7500');
    expect(weightedCost('1', '1', '2', '0.5')).toBe('0.6667');
  });
  it('ignores a negative holding, and takes the incoming cost when nothing would be held', () => {
    expect(weightedCost('-5', '9', '10', '2')).toBe('2.0000');
    expect(weightedCost('-5', '9', '3', '2.12345')).toBe('2.1235');
  });
});
