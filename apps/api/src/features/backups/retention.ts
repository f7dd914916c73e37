import type { BackupRetention } from '../../env.ts';

export interface Dated {
  name: string;
  createdAt: Date;
}

/** The calendar day (YYYY-MM-DD) of an instant in a time zone. */
function localDay(at: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The ISO week (YYYY-Www, weeks start on Monday) a calendar day belongs to. */
export function isoWeek(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  const weekday = date.getUTCDay() || 7; // Monday 1 … Sunday 7
  date.setUTCDate(date.getUTCDate() + 4 - weekday); // the Thursday of the same week decides its year
  const year = date.getUTCFullYear();
  const week = Math.ceil(((date.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 + 1) / 7);
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/**
 * Which backups to keep (the others are deleted): the newest `latest`; the newest of each of the last
 * `daily` days that have a backup; the newest of each of the last `weekly` ISO weeks that have one. Days and
 * weeks are those of `timeZone`. Counting days *with* a backup (as restic's keep-daily does), not calendar
 * days, means a server that was off for a month never loses its last good backups to the calendar. The
 * newest backup is always kept. Pure: the caller lists and deletes.
 */
export function backupsToKeep<T extends Dated>(backups: T[], policy: BackupRetention, timeZone = 'UTC'): { keep: T[]; remove: T[] } {
  const newestFirst = [...backups].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.name.localeCompare(a.name));
  const kept = new Set<T>(newestFirst.slice(0, Math.max(1, policy.latest)));
  const bucket = (limit: number, key: (b: T) => string) => {
    const seen = new Set<string>();
    for (const backup of newestFirst) {
      if (seen.size >= limit) break;
      const k = key(backup);
      if (seen.has(k)) continue;
      seen.add(k);
      kept.add(backup);
    }
  };
  bucket(policy.daily, (b) => localDay(b.createdAt, timeZone));
  bucket(policy.weekly, (b) => isoWeek(localDay(b.createdAt, timeZone)));
  return { keep: newestFirst.filter((b) => kept.has(b)), remove: newestFirst.filter((b) => !kept.has(b)) };
}
