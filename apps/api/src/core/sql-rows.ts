import { z } from 'zod';
import { sql, type SQL } from 'drizzle-orm';

/**
 * Column schemas for raw SQL rows (`rowsOf` in @enamel/db): what each driver may answer for a PostgreSQL type.
 * node-postgres gives bigint and count(*) as text, PGlite as numbers; numeric is text on both (kept exact).
 * A missing key (a misspelt alias) fails every one of them, the nullable ones included.
 */
export const sqlCol = {
  /** int, bigint (an id), count(*): a whole number either way. */
  int: z.union([z.number(), z.string()]).transform(Number).pipe(z.number().int()),
  /** A double or a numeric read as a number (forecast maths). */
  number: z.union([z.number(), z.string()]).transform(Number).pipe(z.number()),
  /** numeric as exact decimal text. */
  decimal: z.union([z.string(), z.number()]).transform(String),
  text: z.string(),
  bool: z.boolean(),
  /** A timestamp: a Date (PGlite, node-postgres) or ISO text. */
  instant: z.union([z.date(), z.string()]),
} as const;

/** A row schema: the columns as named in the query, each parsed (extra columns are dropped). */
export const sqlRow = <S extends z.ZodRawShape>(shape: S) => z.object(shape);

/**
 * A list as one array parameter (for `= any(…)` and `unnest(…)`), so a statement's text is the same whatever the
 * list's length: it can run as a named statement (planned once per connection, @enamel/db named-statements.ts), and
 * the planner counts an array's elements where it guesses 100 rows for `jsonb_to_recordset`.
 */
export function idArray(ids: readonly number[]): SQL {
  return sql`${idArrayText(ids)}::bigint[]`;
}

/** Decimal texts (`toFixed`) as one numeric[] parameter (see `idArray`). */
export function numericArray(values: readonly string[]): SQL {
  return sql`${numericArrayText(values)}::numeric[]`;
}

/** The value of an `idArray` bound to a placeholder (`${sql.placeholder(name)}::bigint[]`): every id checked. */
export function idArrayText(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return `{${ids.join(',')}}`;
}

/** The value of a `numericArray` bound to a placeholder (`${sql.placeholder(name)}::numeric[]`): every decimal checked. */
export function numericArrayText(values: readonly string[]): string {
  for (const value of values) if (!/^-?\d+(\.\d+)?$/.test(value)) throw new Error(`not a decimal: ${value}`);
  return `{${values.join(',')}}`;
}
