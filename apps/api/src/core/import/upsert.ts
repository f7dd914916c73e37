import { sql, type SQL } from 'drizzle-orm';
import { rows as rowsOf } from '@enamel/db';
import type { Db } from './kind.ts';

export interface UpsertSpec {
  table: string;
  /** The conflict target: the expression of the natural key's unique index, e.g. `lower(name)`. */
  conflict: string;
  columns: readonly string[];
  /** Columns that, when absent from a row (undefined), keep their stored value on update and take this default on insert. */
  keepWhenAbsent?: Record<string, unknown>;
}

/**
 * INSERT … ON CONFLICT (natural key) DO UPDATE for a batch, counting inserts and updates (`xmax = 0` marks a
 * fresh row). Rows are grouped by which keepable columns they leave out, one statement per group.
 */
export async function upsertRows(tx: Db, spec: UpsertSpec, values: Array<Record<string, unknown>>): Promise<{ created: number; updated: number }> {
  const keep = spec.keepWhenAbsent ?? {};
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const v of values) {
    const absent = Object.keys(keep).filter((k) => v[k] === undefined).join(',');
    (groups.get(absent) ?? groups.set(absent, []).get(absent)!).push(v);
  }
  let created = 0;
  let updated = 0;
  for (const [absentList, group] of groups) {
    const absent = new Set(absentList ? absentList.split(',') : []);
    const cols = spec.columns;
    const tuples = group.map((v) => sql`(${sql.join(cols.map((c) => (v[c] === undefined ? sql`${keep[c] ?? null}` : sql`${v[c]}`)), sql`, `)})`);
    const sets: SQL[] = cols.filter((c) => !absent.has(c)).map((c) => sql`${sql.identifier(c)} = excluded.${sql.identifier(c)}`);
    sets.push(sql`updated_at = now()`);
    const query = sql`insert into ${sql.identifier(spec.table)} (${sql.join(cols.map((c) => sql.identifier(c)), sql`, `)})
      values ${sql.join(tuples, sql`, `)}
      on conflict (${sql.raw(spec.conflict)}) do update set ${sql.join(sets, sql`, `)}
      returning (xmax = 0) as inserted`;
    const result = await rowsOf<{ inserted: boolean }>(tx, query);
    for (const r of result) {
      if (r.inserted) created++;
      else updated++;
    }
  }
  return { created, updated };
}
