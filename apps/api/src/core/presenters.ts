/** Timestamps leave the API as ISO strings, whichever driver read them (pg gives Date, raw SQL may give text). */
export function isoDate(value: unknown): string {
  return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
}

/** Exact decimal text with a fixed number of places, from numeric text (no float arithmetic on money). */
export function decimalText(value: string | number | null | undefined, places = 4): string {
  const text = String(value ?? '0');
  const [whole = '0', fraction = ''] = text.split('.');
  return places === 0 ? whole : `${whole}.${fraction.padEnd(places, '0').slice(0, places)}`;
}
