import { describe, expect, it } from 'vitest';
import { parseDay } from './kind.ts';

describe('date cells', () => {
  it('reads YYYY-MM-DD and spreadsheet serial days (1900 system), nothing else', () => {
    expect(parseDay('2027-06-30')).toBe('2027-06-30');
    expect(parseDay('45000')).toBe('2023-03-15');
    expect(parseDay('46387.75')).toBe('2026-12-31');
    expect(parseDay('2027-02-30')).toBeUndefined();
    expect(parseDay('30/06/2027')).toBeUndefined();
    expect(parseDay(undefined)).toBeUndefined();
  });
});
