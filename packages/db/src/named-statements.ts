import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgliteSession } from 'drizzle-orm/pglite';

/**
 * Named (server-side prepared) statements for the hot paths whose statements have a fixed shape (a procedure's
 * completion: its ledger write and its answer read). PostgreSQL parses and plans a named statement once per connection
 * and then only binds and runs it: for the long statements of a completion (CTEs, JSON subqueries) planning costs more
 * than running, on PostgreSQL and even more on the embedded database. A statement opts in by its call site
 * (`executeNamed`, or a builder's `.prepare(statementName)`), never globally, so list queries keep their custom plans.
 *
 * Its name is derived from its text (one name per distinct text, whatever the call site said), so two statements can
 * never share one; at most MAX_NAMED texts are named in a process, later ones run unnamed (a bounded number of plans
 * per connection). node-postgres sends a named statement's Parse once per connection itself; PGlite (one connection)
 * has no such path, so `withNamedStatements` adds it: Parse and Describe once, then Bind/Describe/Execute/Sync as its
 * own `query` does, with the same serialisers and parsers. Prepared statements are not transactional and survive a
 * rollback; a statement whose Parse failed is not remembered.
 */
const MAX_NAMED = 256;
const names = new Map<string, string>();

/** The name a statement text runs under (undefined past the bound: it runs unnamed). */
export function statementName(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) names.set(text, (name = `enamel_${names.size + 1}`));
  return name;
}

/** What the call sites pass as the name: the real one comes from the text (`statementName`). */
export const NAMED = 'named';

type Prepared = { queryConfig?: Record<string, unknown>; rawQueryConfig?: Record<string, unknown> };
type PrepareQuery = (this: unknown, query: { sql: string; params: unknown[] }, fields: unknown, name: string | undefined, ...rest: unknown[]) => Prepared;

let installed = false;
/** Both drivers' sessions name a statement by its text when the call site asked for a name. */
function installSessions(): void {
  if (installed) return;
  installed = true;
  for (const session of [NodePgSession, PgliteSession]) {
    const proto = session.prototype as unknown as { prepareQuery: PrepareQuery };
    const base = proto.prepareQuery;
    proto.prepareQuery = function (query, fields, name, ...rest) {
      const named = name === undefined ? undefined : statementName(query.sql);
      const prepared = base.call(this, query, fields, named, ...rest);
      // node-postgres reads the name from its configs already; PGlite's query reads it from its options (below).
      if (named !== undefined && session === PgliteSession) {
        prepared.queryConfig = { ...prepared.queryConfig, name: named };
        prepared.rawQueryConfig = { ...prepared.rawQueryConfig, name: named };
      }
      return prepared;
    };
  }
}
installSessions();

/** `db.execute(query)` as a named statement (the same rows, the same types). */
export async function executeNamed<T = Record<string, unknown>>(db: unknown, query: SQL): Promise<{ rows: T[] }> {
  const { session, dialect } = db as { session: { prepareQuery: PrepareQuery }; dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } } };
  const prepared = session.prepareQuery(dialect.sqlToQuery(query), undefined, NAMED, false) as unknown as { execute(): Promise<{ rows: T[] }> };
  return prepared.execute();
}

/**
 * A named statement whose drizzle query is built once per driver, with `sql.placeholder(…)` for its values, then run on
 * whichever handle the caller holds (the root or a transaction) by binding only the values: building a query (walking its
 * columns, joins and SQL chunks into text) costs more on a hot path than binding and running a prepared one. A prepared
 * drizzle query is bound to the handle it was built on (its `client`): each call runs a copy with the caller's.
 */
export function builtOnce<V extends Record<string, unknown>, R>(build: (db: never) => { prepare(name: string): { execute(values?: V): Promise<R> } }): (db: unknown, values: V) => Promise<R> {
  const prepared = new Map<unknown, object>();
  return (db, values) => {
    const { session } = db as { session: { client: unknown } };
    let built = prepared.get(session.constructor);
    if (!built) prepared.set(session.constructor, (built = build(db as never).prepare(NAMED)));
    return Object.assign(Object.create(built) as { execute(values: V): Promise<R> }, { client: session.client }).execute(values);
  };
}

// ---- PGlite: the protocol messages of a named statement (text format throughout) ----
const encoder = new TextEncoder();
/** The parts one after the other, after `head` bytes left for the caller. */
function concat(parts: ReadonlyArray<Uint8Array | number[]>, head = 0): Uint8Array {
  const out = new Uint8Array(head + parts.reduce((n, p) => n + p.length, 0));
  let at = head;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
/** A protocol message: its type byte, its length, its parts. */
function message(code: string, ...parts: Array<Uint8Array | number[]>): Uint8Array {
  const out = concat(parts, 5);
  out[0] = code.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, out.length - 1);
  return out;
}
const cstring = (s: string) => {
  const bytes = encoder.encode(s);
  const out = new Uint8Array(bytes.length + 1);
  out.set(bytes);
  return out;
};
const int16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const int32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
const parseMessage = (name: string, text: string) => message('P', cstring(name), cstring(text), int16(0));
const describeMessage = (kind: 'S' | 'P', name: string) => message('D', [kind.charCodeAt(0)], cstring(name));
function bindMessage(name: string, values: Array<string | null>): Uint8Array {
  const parts: Array<Uint8Array | number[]> = [cstring(''), cstring(name), int16(0), int16(values.length)];
  for (const value of values) {
    if (value === null) parts.push(int32(-1));
    else {
      const bytes = encoder.encode(value);
      parts.push(int32(bytes.length), bytes);
    }
  }
  parts.push(int16(0));
  return message('B', ...parts);
}
const executeMessage = () => message('E', cstring(''), int32(0));
const syncMessage = () => message('S');

type Message = { name: string; fields?: Array<{ name: string; dataTypeID: number }> | Array<string | null>; text?: string; dataTypeIDs?: number[] };

/**
 * Gives a PGlite instance (and the transactions it opens) named statements: a `query` whose options carry a `name`
 * (set by the sessions above) is parsed once and then only bound and run; any other query is PGlite's own.
 */
export function withNamedStatements(pglite: PGlite): PGlite {
  const paramTypes = new Map<string, number[]>();
  const run = async <T>(name: string, text: string, params: unknown[] = [], options: QueryOptions = {}, inTransaction: boolean): Promise<Results<T>> => {
    let types = paramTypes.get(name);
    if (types === undefined) {
      // First use on this connection: Parse and Describe, then Sync (a failed Parse is not remembered).
      try {
        await pglite.execProtocolStream(parseMessage(name, text), { syncToFs: false });
        const described = (await pglite.execProtocolStream(describeMessage('S', name), { syncToFs: false })) as unknown as Message[];
        types = described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? [];
      } finally {
        await pglite.execProtocolStream(syncMessage(), { syncToFs: false });
      }
      paramTypes.set(name, types);
    }
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const serialize = options.serializers?.[types[i]!] ?? pglite.serializers[types[i]!];
      if (serialize) return serialize(param);
      return typeof param === 'string' ? param : typeof param === 'number' || typeof param === 'bigint' || typeof param === 'boolean' ? param.toString() : JSON.stringify(param);
    });
    // Bind, Describe, Execute and Sync in one call: one pass through the database instead of four (an error ends
    // at the Sync, so the connection is ready for the next statement either way).
    const messages = (await pglite.execProtocolStream(concat([bindMessage(name, values), describeMessage('P', ''), executeMessage(), syncMessage()]), { syncToFs: !inTransaction })) as unknown as Message[];
    // The call's parsers before the instance's, looked up per column (copying PGlite's ~320 parsers into one object took
    // longer than the statement itself).
    const own = options.parsers;
    return toResults<T>(messages, (typeId) => own?.[typeId] ?? pglite.parsers[typeId], options.rowMode);
  };
  const namedQuery =
    (plain: (text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<unknown>>, inTransaction: boolean, exclusive: <T>(fn: () => Promise<T>) => Promise<T>) =>
    async <T>(text: string, params?: unknown[], options?: QueryOptions & { name?: string }): Promise<Results<T>> => {
      if (!options?.name) return plain(text, params, options) as Promise<Results<T>>;
      const name = options.name;
      return exclusive(() => run<T>(name, text, params, options, inTransaction));
    };
  const query = pglite.query.bind(pglite);
  const transaction = pglite.transaction.bind(pglite);
  Object.assign(pglite, {
    query: namedQuery(query, false, async (fn) => {
      await pglite._checkReady();
      return pglite._runExclusiveTransaction(() => pglite._runExclusiveQuery(fn));
    }),
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, { query: namedQuery(tx.query.bind(tx), true, (fn) => pglite._runExclusiveQuery(fn)) }))),
  });
  return pglite;
}

/** PGlite's own reading of an extended query's messages (its `parseResults`, first result set). */
function toResults<T>(messages: Message[], parserOf: (typeId: number) => ((value: string, typeId: number) => unknown) | undefined, rowMode: QueryOptions['rowMode']): Results<T> {
  let fields: Array<{ name: string; dataTypeID: number }> = [];
  const rows: unknown[] = [];
  let affectedRows = 0;
  const parse = (value: string | null, typeId: number) => {
    if (value === null) return null;
    const parser = parserOf(typeId);
    return parser ? parser(value, typeId) : value;
  };
  for (const m of messages) {
    if (m.name === 'rowDescription') fields = (m.fields as Array<{ name: string; dataTypeID: number }>).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    else if (m.name === 'dataRow') {
      const values = m.fields as Array<string | null>;
      rows.push(rowMode === 'array' ? values.map((v, i) => parse(v, fields[i]!.dataTypeID)) : Object.fromEntries(values.map((v, i) => [fields[i]!.name, parse(v, fields[i]!.dataTypeID)])));
    } else if (m.name === 'commandComplete') {
      const parts = m.text!.split(' ');
      if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0]!)) affectedRows += parseInt(parts[parts.length - 1]!, 10);
      return { rows: rows as T[], fields, affectedRows };
    }
  }
  return { rows: rows as T[], fields, affectedRows };
}
