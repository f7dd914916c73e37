import { z } from 'zod';

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
