import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from './sql-rows.ts';

const staleRow = sqlRow({ name: sqlCol.text });

/**
 * ANALYZE the application's tables whose planner statistics are missing or out of date: never analyzed yet with
 * rows in them, or grown by more than a fifth (and 8 pages) since their statistics were taken. The embedded
 * database (PGlite) has no autovacuum, so without this its planner never learns how many rows a table holds and
 * picks plans for empty tables (a scan of products per inventory, hundreds of times slower); PostgreSQL's
 * autovacuum gets there by itself, a minute or so after a bulk load. Cheap when nothing changed (one catalog
 * query); a few hundred milliseconds to a few seconds after a bulk load (the seeder). Answers the tables analyzed.
 */
export async function analyzeStaleTables(db: Pick<Database, 'execute'>): Promise<string[]> {
  const stale = await rowsOf(
    db,
    staleRow,
    sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = current_schema()
          and (
            (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
            or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8
          )`,
  );
  for (const t of stale) await db.execute(sql.raw(`analyze ${t.name}`));
  return stale.map((t) => t.name);
}
