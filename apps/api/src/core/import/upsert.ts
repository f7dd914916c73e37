import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../sql-rows.ts';
import type { Db } from './kind.ts';

export interface UpsertSpec {
  table: string;
  /** The conflict target: the expression of the natural key's unique index, e.g. `lower(name)`. */
  conflict: string;
  /** Column → SQL type, in insert order. */
  columns: Readonly<Record<string, string>>;
  /** Columns that, when absent from a row (undefined), keep their stored value on update and take this default on insert. */
  keepWhenAbsent?: Record<string, unknown>;
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const TYPE = /^[a-z ()0-9,]+$/;

/**
 * INSERT … ON CONFLICT (natural key) DO UPDATE for a batch, counting inserts and updates (`xmax = 0` marks a
 * fresh row). The batch travels as one JSON parameter read by jsonb_to_recordset: one statement of constant
 * size whatever the batch, the same on PGlite and PostgreSQL. Rows are grouped by which keepable columns
 * they leave out, one statement per group.
 */
export async function upsertRows(tx: Db, spec: UpsertSpec, values: Array<Record<string, unknown>>): Promise<{ created: number; updated: number }> {
  const keep = spec.keepWhenAbsent ?? {};
  const columns = Object.keys(spec.columns);
  for (const [c, type] of Object.entries(spec.columns)) if (!IDENT.test(c) || !TYPE.test(type)) throw new Error(`bad column spec ${c} ${type}`);
  const groups = new Map<string, Array<Record<string, unknown>>>();
  for (const v of values) {
    const absent = Object.keys(keep).filter((k) => v[k] === undefined).join(',');
    (groups.get(absent) ?? groups.set(absent, []).get(absent)!).push(v);
  }
  let created = 0;
  let updated = 0;
  const list = sql.raw(columns.map((c) => `"${c}"`).join(', '));
  const recordType = sql.raw(columns.map((c) => `"${c}" ${spec.columns[c]}`).join(', '));
  for (const [absentList, group] of groups) {
    const absent = new Set(absentList ? absentList.split(',') : []);
    const payload = group.map((v) => Object.fromEntries(columns.map((c) => [c, v[c] === undefined ? (keep[c] ?? null) : v[c]])));
    const sets: SQL[] = columns.filter((c) => !absent.has(c)).map((c) => sql.raw(`"${c}" = excluded."${c}"`));
    sets.push(sql`updated_at = now()`);
    const query = sql`insert into ${sql.identifier(spec.table)} (${list})
      select ${list} from jsonb_to_recordset(${JSON.stringify(payload)}::jsonb) as x(${recordType})
      on conflict (${sql.raw(spec.conflict)}) do update set ${sql.join(sets, sql`, `)}
      returning (xmax = 0) as inserted`;
    const result = await rowsOf(tx, sqlRow({ inserted: sqlCol.bool }), query);
    for (const r of result) {
      if (r.inserted) created++;
      else updated++;
    }
  }
  return { created, updated };
}
