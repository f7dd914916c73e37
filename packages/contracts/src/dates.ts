import dayjs from 'dayjs';
import isoWeekPlugin from 'dayjs/plugin/isoWeek.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeekPlugin);

/**
 * Calendar days and time zones, the one home of date arithmetic for web, API and seeder (dayjs with its utc and
 * timezone plugins, the peer of @mantine/dates). Days travel as `YYYY-MM-DD` text; day arithmetic is on the calendar
 * (no zone, no DST); a practice's "today" is the calendar day in the practice's time zone.
 */

export const DAY_FORMAT = 'YYYY-MM-DD';

/** dayjs's reading of `dayIn`: the reference the fast path is tested against, and its fallback. */
export function dayInByDayjs(timeZone: string, at: Date | number = Date.now()): string {
  try {
    return dayjs(at).tz(timeZone).format(DAY_FORMAT);
  } catch {
    return dayjs.utc(at).format(DAY_FORMAT);
  }
}

/** One Intl formatter per zone, kept (dayjs builds one on every call: a few per cent of a request's CPU); null for a zone Intl does not know. */
const dayFormatters = new Map<string, Intl.DateTimeFormat | null>();

function dayFormatterOf(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = dayFormatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    } catch {
      formatter = null;
    }
    if (dayFormatters.size > 500) dayFormatters.clear();
    dayFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/**
 * The calendar day (YYYY-MM-DD) of an instant in a time zone (UTC's day when the zone is unknown). A kept Intl
 * formatter per zone; a zone it does not know, an invalid instant or a year outside 1000–9999 is dayjs's reading
 * (`dayInByDayjs`), with which it always agrees (dates.test.ts).
 */
export function dayIn(timeZone: string, at: Date | number = Date.now()): string {
  const formatter = dayFormatterOf(timeZone);
  if (formatter) {
    try {
      let year = '';
      let month = '';
      let day = '';
      for (const part of formatter.formatToParts(at)) {
        if (part.type === 'year') year = part.value;
        else if (part.type === 'month') month = part.value;
        else if (part.type === 'day') day = part.value;
      }
      if (year.length === 4) return `${year}-${month}-${day}`;
    } catch {
      // An invalid instant: dayjs says it its own way.
    }
  }
  return dayInByDayjs(timeZone, at);
}

/** Today in this machine's own zone (the browser's, for a screen). */
export function localToday(at: Date | number = Date.now()): string {
  return dayjs(at).format(DAY_FORMAT);
}

/** `day` moved by `days` calendar days (negative: earlier). */
export function addDays(day: string, days: number): string {
  return dayjs.utc(day).add(days, 'day').format(DAY_FORMAT);
}

/** `day` moved by `months` calendar months (the 31st of a shorter month becomes its last day). */
export function addMonths(day: string, months: number): string {
  return dayjs.utc(day).add(months, 'month').format(DAY_FORMAT);
}

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

/** The weekday of a calendar day, Sunday 0 … Saturday 6. */
export function weekday(day: string): number {
  return dayjs.utc(day).day();
}

/** The ISO week (YYYY-Www, weeks start on Monday; the week's Thursday decides its year) a calendar day belongs to. */
export function isoWeek(day: string): string {
  const d = dayjs.utc(day);
  return `${d.isoWeekYear()}-W${String(d.isoWeek()).padStart(2, '0')}`;
}

/** The instant (epoch ms) of a wall-clock time on a calendar day in a time zone: `zonedTime('2026-03-29', 9 * 60, 'Europe/London')`. */
export function zonedTime(day: string, minutes: number, timeZone: string): number {
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return dayjs.tz(`${day} ${hh}:${mm}`, timeZone).valueOf();
}
