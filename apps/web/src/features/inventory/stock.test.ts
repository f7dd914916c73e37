import { describe, expect, it } from 'vitest';
import { normalizeGtin } from '@enamel/contracts';
import type { StockProductHit } from './inventory.api.ts';
import { usageQuantity } from './ReceiveStockModal.tsx';
import { decimalText, expiryState } from './stock.ts';
import { scannedHit } from './StockProductPicker.tsx';

describe('stock helpers', () => {
  it('tells expired, expiring (within 30 days) and later lots apart', () => {
    expect(expiryState('2026-11-21', '2026-11-22')).toBe('expired');
    expect(expiryState('2026-11-22', '2026-11-22')).toBe('expiring');
    expect(expiryState('2026-12-21', '2026-11-22')).toBe('expiring');
    expect(expiryState('2026-12-22', '2026-11-22')).toBe('ok');
    expect(expiryState(null, '2026-11-22')).toBeNull();
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
