import { dayIn, isoWeek } from '@enamel/contracts';
import type { BackupRetention } from '../../env.ts';

export interface Dated {
  name: string;
  createdAt: Date;
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
  bucket(policy.daily, (b) => dayIn(timeZone, b.createdAt));
  bucket(policy.weekly, (b) => isoWeek(dayIn(timeZone, b.createdAt)));
  return { keep: newestFirst.filter((b) => kept.has(b)), remove: newestFirst.filter((b) => !kept.has(b)) };
}
