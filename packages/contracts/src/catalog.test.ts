import { describe, expect, it } from 'vitest';
import { decimalSchema, isValidGtin, parseProductBarcode, productBodySchema } from './index.ts';

describe('GTIN check digit', () => {
  it.each(['4006381333931', '96385074', '036000291452', '10614141000415'])('accepts %s', (gtin) => expect(isValidGtin(gtin)).toBe(true));
  it.each(['4006381333932', '1234567', '40063813339310000', 'ABCDEFGHIJKLM', ''])('refuses %s', (gtin) => expect(isValidGtin(gtin)).toBe(false));
});

describe('product barcodes', () => {
  it('reads a bare EAN-13 as a 14-digit GTIN', () => {
    expect(parseProductBarcode('4006381333931')).toEqual({ gtin: '04006381333931', lot: null, expiry: null, serial: null });
  });
  it('reads a GS1 DataMatrix with FNC1 separators: GTIN, expiry, serial, lot', () => {
    expect(parseProductBarcode(']d20104150000021126172706302112345ABC\x1D10LOT42X')).toEqual({ gtin: '04150000021126', lot: 'LOT42X', expiry: '2027-06-30', serial: '12345ABC' });
  });
  it('reads the bracketed human-readable form', () => {
    expect(parseProductBarcode('(01)04150000021126(17)280200(10)B-7')).toMatchObject({ gtin: '04150000021126', lot: 'B-7', expiry: '2028-02-29' });
  });
  it('returns null for a SKU, a name, or a GTIN with a wrong check digit', () => {
    expect(parseProductBarcode('GLV-NIT-M')).toBeNull();
    expect(parseProductBarcode('nitrile gloves')).toBeNull();
    expect(parseProductBarcode('(01)04150000021127(10)X')).toBeNull();
  });
});

describe('catalog bodies', () => {
  it('keeps money exact as a decimal string', () => {
    expect(decimalSchema.parse(12.5)).toBe('12.5');
    expect(decimalSchema.parse('0.1000')).toBe('0.1000');
    expect(decimalSchema.safeParse('1e3').success).toBe(false);
    expect(decimalSchema.safeParse('-1').success).toBe(false);
    expect(decimalSchema.safeParse('1.23456').success).toBe(false);
  });
  it('refuses a product whose purchase unit does not hold a positive whole number of usage units', () => {
    const base = { name: 'Gloves', sku: 'GLV-1', usage_unit: 'each', purchase_unit: 'box', purchase_price: '9.90' };
    expect(productBodySchema.safeParse({ ...base, units_per_purchase_unit: 100 }).success).toBe(true);
    expect(productBodySchema.safeParse({ ...base, units_per_purchase_unit: 0 }).success).toBe(false);
    expect(productBodySchema.safeParse({ ...base, units_per_purchase_unit: 2.5 }).success).toBe(false);
  });
});
