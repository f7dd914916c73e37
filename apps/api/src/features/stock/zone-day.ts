import { dayIn } from '@enamel/contracts';

/**
 * `dayIn` (the calendar day of an instant in a time zone, YYYY-MM-DD) on the ledger's hot path: one Intl formatter per
 * zone, kept, instead of dayjs building one per call (a few per cent of a completion's CPU). An unknown zone falls back
 * to `dayIn` itself (UTC's day), so both always agree (zone-day.test.ts).
 */
const formatters = new Map<string, Intl.DateTimeFormat | null>();

function formatterOf(timeZone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', calendar: 'gregory', numberingSystem: 'latn' });
    } catch {
      formatter = null;
    }
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function zoneDay(timeZone: string, at: Date | number = Date.now()): string {
  const formatter = formatterOf(timeZone);
  if (!formatter) return dayIn(timeZone, at);
  let year = '';
  let month = '';
  let day = '';
  for (const part of formatter.formatToParts(at)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  // Years before 1000 or after 9999 are beyond what a ledger holds; dayIn says them its own way.
  return year.length === 4 ? `${year}-${month}-${day}` : dayIn(timeZone, at);
}
