import { describe, expect, it } from 'vitest';
import { fefoOrder, fefoOrderAt } from './fefo.ts';

const lot = (id: number, locationId: number, expiryDate: string | null, receivedAt = 0) => ({ id, locationId, expiryDate, receivedAt });

describe('FEFO with locations (docs/locations.md)', () => {
  const lots = [lot(1, 10, '2030-01-01'), lot(2, 20, '2031-01-01'), lot(3, 20, null), lot(4, 10, '2029-01-01'), lot(5, 20, '2029-06-01'), lot(6, 10, null)];

  it('takes the lots at the preferred location first in expiry order (no expiry last), then the rest in expiry order', () => {
    expect([...lots].sort(fefoOrderAt(20)).map((l) => l.id)).toEqual([5, 2, 3, 4, 1, 6]);
    expect([...lots].sort(fefoOrderAt(10)).map((l) => l.id)).toEqual([4, 1, 6, 5, 2, 3]);
  });

  it('is plain FEFO when no lot is at the preferred location', () => {
    expect([...lots].sort(fefoOrderAt(99)).map((l) => l.id)).toEqual([...lots].sort(fefoOrder).map((l) => l.id));
    expect([...lots].sort(fefoOrder).map((l) => l.id)).toEqual([4, 5, 1, 2, 3, 6]);
  });
});
