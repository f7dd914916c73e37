import { Column, and, asc, count, desc, eq, getTableColumns, ilike, is, isNotNull, isNull, not, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import {
  FILTER_CONDITIONS,
  ID_MAX,
  INT4_MAX,
  columnFilterSchema,
  isCalendarDay,
  isDateTimeInRange,
  type ColumnFilter,
  type ColumnType,
  isIntegerColumn,
  isNumberField,
  type ListColumnDeclaration,
  type ListColumnName,
  type ListContract,
  type ListQuery,
  type ListRow,
  type PageMeta,
} from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { invalid } from './errors.ts';

/** A declared column: its type and capabilities, and the SQL expression it reads. */
export interface ListColumn {
  type: ColumnType;
  expr: AnyColumn | SQL;
  sort?: boolean;
  filter?: boolean;
  search?: boolean;
  /** A number column that holds whole numbers (int4). Table columns say so themselves; SQL expressions such as counts declare it. */
  integer?: boolean;
}

/**
 * A list: declared columns, a default order, and the query that yields its rows.
 * `query` receives the WHERE the engine built and must apply it; it may join freely.
 */
export interface ListDefinition<Row> {
  path: string;
  columns: Record<string, ListColumn>;
  defaultSort: { field: string; direction: 'asc' | 'desc' };
  /** A unique column appended to every order so pages are stable. */
  tiebreaker: AnyColumn | SQL;
  query: (db: Database) => PgSelect;
  present?: (row: Record<string, unknown>) => Row;
}

type Expr = PgColumn | SQL;
/** The fields a list's query selects: each column's expression, then the extra fields. */
export type ListFields = Record<string, Expr>;

/**
 * How the API reads a list contract: one SQL expression per declared column — the page selects it,
 * filters, sorts and searches read it, so what is shown is what is filtered — plus the row fields that
 * are not columns (`extra`: JSON, inputs of `present`), the joins to the main table, and a unique tiebreaker.
 */
export interface ListBinding<L extends ListContract> {
  /**
   * The list's main table: a declared column named as one of its SQL columns reads that column, unless
   * `columns` binds it otherwise.
   */
  table: PgTable;
  /** The SQL of the other columns (every column is bound, or `bindList` throws when the app starts). */
  columns?: { [K in ListColumnName<L>]?: Expr };
  extra?: ListFields;
  /** The tables joined to the main one, in order: `inner` where every row has one, `left` where it may be absent. */
  joins?: ListJoin[];
  tiebreaker: AnyColumn;
  /** Composes the row from what was selected, after the generic conversions (dates as ISO text, numbers as numbers). */
  present?: (row: Record<string, unknown>) => ListRow<L>;
}

export type ListJoin = { inner: PgTable; on: SQL } | { left: PgTable; on: SQL };

/** SELECT the fields FROM the main table with its joins: what every page, count and filter reads. */
function fromWithJoins(db: Database, table: PgTable, joins: readonly ListJoin[], fields: ListFields): PgSelect {
  let query: PgSelect = db.select(fields).from(table).$dynamic();
  for (const join of joins) query = 'inner' in join ? query.innerJoin(join.inner, join.on) : query.leftJoin(join.left, join.on);
  return query;
}

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Timestamps leave as ISO text whichever driver read them; calendar days stay `YYYY-MM-DD`. */
function dateText(value: unknown): unknown {
  if (value === null || value === undefined) return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value !== 'string') return value;
  return CALENDAR_DAY.test(value) ? value : new Date(value).toISOString();
}

/** Per field, the conversion a driver's value needs to match the contract's row. */
function conversions(contract: ListContract): Array<[string, (value: unknown) => unknown]> {
  const out: Array<[string, (value: unknown) => unknown]> = [];
  for (const [name, column] of Object.entries<ListColumnDeclaration>(contract.columns)) {
    if (column.type === 'date') out.push([name, dateText]);
    else if (column.type === 'number' && isNumberField(contract, name)) out.push([name, (v) => (typeof v === 'string' ? Number(v) : v)]);
  }
  return out;
}

/** A list bound to its contract (what its route documents and answers). */
export type BoundList<Row> = ListDefinition<Row> & { contract: ListContract };

/** Binds a list contract to SQL: the list the engine runs, with the contract's columns, sort and row type. */
export function bindList<L extends ListContract>(contract: L, binding: ListBinding<L>): BoundList<ListRow<L>> {
  const own = Object.fromEntries(Object.values(getTableColumns(binding.table)).map((column) => [column.name, column]));
  const exprs: Record<string, Expr> = {};
  const columns: Record<string, ListColumn> = {};
  for (const [name, declared] of Object.entries<ListColumnDeclaration>(contract.columns)) {
    const expr = (binding.columns as Record<string, Expr | undefined> | undefined)?.[name] ?? own[name];
    if (expr === undefined) throw new Error(`${contract.path}: column ${name} has no SQL expression`);
    exprs[name] = expr;
    columns[name] = { ...declared, expr, integer: !is(expr, Column) && isIntegerColumn(contract, name) };
  }
  const fields: ListFields = { ...exprs, ...binding.extra };
  const convert = conversions(contract);
  return {
    contract,
    path: contract.path,
    columns,
    defaultSort: contract.defaultSort,
    tiebreaker: binding.tiebreaker,
    query: (db) => fromWithJoins(db, binding.table, binding.joins ?? [], fields),
    present: (row) => {
      for (const [name, to] of convert) row[name] = to(row[name]);
      // The one place a selected row meets its contract's type; the contract test parses real pages with it.
      return binding.present ? binding.present(row) : (row as ListRow<L>);
    },
  };
}

/** The SQL type a field of computed rows is read back as (`bindComputedList`). */
export type ComputedFieldType = 'text' | 'numeric' | 'bigint' | 'integer' | 'date' | 'boolean';

export interface ComputedListBinding<L extends ListContract> {
  /** Every field of the row and the SQL type it is read back as. */
  types: { [K in keyof ListRow<L> & string]-?: ComputedFieldType };
  /** A field unique per row, appended to every order so pages are stable. */
  tiebreaker: keyof ListRow<L> & string;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * A list whose rows the application computes for each request (figures no SQL expression holds, such as the
 * forecast arithmetic of order suggestions). The rows reach the database as one JSON parameter and are read back
 * as a table (`jsonb_to_recordset`), so search, filters, sort, paging, count and CSV export are the engine's own,
 * on the same declared columns. `list` is the contract's list for documenting the route; `withRows` is the list
 * of one request's rows (give it to `registerListRoute`'s `source`).
 */
export function bindComputedList<L extends ListContract>(contract: L, binding: ComputedListBinding<L>) {
  const types = Object.entries<ComputedFieldType>(binding.types as Record<string, ComputedFieldType>);
  for (const [name] of types) if (!IDENTIFIER.test(name)) throw new Error(`${contract.path}: field ${name} is not a plain identifier`);
  for (const name of Object.keys(contract.row.shape)) if (!(name in binding.types)) throw new Error(`${contract.path}: field ${name} has no type`);
  const definition = sql.raw(types.map(([name, type]) => `"${name}" ${type}`).join(', '));
  const field = (name: string) => sql.raw(`"computed"."${name}"`);
  const fields: ListFields = Object.fromEntries(types.map(([name]) => [name, field(name)]));
  const columns: Record<string, ListColumn> = {};
  for (const [name, declared] of Object.entries<ListColumnDeclaration>(contract.columns)) {
    columns[name] = { ...declared, expr: field(name), integer: isIntegerColumn(contract, name) };
  }
  const convert = conversions(contract);
  const withRows = (rows: readonly ListRow<L>[]): BoundList<ListRow<L>> => {
    const source = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as computed(${definition})`;
    return {
      contract,
      path: contract.path,
      columns,
      defaultSort: contract.defaultSort,
      tiebreaker: field(binding.tiebreaker),
      query: (db) => db.select(fields).from(source).$dynamic(),
      present: (row) => {
        for (const [name, to] of convert) row[name] = to(row[name]);
        return row as ListRow<L>;
      },
    };
  };
  return { list: withRows([]), withRows };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** Decimals compared with numeric columns: plain notation, below 10^15 (numeric(14,4) holds less). */
const PLAIN_DECIMAL = /^-?\d{1,15}(\.\d+)?$/;

/** The largest magnitude a whole-number column holds, or null for a decimal one. */
function integerRange(column: ListColumn): number | null {
  if (column.integer) return INT4_MAX;
  if (!is(column.expr, Column)) return null;
  const type = column.expr.getSQLType();
  if (type === 'smallint' || type === 'smallserial') return 32_767;
  if (type === 'integer' || type === 'serial') return INT4_MAX;
  if (type === 'bigint' || type === 'bigserial') return ID_MAX;
  return null;
}

function parseFilters(raw: string | undefined): ColumnFilter[] {
  if (raw === undefined || raw.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw invalid('column_filters', 'list.filter_json');
  }
  const result = columnFilterSchema.array().max(50).safeParse(parsed);
  if (!result.success) throw invalid('column_filters', 'list.filter_json');
  return result.data;
}

/** One filter → SQL, with the value checked against the column's type; anything else is a 422. */
function filterSql(field: string, column: ListColumn, f: ColumnFilter): SQL | undefined {
  const allowed = FILTER_CONDITIONS[column.type] as readonly string[];
  if (!allowed.includes(f.condition)) throw invalid('column_filters', 'list.filter_condition', { field, condition: f.condition });
  const e = sql`${column.expr}`;
  if (f.condition === 'is_null') return isNull(e);
  if (f.condition === 'is_not_null') return isNotNull(e);
  const bad = () => invalid('column_filters', 'list.filter_value', { field });
  const v = f.value;
  switch (column.type) {
    case 'string': {
      if (typeof v !== 'string' && typeof v !== 'number') throw bad();
      if (String(v).includes('\u0000')) throw bad();
      const s = escapeLike(String(v));
      switch (f.condition) {
        case 'contain': return ilike(e, `%${s}%`);
        case 'not_contain': return or(isNull(e), not(ilike(e, `%${s}%`)));
        case 'equal': return sql`lower(${e}) = lower(${String(v)})`;
        case 'not_equal': return or(isNull(e), sql`lower(${e}) <> lower(${String(v)})`);
        case 'start_with': return ilike(e, `${s}%`);
        case 'end_with': return ilike(e, `%${s}`);
      }
      break;
    }
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
      // Checked here so that PostgreSQL never sees a value its column type refuses (1.5 or 1e20 for an integer).
      const range = integerRange(column);
      let value: SQL;
      if (range !== null) {
        if (!Number.isSafeInteger(n) || Math.abs(n) > range) throw invalid('column_filters', 'list.filter_integer', { field, min: -range, max: range });
        value = sql`${n}`;
      } else {
        if (!Number.isFinite(n) || !PLAIN_DECIMAL.test(String(n))) throw bad();
        value = sql`${String(n)}::numeric`;
      }
      switch (f.condition) {
        case 'equal': return sql`${e} = ${value}`;
        case 'not_equal': return or(isNull(e), sql`${e} <> ${value}`);
        case 'greater_than': return sql`${e} > ${value}`;
        case 'greater_than_equal': return sql`${e} >= ${value}`;
        case 'less_than': return sql`${e} < ${value}`;
        case 'less_than_equal': return sql`${e} <= ${value}`;
      }
      break;
    }
    case 'date': {
      // Real calendar days in a sane range only: JavaScript rolls 2024-02-30 over to March, PostgreSQL refuses it.
      const badDate = () => invalid('column_filters', 'list.filter_date', { field });
      if (typeof v !== 'string') throw badDate();
      if (DATE_ONLY.test(v) ? !isCalendarDay(v) : !isDateTimeInRange(v)) throw badDate();
      if (DATE_ONLY.test(v)) {
        // A bare date compares whole days (in the session's time zone), written as a range on
        // the bare column so that an index on it serves the filter: day d is [d, d + 1).
        const day = sql`${v}::date`;
        const nextDay = sql`(${v}::date + 1)`;
        switch (f.condition) {
          case 'equal': return sql`(${e} >= ${day} and ${e} < ${nextDay})`;
          case 'not_equal': return or(isNull(e), sql`${e} < ${day}`, sql`${e} >= ${nextDay}`);
          case 'greater_than': return sql`${e} >= ${nextDay}`;
          case 'less_than': return sql`${e} < ${day}`;
        }
        break;
      }
      // A date-time compares instants.
      const at = sql`${new Date(v).toISOString()}::timestamptz`;
      switch (f.condition) {
        case 'equal': return sql`${e} = ${at}`;
        case 'not_equal': return or(isNull(e), sql`${e} <> ${at}`);
        case 'greater_than': return sql`${e} > ${at}`;
        case 'less_than': return sql`${e} < ${at}`;
      }
      break;
    }
    case 'bool': {
      // The bool filter (docs/client-contract.md#filters): All / True / False. "all" (or no value) filters nothing.
      if (v === undefined || v === null || v === 'all' || v === '') return undefined;
      const b = v === true || v === 'true' || v === 1 || v === '1' ? true : v === false || v === 'false' || v === 0 || v === '0' ? false : null;
      if (b === null) throw bad();
      return eq(e, b);
    }
  }
  throw bad();
}

export interface ListResult<Row> {
  data: Row[];
  meta: PageMeta;
  links: { first: string; last: string; prev: string | null; next: string | null };
}

/** The WHERE and ORDER BY of a request: scope first, then search and filters, then a declared sort. */
function prepare<Row>(list: ListDefinition<Row>, query: ListQuery, scope?: SQL): { where: SQL | undefined; order: SQL[] } {
  const conditions: SQL[] = [];
  if (scope) conditions.push(scope);

  const search = query.search?.trim();
  if (search) {
    const pattern = `%${escapeLike(search)}%`;
    const searchable = Object.values(list.columns).filter((c) => c.search);
    if (searchable.length) conditions.push(or(...searchable.map((c) => ilike(sql`(${c.expr})::text`, pattern)))!);
  }
  for (const f of parseFilters(query.column_filters)) {
    const column = list.columns[f.field];
    if (!column?.filter) throw invalid('column_filters', 'list.filter_field', { field: f.field });
    const clause = filterSql(f.field, column, f);
    if (clause) conditions.push(clause);
  }

  const sortField = query.sort_column ?? list.defaultSort.field;
  const sortColumn = list.columns[sortField];
  if (!sortColumn || (query.sort_column !== undefined && !sortColumn.sort)) throw invalid('sort_column', 'list.sort_column', { field: sortField });
  const direction = query.sort_direction ?? (query.sort_column ? 'asc' : list.defaultSort.direction);
  const order = direction === 'desc' ? [sql`${sortColumn.expr} desc nulls last`, desc(list.tiebreaker)] : [sql`${sortColumn.expr} asc nulls first`, asc(list.tiebreaker)];

  return { where: conditions.length ? and(...conditions) : undefined, order };
}

function presentRows<Row>(list: ListDefinition<Row>, rows: unknown[]): Row[] {
  return (rows as Record<string, unknown>[]).map((r) => (list.present ? list.present(r) : (r as Row)));
}

/**
 * The two statements of one list page (rows, count), built but not run: `runList` awaits them;
 * benchmarks and EXPLAIN read their SQL with `.toSQL()`.
 */
export function listQueries<Row>(db: Database, list: ListDefinition<Row>, query: ListQuery, scope?: SQL) {
  const { where, order } = prepare(list, query, scope);
  const perPage = query.pagesize;
  const offset = query.offset ?? (query.current_page - 1) * perPage;
  return {
    perPage,
    offset,
    page: list.query(db).where(where).orderBy(...order).limit(perPage).offset(offset),
    count: db.select({ n: count() }).from(list.query(db).where(where).as('list_count')),
  };
}

/** Rows of a list matching `where` in its default order (a presenter's read): the same select and presentation, no COUNT. */
export async function runListRows<Row>(db: Database, list: ListDefinition<Row>, where: SQL, limit: number): Promise<Row[]> {
  const { order } = prepare(list, { current_page: 1, pagesize: limit });
  return presentRows(list, await list.query(db).where(where).orderBy(...order).limit(limit));
}

/** One row of a list (a presenter's read), or null when none matches. */
export async function runListRow<Row>(db: Database, list: ListDefinition<Row>, where: SQL): Promise<Row | null> {
  return (await runListRows(db, list, where, 1))[0] ?? null;
}

/** Query parameters that choose the page: links set their own, everything else is kept. */
const PAGING_PARAMS = ['current_page', 'offset', 'pagesize', 'format'];

/**
 * Runs a list: scope first (the caller's `scope`, e.g. the user's practices), then search and
 * filters on declared columns, then a declared sort, one page, and one count. `requestQuery`
 * (the request's query string) is carried into `links`, so following one gives another page
 * of the same practice, search, filters and sort.
 */
export async function runList<Row>(
  db: Database,
  list: ListDefinition<Row>,
  query: ListQuery,
  scope?: SQL,
  requestQuery = '',
): Promise<ListResult<Row>> {
  const q = listQueries(db, list, query, scope);
  const { perPage, offset } = q;
  const page = Math.floor(offset / perPage) + 1;

  const [rows, counted] = await Promise.all([q.page, q.count]);
  const total = Number(counted[0]?.n ?? 0);
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = rows.length ? offset + 1 : null;
  const data = presentRows(list, rows);
  const kept = new URLSearchParams(requestQuery);
  for (const name of PAGING_PARAMS) kept.delete(name);
  const link = (p: number) => {
    const params = new URLSearchParams(kept);
    params.set('current_page', String(p));
    params.set('pagesize', String(perPage));
    return `${list.path}?${params.toString()}`;
  };
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: perPage, total, from, to: from === null ? null : from + rows.length - 1 },
    links: { first: link(1), last: link(lastPage), prev: page > 1 ? link(page - 1) : null, next: page < lastPage ? link(page + 1) : null },
  };
}

/** The most rows an unpaged run (an export) returns. */
export const EXPORT_MAX_ROWS = 100_000;

/**
 * Runs a list without paging (for exports): the same scope, search, filters and sort as
 * `runList`, every matching row. More than `max` rows is a 422 on `format` asking the user
 * to filter further; nothing is loaded in that case.
 */
export async function runListAll<Row>(
  db: Database,
  list: ListDefinition<Row>,
  query: ListQuery,
  scope?: SQL,
  max: number = EXPORT_MAX_ROWS,
): Promise<Row[]> {
  const { where, order } = prepare(list, query, scope);
  const tooMany = () => invalid('format', 'list.export_too_large', { max });
  // Count without counting everything: is there a row past the cap?
  const probe = await db.select({ n: count() }).from(list.query(db).where(where).limit(max + 1).as('list_probe'));
  if (Number(probe[0]?.n ?? 0) > max) throw tooMany();
  const rows = await list.query(db).where(where).orderBy(...order).limit(max + 1);
  if (rows.length > max) throw tooMany(); // rows arrived between the two queries
  return presentRows(list, rows);
}
