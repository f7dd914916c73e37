import { sql } from 'drizzle-orm';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { Tx } from '../../core/transaction.ts';

type Cell = string | number | boolean | null;
export type Column = [name: string, type: 'bigint' | 'numeric' | 'text' | 'varchar' | 'date' | 'timestamptz' | 'boolean'];

/** One array parameter in PostgreSQL's text form: `{1,2,NULL}`, strings quoted. */
function arrayLiteral(values: Cell[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (i) out += ',';
    if (v === null) out += 'NULL';
    else if (typeof v === 'string') out += `"${v.replace(/[\\"]/g, '\\$&')}"`;
    else out += String(v);
  }
  return `${out}}`;
}

/**
 * Many rows in few statements: `insert … select * from unnest($1::type[], $2::type[], …)`, one array parameter per
 * column, `chunk` rows per statement. Much faster than one insert per row, on PGlite and PostgreSQL alike.
 */
export async function bulkInsert(tx: Tx, table: string, columns: Column[], rows: Cell[][], chunk = 10_000): Promise<void> {
  const names = sql.raw(columns.map(([name]) => `"${name}"`).join(', '));
  for (let start = 0; start < rows.length; start += chunk) {
    const part = rows.slice(start, start + chunk);
    const arrays = columns.map(([, type], c) => sql`${arrayLiteral(part.map((row) => row[c]!))}::${sql.raw(type)}[]`);
    await tx.execute(sql`insert into ${sql.raw(`"${table}"`)} (${names}) select * from unnest(${sql.join(arrays, sql`, `)})`);
  }
}

/**
 * `n` fresh ids from a table's own sequence, safe next to concurrent inserts (the rows are then inserted with
 * them). Usually one contiguous block; when another session drew ids at the same moment, the ones we got.
 */
export async function allocateIds(tx: Tx, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const [row] = await rowsOf(
    tx,
    sqlRow({ first: sqlCol.int, last: sqlCol.int, list: sqlCol.text.nullable() }),
    sql`select min(id) as first, max(id) as last, case when max(id) - min(id) + 1 = count(*) then null else string_agg(id::text, ',') end as list
          from (select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${n}::int)) ids`,
  );
  if (row!.list !== null) return row!.list.split(',').map(Number).sort((a, b) => a - b);
  const first = Number(row!.first);
  return Array.from({ length: n }, (_, i) => first + i);
}
