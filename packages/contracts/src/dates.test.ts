import { describe, expect, it } from 'vitest';
import { addDays, addMonths, dayIn, dayInByDayjs, daysBetween, isoWeek, localToday, weekday, zonedTime } from './dates.ts';

describe('calendar days', () => {
  it('moves by calendar days across months, leap days and DST changes', () => {
    expect(addDays('2026-11-22', 30)).toBe('2026-12-22');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
    expect(addMonths('2026-11-22', -18)).toBe('2025-05-22');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-12-31', '2026-01-01')).toBe(-364);
    expect(weekday('2026-11-22')).toBe(0);
    expect(weekday('2026-11-28')).toBe(6);
    expect(isoWeek('2027-01-01')).toBe('2026-W53');
    expect(isoWeek('2024-12-30')).toBe('2025-W01');
  });

  it("gives the day of an instant in the practice's zone, UTC's for an unknown zone", () => {
    const at = new Date('2026-11-22T23:30:00Z');
    expect(dayIn('UTC', at)).toBe('2026-11-22');
    expect(dayIn('Europe/Paris', at)).toBe('2026-11-23');
    expect(dayIn('America/New_York', new Date('2026-11-23T04:30:00Z'))).toBe('2026-11-22');
    expect(dayIn('Pacific/Kiritimati', at)).toBe('2026-11-23');
    expect(dayIn('Not/AZone', at)).toBe('2026-11-22');
    // Around the spring change in London: 00:30 UTC is 00:30 GMT before it, 01:30 UTC is 02:30 BST after.
    expect(dayIn('Europe/London', new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-28');
    expect(dayIn('Europe/London', new Date('2026-10-24T23:30:00Z'))).toBe('2026-10-25');
  });

  it('the kept Intl formatter says the same day as dayjs, in every zone, around midnights and DST changes, for an unknown zone and an invalid instant', () => {
    const zones = ['UTC', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'Asia/Dhaka', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Not/AZone', ''];
    const instants = [Date.UTC(2026, 0, 1, 0, 0), Date.UTC(2026, 2, 8, 6, 59, 59, 999), Date.UTC(2026, 2, 29, 0, 30), Date.UTC(2026, 9, 25, 23, 59), Date.UTC(2024, 1, 29, 12), Date.UTC(2030, 11, 31, 23, 59, 59), Date.UTC(12000, 0, 1)];
    for (let h = 0; h < 48; h++) instants.push(Date.UTC(2026, 10, 26, h, 17));
    for (const zone of zones) for (const at of instants) expect(dayIn(zone, at), `${zone} ${at}`).toBe(dayInByDayjs(zone, at));
    expect(dayIn('Asia/Tokyo', new Date(Date.UTC(2026, 5, 30, 15, 0)))).toBe('2026-07-01');
    expect(dayIn('UTC', new Date(Number.NaN))).toBe(dayInByDayjs('UTC', new Date(Number.NaN)));
  });

  it("today in this machine's zone", () => {
    expect(localToday(new Date(2026, 0, 5, 0, 5))).toBe('2026-01-05');
    expect(localToday(new Date(2026, 0, 5, 23, 55))).toBe('2026-01-05');
  });

  it('places a wall-clock time of a day in a zone, on either side of a DST change', () => {
    expect(new Date(zonedTime('2026-03-28', 9 * 60, 'Europe/London')).toISOString()).toBe('2026-03-28T09:00:00.000Z');
    expect(new Date(zonedTime('2026-03-29', 9 * 60, 'Europe/London')).toISOString()).toBe('2026-03-29T08:00:00.000Z');
    expect(new Date(zonedTime('2026-11-01', 8 * 60 + 15, 'America/New_York')).toISOString()).toBe('2026-11-01T13:15:00.000Z');
    expect(new Date(zonedTime('2026-10-31', 8 * 60 + 15, 'America/New_York')).toISOString()).toBe('2026-10-31T12:15:00.000Z');
    expect(new Date(zonedTime('2026-07-01', 17 * 60 + 30, 'Asia/Kolkata')).toISOString()).toBe('2026-07-01T12:00:00.000Z');
  });
});
