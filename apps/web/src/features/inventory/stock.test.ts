import { describe, expect, it } from 'vitest';
import { normalizeGtin } from '@enamel/contracts';
import type { StockProductHit } from './inventory.api.ts';
import { usageQuantity } from './ReceiveStockModal.tsx';
import { decimalText, isPastDay } from './stock.ts';
import { scannedHit } from './StockProductPicker.tsx';

describe('stock helpers', () => {
  it('tells a typed expiry date already past (the receive form asks to confirm it)', () => {
    expect(isPastDay('2026-11-21', '2026-11-22')).toBe(true);
    expect(isPastDay('2026-11-22', '2026-11-22')).toBe(false);
    expect(isPastDay('', '2026-11-22')).toBe(false);
    expect(isPastDay(null, '2026-11-22')).toBe(false);
  });

  it('reads a NumberInput value as the decimal text the server takes', () => {
    expect(decimalText(2.5)).toBe('2.5');
    expect(decimalText(null)).toBe('');
    expect(decimalText(' 3 ')).toBe('3');
  });

  it('turns purchase units into usage units for a receipt', () => {
    expect(usageQuantity('2', 'purchase', 50)).toBe('100.0000');
    expect(usageQuantity('7', 'usage', 50)).toBe('7');
  });

  it('picks the hit a scanned barcode names', () => {
    const hit = { id: 4, gtin: '4006381333931' } as StockProductHit;
    const other = { id: 5, gtin: null } as StockProductHit;
    expect(scannedHit({ gtin: normalizeGtin('4006381333931'), lot: 'L1', expiry: '2027-06-30', serial: null }, [other, hit])).toBe(hit);
    expect(scannedHit(null, [hit])).toBeNull();
  });
});
