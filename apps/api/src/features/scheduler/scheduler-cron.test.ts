import { describe, expect, it } from 'vitest';
import { cronProblem, lastSlot, nextSlot } from './scheduler-cron.ts';

/** Cron expressions read in a time zone, across the changes to and from summer time (values worked out by hand). */
describe('scheduler cron', () => {
  it('refuses what is not a five- or six-field expression, and values out of range', () => {
    expect(cronProblem('0 2 * * *', 'Europe/London')).toBeNull();
    expect(cronProblem('*/15 8-18 * * 1-5', 'UTC')).toBeNull();
    for (const bad of ['every day', '0 2 * *', '* * * * * * *', '61 * * * *', '0 24 * * *', '0 0 32 * *', '0 0 * 13 *', '0 0 * * 8']) expect(cronProblem(bad, 'UTC'), bad).not.toBeNull();
  });

  it('02:00 in London is 01:00 UTC in summer and 02:00 UTC in winter', () => {
    expect(nextSlot('0 2 * * *', 'Europe/London', new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T01:00:00.000Z');
    expect(nextSlot('0 2 * * *', 'Europe/London', new Date('2026-12-01T12:00:00Z')).toISOString()).toBe('2026-12-02T02:00:00.000Z');
  });

  it('across the spring change a daily job still runs once a day, and never twice in the autumn', () => {
    // London, 29 March 2026: 01:00 GMT becomes 02:00 BST. 03:00 local exists on both days.
    const march = nextSlot('0 3 * * *', 'Europe/London', new Date('2026-03-28T12:00:00Z'));
    expect(march.toISOString()).toBe('2026-03-29T02:00:00.000Z');
    expect(nextSlot('0 3 * * *', 'Europe/London', march).toISOString()).toBe('2026-03-30T02:00:00.000Z');
    // 25 October 2026: 02:00 BST becomes 01:00 GMT, so 01:30 local happens twice; the job runs once that day.
    const first = nextSlot('30 1 * * *', 'Europe/London', new Date('2026-10-24T12:00:00Z'));
    const second = nextSlot('30 1 * * *', 'Europe/London', first);
    const third = nextSlot('30 1 * * *', 'Europe/London', second);
    const days = [first, second, third].map((d) => d.toISOString().slice(0, 10));
    expect(new Set(days).size).toBe(3);
  });

  it('the slot a due run is for is the latest firing at or before now', () => {
    expect(lastSlot('0 2 * * *', 'UTC', new Date('2026-11-25T08:00:00Z')).toISOString()).toBe('2026-11-25T02:00:00.000Z');
    expect(lastSlot('0 2 * * *', 'UTC', new Date('2026-11-25T02:00:00Z')).toISOString()).toBe('2026-11-25T02:00:00.000Z');
    expect(lastSlot('0 2 * * *', 'UTC', new Date('2026-11-25T01:59:59Z')).toISOString()).toBe('2026-11-24T02:00:00.000Z');
    expect(lastSlot('0 9 * * 1', 'America/New_York', new Date('2026-11-25T12:00:00Z')).toISOString()).toBe('2026-11-23T14:00:00.000Z');
  });
});
