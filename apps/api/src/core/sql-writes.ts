import { sql, type SQL } from 'drizzle-orm';

/**
 * Writes that travel inside another statement as data-modifying CTEs, so a command's writes after its reads are
 * one round trip (the ledger's `writeMovements` sends them with the movements). A plain write gets a generated
 * name; a named one (`[name, write]`) can be read by the writes after it (what its RETURNING gave), as an event's
 * deliveries read the event's id. PostgreSQL runs every data-modifying CTE once and to completion, read or not.
 */
export type NamedWrite = readonly [name: string, write: SQL];
export type Write = SQL | NamedWrite;

/** `name as (write), …` for a WITH clause (plain writes named `${prefix}_<i>`), or undefined when there are none. */
export function asCtes(writes: readonly Write[], prefix = 'also'): SQL | undefined {
  if (writes.length === 0) return undefined;
  return sql.join(
    writes.map((write, i) => (Array.isArray(write) ? sql`${sql.raw((write as NamedWrite)[0])} as (${(write as NamedWrite)[1]})` : sql`${sql.raw(`${prefix}_${i}`)} as (${write as SQL})`)),
    sql`, `,
  );
}

/** The writes as one statement of their own. */
export function oneStatement(writes: readonly Write[]): SQL | undefined {
  const ctes = asCtes(writes);
  return ctes && sql`with ${ctes} select 1`;
}
