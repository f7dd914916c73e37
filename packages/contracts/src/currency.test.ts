import { describe, expect, it } from 'vitest';
import { minorUnits } from './index.ts';

describe('minor units of a currency', () => {
  it('are the ISO 4217 decimals: none for yen, two for euro and dollar, three for dinars; two for a code Intl refuses', () => {
    expect([minorUnits('JPY'), minorUnits('KRW'), minorUnits('EUR'), minorUnits('USD'), minorUnits('GBP'), minorUnits('BHD'), minorUnits('KWD')]).toEqual([0, 0, 2, 2, 2, 3, 3]);
    expect(minorUnits('not a currency')).toBe(2);
  });
});
