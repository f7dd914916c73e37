import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@enamel/db';
import { sqlCol, sqlRow } from './sql-rows.ts';
import { startTicker } from './ticker.ts';

const staleRow = sqlRow({ name: sqlCol.text, relname: sqlCol.text });

/**
 * Tables whose rows are updated in place by triggers (the ledger's rollups, daily and monthly: every day of a product
 * from a back-dated movement on, and each row twice in a bulk load): a bulk load leaves as many dead versions and index entries as
 * live ones, which the embedded database's missing autovacuum would never clear. They are vacuumed with their
 * statistics (VACUUM (ANALYZE): a few tens of milliseconds for the demo's rollups).
 */
const VACUUMED = new Set(['ledger_day_totals', 'ledger_month_totals']);

/**
 * ANALYZE the application's tables whose planner statistics are missing or out of date: never analyzed yet with
 * rows in them, or grown by more than a fifth (and 8 pages) since their statistics were taken. The embedded
 * database (PGlite) has no autovacuum, so without this its planner never learns how many rows a table holds and
 * picks plans for empty tables (a scan of products per inventory, hundreds of times slower); PostgreSQL's
 * autovacuum gets there by itself, a minute or so after a bulk load. Cheap when nothing changed (one catalog
 * query); a few hundred milliseconds to a few seconds after a bulk load (the seeder). Answers the tables analyzed.
 * Never inside a transaction (VACUUM refuses one): at start and after seeding, on the pool.
 */
export async function analyzeStaleTables(db: Pick<Database, 'execute'>): Promise<string[]> {
  const stale = await rowsOf(
    db,
    staleRow,
    sql`select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name, c.relname::text as relname
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = current_schema()
          and (
            (c.reltuples < 0 and pg_relation_size(c.oid) > 0)
            or pg_relation_size(c.oid) / current_setting('block_size')::int > c.relpages * 1.2 + 8
          )`,
  );
  for (const t of stale) await db.execute(sql.raw(VACUUMED.has(t.relname) ? `vacuum (analyze) ${t.name}` : `analyze ${t.name}`));
  return stale.map((t) => t.name);
}

/** How often a server on the embedded database looks for tables that outgrew their statistics (autovacuum's naptime). */
export const STATISTICS_INTERVAL_MS = 60_000;

/**
 * The embedded database's stand-in for autovacuum's ANALYZE while the server runs: every `intervalMs`, the tables that grew
 * by a fifth since their statistics were taken get fresh ones (`analyzeStaleTables`: one catalog query when none did).
 * Fresh statistics also replan the statements prepared on those tables (named-statements.ts keeps their plans per
 * connection): a new practice's first weeks, or a history synced in through the API, would otherwise keep the plans made
 * for nearly empty tables (scans that grow with every procedure) until the hourly clean-up or the next start.
 */
export function startStatisticsTicker(db: Pick<Database, 'execute'>, onError: (err: unknown) => void, intervalMs = STATISTICS_INTERVAL_MS): () => void {
  return startTicker(intervalMs, async () => void (await analyzeStaleTables(db)), onError);
}
