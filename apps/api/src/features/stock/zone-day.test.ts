import { describe, expect, it } from 'vitest';
import { dayIn } from '@enamel/contracts';
import { zoneDay } from './zone-day.ts';

describe('zoneDay', () => {
  it('says the same day as dayIn, in every zone, around midnights and daylight-saving changes, and for an unknown zone', () => {
    const zones = ['UTC', 'Europe/London', 'America/New_York', 'America/Los_Angeles', 'Asia/Kolkata', 'Asia/Dhaka', 'Pacific/Kiritimati', 'Pacific/Pago_Pago', 'Australia/Lord_Howe', 'America/Sao_Paulo', 'Not/AZone', ''];
    const instants = [Date.UTC(2026, 0, 1, 0, 0), Date.UTC(2026, 2, 8, 6, 59, 59, 999), Date.UTC(2026, 2, 29, 0, 30), Date.UTC(2026, 9, 25, 23, 59), Date.UTC(2024, 1, 29, 12), Date.UTC(2030, 11, 31, 23, 59, 59)];
    for (let h = 0; h < 48; h++) instants.push(Date.UTC(2026, 10, 26, h, 17));
    for (const zone of zones) for (const at of instants) expect(zoneDay(zone, at), `${zone} ${new Date(at).toISOString()}`).toBe(dayIn(zone, at));
    expect(zoneDay('Asia/Tokyo', new Date(Date.UTC(2026, 5, 30, 15, 0)))).toBe('2026-07-01');
  });
});
