import { describe, expect, it } from 'vitest';
import { allocate, fefoOrder, firstUsableDay, isExpired } from './fefo.ts';

describe('FEFO rules', () => {
  it('orders by expiry (none last), then received, then id', () => {
    const lots = [
      { id: 1, expiryDate: null, receivedAt: 1 },
      { id: 2, expiryDate: '2027-01-01', receivedAt: 5 },
      { id: 3, expiryDate: '2026-12-01', receivedAt: 9 },
      { id: 4, expiryDate: '2027-01-01', receivedAt: 2 },
      { id: 5, expiryDate: '2027-01-01', receivedAt: 2 },
    ];
    expect([...lots].sort(fefoOrder).map((l) => l.id)).toEqual([3, 4, 5, 2, 1]);
  });

  it('keeps a lot good through its expiry day, judged on the later of today and the movement day', () => {
    expect(firstUsableDay('2026-11-22', '2026-11-20')).toBe('2026-11-22');
    expect(firstUsableDay('2026-11-22', '2026-11-30')).toBe('2026-11-30');
    expect(isExpired('2026-11-21', '2026-11-22')).toBe(true);
    expect(isExpired('2026-11-22', '2026-11-22')).toBe(false);
    expect(isExpired(null, '2026-11-22')).toBe(false);
    expect(isExpired('2020-01-01', null)).toBe(false);
  });

  it('splits a quantity over the lots in order, skipping empty and negative ones, and says what is left', () => {
    const lots = [{ quantity: '0.5000' }, { quantity: '-2' }, { quantity: '0' }, { quantity: '3' }];
    const { parts, available, left } = allocate(lots, '2.25');
    expect(parts.map((p) => [lots.indexOf(p.lot), p.quantity])).toEqual([[0, '0.5000'], [3, '1.7500']]);
    expect([available.toFixed(4), left.toFixed(4)]).toEqual(['3.5000', '0.0000']);
    const short = allocate(lots, '5');
    expect(short.parts.map((p) => p.quantity)).toEqual(['0.5000', '3.0000']);
    expect(short.left.toFixed(4)).toBe('1.5000');
  });
});
