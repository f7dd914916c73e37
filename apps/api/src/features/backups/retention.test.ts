import { describe, expect, it } from 'vitest';
import { isoWeek } from '@enamel/contracts';
import { backupsToKeep } from './retention.ts';

const policy = { latest: 3, daily: 7, weekly: 4 };
const at = (iso: string) => ({ name: iso, createdAt: new Date(iso) });
const names = (list: Array<{ name: string }>) => list.map((b) => b.name);

/** One backup a day at 02:00 UTC for `days` days ending on 2026-03-31 (a Tuesday), newest first. */
function daily(days: number, hour = '02:00') {
  return Array.from({ length: days }, (_, i) => at(new Date(Date.UTC(2026, 2, 31 - i)).toISOString().slice(0, 10) + `T${hour}:00.000Z`));
}

describe('isoWeek', () => {
  it('numbers weeks from Monday, the year being that of their Thursday', () => {
    expect(isoWeek('2026-03-30')).toBe('2026-W14'); // Monday
    expect(isoWeek('2026-04-05')).toBe('2026-W14'); // Sunday of the same week
    expect(isoWeek('2026-04-06')).toBe('2026-W15');
    expect(isoWeek('2027-01-01')).toBe('2026-W53'); // a Friday: still the last week of 2026
    expect(isoWeek('2024-12-30')).toBe('2025-W01'); // a Monday: already the first week of 2025
  });
});

describe('backupsToKeep', () => {
  it('keeps everything while there are fewer backups than the rule allows', () => {
    const backups = daily(5);
    expect(backupsToKeep(backups, policy).remove).toEqual([]);
  });

  it('with one backup a day for two months keeps the last 7 days and the newest of each of the last 4 weeks', () => {
    const { keep, remove } = backupsToKeep(daily(60), policy);
    expect(names(keep)).toEqual([
      // 31 March back to 25 March: the last seven days (the three newest among them).
      '2026-03-31T02:00:00.000Z', '2026-03-30T02:00:00.000Z', '2026-03-29T02:00:00.000Z', '2026-03-28T02:00:00.000Z',
      '2026-03-27T02:00:00.000Z', '2026-03-26T02:00:00.000Z', '2026-03-25T02:00:00.000Z',
      // Weeks 14 and 13 have theirs among those days; then the newest of weeks 12 and 11 (their Sundays).
      '2026-03-22T02:00:00.000Z', '2026-03-15T02:00:00.000Z',
    ]);
    expect(keep.length + remove.length).toBe(60);
  });

  it('keeps only the newest backup of a day beyond the three latest', () => {
    const sameDay = ['08:00', '10:00', '12:00', '14:00', '16:00'].map((h) => at(`2026-03-31T${h}:00.000Z`));
    const { keep, remove } = backupsToKeep([...sameDay, ...daily(2).slice(1)], policy);
    expect(names(keep)).toEqual(['2026-03-31T16:00:00.000Z', '2026-03-31T14:00:00.000Z', '2026-03-31T12:00:00.000Z', '2026-03-30T02:00:00.000Z']);
    expect(names(remove)).toEqual(['2026-03-31T10:00:00.000Z', '2026-03-31T08:00:00.000Z']);
  });

  it('counts days that have a backup, not calendar days: after a month switched off, the old backups stay', () => {
    const before = daily(10).map((b) => at(new Date(b.createdAt.getTime() - 40 * 86_400_000).toISOString()));
    const after = [at('2026-03-31T02:00:00.000Z')];
    const { keep } = backupsToKeep([...after, ...before], policy);
    expect(keep).toHaveLength(7); // today and the six newest of the old days
    expect(names(keep).slice(1)).toEqual(names(before.slice(0, 6)));
  });

  it('reads days in the given time zone', () => {
    // 23:30 UTC on the 30th is already the 31st in Paris, where both are one day.
    const backups = [at('2026-03-31T05:00:00.000Z'), at('2026-03-30T23:30:00.000Z'), at('2026-03-30T12:00:00.000Z')];
    const strict = { latest: 1, daily: 2, weekly: 0 };
    expect(names(backupsToKeep(backups, strict, 'UTC').keep)).toEqual(['2026-03-31T05:00:00.000Z', '2026-03-30T23:30:00.000Z']);
    expect(names(backupsToKeep(backups, strict, 'Europe/Paris').keep)).toEqual(['2026-03-31T05:00:00.000Z', '2026-03-30T12:00:00.000Z']);
  });

  it('always keeps the newest backup, even with every count at zero', () => {
    expect(names(backupsToKeep(daily(3), { latest: 0, daily: 0, weekly: 0 }).keep)).toEqual(['2026-03-31T02:00:00.000Z']);
    expect(backupsToKeep([], policy)).toEqual({ keep: [], remove: [] });
  });

  it('does not depend on the order it is given', () => {
    const backups = daily(30);
    const shuffled = [...backups].sort((a, b) => (a.name.charCodeAt(9) % 3) - (b.name.charCodeAt(9) % 3) || a.name.localeCompare(b.name));
    expect(names(backupsToKeep(shuffled, policy).keep)).toEqual(names(backupsToKeep(backups, policy).keep));
  });
});
