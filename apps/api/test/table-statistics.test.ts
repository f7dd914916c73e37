import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type DatabaseHandle } from '@enamel/db';
import { analyzeStaleTables, startStatisticsTicker } from '../src/core/table-statistics.ts';
import { sqlCol, sqlRow } from '../src/core/sql-rows.ts';
import { openTestDatabase } from './test-database.ts';

/**
 * Planner statistics on the embedded database, which has no autovacuum: a table that grew gets fresh statistics from
 * `analyzeStaleTables`, and a running server's ticker does it by itself (every minute in production; here every 20 ms).
 */
let database: DatabaseHandle;
beforeAll(async () => (database = await openTestDatabase()));
afterAll(async () => database.close());

const estimate = async (table: string) =>
  (await rowsOf(database.db, sqlRow({ rows: sqlCol.number }), sql`select reltuples::float8 as rows from pg_class where relname = ${table} and relkind = 'r'`))[0]!.rows;

describe('table statistics', () => {
  it('a table that grew is analyzed, and then no longer counts as stale', async () => {
    const { db } = database;
    await db.execute(sql`create table statistics_probe (n int primary key, label text)`);
    await db.execute(sql`insert into statistics_probe select n, 'row ' || n from generate_series(1, 5000) n`);
    expect(await analyzeStaleTables(db)).toContain('public.statistics_probe');
    expect(await estimate('statistics_probe')).toBe(5000);
    expect(await analyzeStaleTables(db), 'nothing grew since').not.toContain('public.statistics_probe');
  });

  it('the ticker refreshes a table that grows while the server runs, and stops when told', async () => {
    const { db } = database;
    const errors: unknown[] = [];
    const stop = startStatisticsTicker(db, (err) => errors.push(err), 20);
    try {
      await db.execute(sql`insert into statistics_probe select n, 'row ' || n from generate_series(5001, 20000) n`);
      const deadline = Date.now() + 10_000;
      while ((await estimate('statistics_probe')) !== 20_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(await estimate('statistics_probe')).toBe(20_000);
    } finally {
      stop();
    }
    await db.execute(sql`insert into statistics_probe select n, 'row ' || n from generate_series(20001, 60000) n`);
    await new Promise((r) => setTimeout(r, 200));
    // (PostgreSQL's own autovacuum may refresh it in its own time; the embedded database has none.)
    if (database.kind === 'embedded') expect(await estimate('statistics_probe'), 'stopped: no more refreshes').toBe(20_000);
    expect(errors).toEqual([]);
  });
});
