import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '@enamel/db';
import { AppError } from './errors.ts';
import { sqlCol, sqlRow } from './sql-rows.ts';
import { sha256 } from './tokens.ts';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counters in the database, so every server instance shares them.
 * Keys are hashed: the table never holds emails or addresses.
 */
const windowRow = sqlRow({ hits: sqlCol.int, window_start: sqlCol.instant });

export class Throttle {
  constructor(private readonly db: Database) {}

  /** Counts one hit; throws 429 (with the seconds to wait) when the key is over its limit. */
  async hit(key: string, limit: Limit): Promise<void> {
    const id = sha256(key);
    const result = await rowsOf(this.db, windowRow, sql`
      INSERT INTO throttles (key, hits, window_start) VALUES (${id}, 1, now())
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN throttles.window_start < now() - make_interval(secs => ${limit.windowSeconds}) THEN 1 ELSE throttles.hits + 1 END,
        window_start = CASE WHEN throttles.window_start < now() - make_interval(secs => ${limit.windowSeconds}) THEN now() ELSE throttles.window_start END
      RETURNING hits, window_start`);
    const row = result[0];
    if (row && row.hits > limit.max) {
      const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
      const seconds = Math.max(1, Math.ceil(limit.windowSeconds - elapsed));
      throw new AppError('too_many_requests', undefined, undefined, { seconds });
    }
  }

  /** Is the key already over its limit (without counting a hit)? */
  async check(key: string, limit: Limit): Promise<void> {
    const result = await rowsOf(this.db, windowRow, sql`
      SELECT hits, window_start FROM throttles
      WHERE key = ${sha256(key)} AND window_start >= now() - make_interval(secs => ${limit.windowSeconds})`);
    const row = result[0];
    if (row && row.hits >= limit.max) {
      const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
      throw new AppError('too_many_requests', undefined, undefined, {
        seconds: Math.max(1, Math.ceil(limit.windowSeconds - elapsed)),
      });
    }
  }

  async clear(key: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM throttles WHERE key = ${sha256(key)}`);
  }
}
