import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { completeInterruptedRestore } from './restore-swap.ts';
import { executeNamed, withNamedStatements } from './named-statements.ts';
import { listenEmbedded, listenPostgres, type Listener, type NotificationHandlers } from './notify.ts';

export type Schema = typeof schema;
/** The one database type the code sees, whether PGlite or PostgreSQL is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export const MIGRATIONS_FOLDER = path.resolve(import.meta.dirname, '../migrations');

export interface DatabaseHandle {
  db: Database;
  kind: 'embedded' | 'postgres';
  /** The PostgreSQL connection string (absent when embedded): the job queue opens its own small pool. */
  url?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /**
   * Embedded only: a consistent image of the data directory, as an uncompressed tar (the root folder
   * `pgdata`), the form PGlite's `loadDataDir` reads back. It is taken between transactions: PGlite runs
   * one statement at a time, and every transaction holds its transaction lock from BEGIN to COMMIT (as
   * does every statement outside one), so while the files are copied under that lock no transaction can
   * be half done. A checkpoint first flushes the shared buffers, so a restore has little WAL to replay.
   * Writes wait for the copy only (a fraction of a second per 60 MB), not for its compression.
   */
  snapshot?(): Promise<Blob>;
  /**
   * LISTEN on `channel` (the auth cache's invalidations): PostgreSQL over a connection of its own that
   * reconnects, reporting each gap; the embedded database in process. Close the listener before the handle.
   */
  listen(channel: string, on: NotificationHandlers): Promise<Listener>;
}

export interface OpenOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string;
  /** Folder of the embedded database; absent with no url means in-memory. */
  dataDir?: string;
  /** A PGlite data dump to start from (tests copy a pre-migrated template). */
  loadDataDir?: Blob;
  poolSize?: number;
}

export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    // JIT compilation costs tens of milliseconds on list pages whose estimates look large, and never pays back on OLTP queries.
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10, options: '-c jit=off' });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      migrate: () =>
        migratePg(drizzlePg(pool, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: () => pool.end(),
      listen: async (channel, on) => listenPostgres(options.url!, channel, on),
    };
  }
  const release = options.dataDir ? await lockDataDir(options.dataDir) : async () => undefined;
  try {
    if (options.dataDir) completeInterruptedRestore(options.dataDir);
    const client = new PGlite({
      ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'pgdata') } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    await client.waitReady;
    withNamedStatements(client);
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return {
      db,
      kind: 'embedded',
      migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
      close: async () => {
        await client.close();
        await release();
      },
      snapshot: async () => {
        await client.exec('CHECKPOINT');
        return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
      },
      listen: (channel, on) => listenEmbedded(client, channel, on),
    };
  } catch (err) {
    await release();
    throw err;
  }
}

/** Dumps an embedded database (used to copy a migrated template in tests). */
export async function dumpEmbedded(handle: DatabaseHandle): Promise<Blob> {
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid identifier: ${name}`);
  return `"${name}"`;
}

/** What `rowsOf` needs of a row schema (a zod schema has it): parse one row or throw. */
export interface RowSchema<T> {
  parse(data: unknown): T;
}

/**
 * Raw SQL rows parsed by the query's schema, every row, always: a misspelt alias or a changed type fails where the
 * query runs instead of becoming an empty column downstream. Parsing a small object costs about a microsecond, far
 * below the query itself; the same code runs in tests and in production, so what the tests prove is what runs.
 * Both drivers answer `{ rows }`; they differ in types (node-postgres gives bigint and count as text, PGlite as
 * numbers), which the schemas absorb (see the API's core/sql-rows.ts).
 */
export async function rowsOf<T>(db: Pick<Database, 'execute'>, schema: RowSchema<T>, query: SQL, options: { named?: boolean } = {}): Promise<T[]> {
  // `named`: a statement of fixed shape on a hot path, prepared once per connection (named-statements.ts).
  const result: unknown = options.named ? await executeNamed(db, query) : await db.execute(query);
  return (result as { rows: unknown[] }).rows.map((row, i) => {
    try {
      return schema.parse(row);
    } catch (err) {
      throw new Error(`SQL row ${i} does not match its schema: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
    }
  });
}

/** Raw SQL rows typed by assertion: only for tests' own ad-hoc reads. The application and the benches read with `rowsOf`. */
export async function rows<T>(db: Pick<Database, 'execute'>, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
