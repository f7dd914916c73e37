import { z } from 'zod';

/**
 * Values the database can hold, checked at the edge so bad input is a 422 naming the field and
 * never reaches PostgreSQL (which would refuse it with an error instead).
 */

/** PostgreSQL `integer` (int4) range. */
export const INT4_MAX = 2_147_483_647;
/** Ids are `bigint`; the API carries them as JavaScript numbers, exact up to 2^53 − 1. */
export const ID_MAX = Number.MAX_SAFE_INTEGER;

/** A record id in a body or path. */
export const idSchema = z.number().int().positive().max(ID_MAX);

/** Dates must be real calendar days within these years (PostgreSQL accepts far more than anyone means). */
export const YEAR_MIN = 1900;
export const YEAR_MAX = 2200;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` naming a day that exists (no 2024-02-30) in years YEAR_MIN…YEAR_MAX. */
export function isCalendarDay(text: string): boolean {
  const m = DAY.exec(text);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < YEAR_MIN || year > YEAR_MAX || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An ISO date-time whose day is a calendar day in range (the time part is checked by the caller's format). */
export function isDateTimeInRange(text: string): boolean {
  return isCalendarDay(text.slice(0, 10)) && !Number.isNaN(Date.parse(text));
}

/** A day (`YYYY-MM-DD`), such as an expiry date. */
export const calendarDaySchema = z.iso.date().refine(isCalendarDay, { params: { kind: 'date' } });

/** An ISO 8601 date-time, with an offset or local, on a calendar day in range. */
export const dateTimeSchema = z.iso.datetime({ offset: true, local: true }).refine(isDateTimeInRange, { params: { kind: 'date_time' } });
