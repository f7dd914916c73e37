import cronParser from 'cron-parser';

/**
 * Cron expressions (five fields, or six with seconds) read in a time zone by cron-parser — the parser
 * pg-boss schedules with — so what the screen says is next is what the queue will do, DST included.
 */

/** Why an expression is refused, or null when it is valid. Ranges out of bounds, unknown words, nonsense. */
export function cronProblem(expression: string, timeZone: string): string | null {
  const fields = expression.trim().split(/\s+/);
  if (fields.length < 5 || fields.length > 6) return 'five fields: minute hour day-of-month month day-of-week';
  try {
    cronParser.parseExpression(expression, { tz: timeZone }).next();
    return null;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** The latest time the expression fired at or before `now` (the slot a due run is for). */
export function lastSlot(expression: string, timeZone: string, now: Date): Date {
  // A whole-minute instant at `now` counts as fired (cron-parser's prev() is strictly before).
  const interval = cronParser.parseExpression(expression, { tz: timeZone, currentDate: new Date(now.getTime() + 1000) });
  return interval.prev().toDate();
}

/** The next time the expression fires after `now`. */
export function nextSlot(expression: string, timeZone: string, now: Date): Date {
  return cronParser.parseExpression(expression, { tz: timeZone, currentDate: now }).next().toDate();
}
