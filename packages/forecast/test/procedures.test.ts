import { describe, expect, it } from 'vitest';
import { procedureDrivenDemand, productDemand, withBookings } from '../src/index.ts';

describe('procedure-driven demand', () => {
  const procedures = { D2391: { mean: [10, 10], sd: [2, 2], distribution: 'normal' as const }, D7140: { mean: [4, 4], sd: [2, 2], distribution: 'count' as const } };
  const templates = [
    { procedureCode: 'D2391', productId: 'composite', quantity: 0.25, quantitySd: 0.05 },
    { procedureCode: 'D2391', productId: 'bond', quantity: 1 },
    { procedureCode: 'D7140', productId: 'anaesthetic', quantity: 2 },
    { procedureCode: 'D2391', productId: 'anaesthetic', quantity: 1 },
    { procedureCode: 'D9999', productId: 'unused', quantity: 1 },
  ];
  it('mean and compound variance per product (hand-computed)', () => {
    const d = procedureDrivenDemand(procedures, templates, 0.95);
    // composite: 10 × 0.25 = 2.5; variance 0.25² × 4 + 10 × 0.05² = 0.275
    expect(d.composite!.mean[0]).toBeCloseTo(2.5, 12);
    expect(d.composite!.sd[0]! ** 2).toBeCloseTo(0.275, 12);
    expect(d.composite!.distribution).toBe('normal');
    // anaesthetic: 2 × 4 + 1 × 10 = 18; variance 4 × 4 + 1 × 4 = 20; integer → count bounds
    expect(d.anaesthetic!.mean[1]).toBeCloseTo(18, 12);
    expect(d.anaesthetic!.sd[1]! ** 2).toBeCloseTo(20, 12);
    expect(d.anaesthetic!.distribution).toBe('count');
    expect(Number.isInteger(d.anaesthetic!.upper[0])).toBe(true);
    expect(d.anaesthetic!.lower[0]!).toBeLessThan(18);
    expect(d.unused).toBeUndefined();
  });
  it('combined with own usage history', () => {
    const proc = procedureDrivenDemand(procedures, templates).bond!;
    const usage = [12, 11, 13, 12, 12, 11, 14, 12, 13, 12, 11, 12];
    const explained = [10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10];
    const rem = productDemand({ procedureDemand: proc, usageHistory: usage, explainedHistory: explained }, { horizon: 2 });
    expect(rem.source).toBe('procedures+remainder');
    expect(rem.mean[0]!).toBeGreaterThan(11);
    expect(rem.mean[0]!).toBeLessThan(13.5);
    const w = productDemand({ procedureDemand: proc, usageHistory: usage }, { horizon: 2 });
    expect(w.source).toBe('weighted');
    expect(w.mean[0]!).toBeGreaterThan(10);
    expect(w.mean[0]!).toBeLessThan(12.5);
    expect(w.weight!).toBeGreaterThan(0);
    expect(w.weight!).toBeLessThan(1);
    expect(productDemand({ usageHistory: usage }, { horizon: 2 }).source).toBe('history');
    expect(productDemand({ procedureDemand: proc }, { horizon: 2 }).mean).toEqual([10, 10]);
    expect(() => productDemand({}, { horizon: 2 })).toThrow();
  });
});

describe('booked appointments', () => {
  it('are a floor on procedures and shrink the uncertainty (hand-computed)', () => {
    const f = { mean: [10, 10, 10], sd: [4, 4, 4], distribution: 'count' as const };
    const b = withBookings(f, [12, 5], 0.9);
    // week 1: shows 10.8 > 10 → mean 10.8, no unbooked share, variance 12·0.9·0.1 = 1.08
    expect(b.mean[0]).toBeCloseTo(10.8, 12);
    expect(b.sd[0]).toBeCloseTo(Math.sqrt(1.08), 12);
    // week 2: shows 4.5 < 10 → mean 10, unbooked share 0.55 → sd² = (4·0.55)² + 5·0.9·0.1
    expect(b.mean[1]).toBe(10);
    expect(b.sd[1]).toBeCloseTo(Math.sqrt(2.2 ** 2 + 0.45), 12);
    // week 3: no bookings known → unchanged
    expect(b.mean[2]).toBe(10);
    expect(b.sd[2]).toBe(4);
    expect(() => withBookings(f, [-1])).toThrow(/negative/);
  });
});
