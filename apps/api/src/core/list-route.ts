import { pipeline, Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import { z } from 'zod';
import { errorBodySchema, listQuerySchema, pageSchema, type Action, type ListContract, type ListQuery, type Subject } from '@enamel/contracts';
import { abilityFor } from './guards.ts';
import { practiceScope } from './practice-scope.ts';
import { EXPORT_MAX_ROWS, runList, runListAll, type BoundList, type ListDefinition } from './list-engine.ts';

/**
 * The responses of a `GET /api/admin/list/...` route: a JSON page, or (with `format=csv`)
 * the whole filtered list as CSV. The CSV is sent as a stream with its own content type,
 * so fastify's zod serializer (which only runs for JSON payloads) never sees it.
 */
export function listResponses(contract: ListContract) {
  const row = contract.row;
  return {
    200: {
      description: 'One page (JSON), or with `format=csv` every matching row (CSV download)',
      content: {
        'application/json': { schema: pageSchema(row) },
        'text/csv': { schema: z.string().describe(`A header row of the declared columns, then at most ${EXPORT_MAX_ROWS} rows`) },
      },
    },
    401: errorBodySchema,
    403: errorBodySchema,
    422: errorBodySchema,
  };
}

/** `users-2026-11-22.csv` for `/api/admin/list/users`. */
export function exportFilename(list: ListDefinition<unknown>, now = new Date()): string {
  const base = (list.path.split('/').filter(Boolean).pop() ?? 'list').replace(/[^a-z0-9_-]/gi, '_') || 'list';
  return `${base}-${now.toISOString().slice(0, 10)}.csv`;
}

const PLAIN_DECIMAL = /^-?\d+(\.\d+)?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet may safely open it: text a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR at the start) gets a leading single quote, but a plain decimal such as
 * `-2.0000` (quantities and money travel as exact decimal text) stays a number to sum.
 */
export function csvCell(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_DECIMAL.test(value) ? `'${value}` : value;
}

/**
 * CSV of rows under a header row of the list's declared columns, every text cell through
 * `csvCell`. A BOM lets spreadsheet programs read the UTF-8.
 */
export function csvStream(list: ListDefinition<unknown>, rows: readonly unknown[]): NodeJS.ReadableStream {
  return csvRows(Object.keys(list.columns), rows);
}

/**
 * CSV of rows under a header row of `columns`, every text cell through `csvCell` (lists and reports). Rows may
 * come one by one (an async iterable): they are pulled as the download takes them, never all held at once.
 */
export function csvRows(columns: string[], rows: Iterable<unknown> | AsyncIterable<unknown>): NodeJS.ReadableStream {
  const csv = stringify({
    header: true,
    columns,
    bom: true,
    cast: {
      string: csvCell,
      boolean: (value) => (value ? 'true' : 'false'),
      date: (value) => value.toISOString(),
      object: (value) => JSON.stringify(value),
    },
  });
  return pipeline(Readable.from(rows as Iterable<object> | AsyncIterable<object>), csv, () => {});
}

/** Sends a stream as a download named `filename`. */
export function sendDownload(reply: FastifyReply, filename: string, contentType: string, body: NodeJS.ReadableStream): FastifyReply {
  return reply.header('content-type', contentType).header('content-disposition', `attachment; filename="${filename}"`).send(body);
}

/** Sends a CSV stream as a download named `filename`. */
export function sendCsv(reply: FastifyReply, filename: string, csv: NodeJS.ReadableStream): FastifyReply {
  return sendDownload(reply, filename, 'text/csv; charset=utf-8', csv);
}

/**
 * The one way a list route answers: the practice scope and the request's search, filters and
 * sort, then either one JSON page or (`format=csv`) the whole list as a CSV attachment.
 * `extendPage` may add per-reader fields to the rows of a JSON page (not to exports).
 */
export async function sendList<Row>(
  request: FastifyRequest,
  reply: FastifyReply,
  list: ListDefinition<Row>,
  scope?: SQL,
  extendPage?: (rows: Row[]) => Promise<object[]>,
): Promise<FastifyReply> {
  const { db } = request.server.deps;
  // The route validated the query with listQuerySchema.
  const query = request.query as ListQuery;
  if (query.format === 'csv') {
    const rows = await runListAll(db, list, query, scope);
    return sendCsv(reply, exportFilename(list), csvStream(list, rows));
  }
  const queryString = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
  const page = await runList(db, list, query, scope, queryString);
  return reply.send(extendPage ? { ...page, data: await extendPage(page.data) } : page);
}

/** Rows of the practices a reader may see: no condition for `all`, nothing for none. */
export function inPractices(column: AnyColumn, practices: 'all' | number[]): SQL | undefined {
  if (practices === 'all') return undefined;
  return practices.length ? inArray(column, practices) : sql`false`;
}

/** The scope of a list of practice records: the practices the reader may `action` the subject in. */
export function readerScope(column: AnyColumn, action: Action, subject: Subject) {
  return async (request: FastifyRequest): Promise<SQL | undefined> => inPractices(column, practiceScope(await abilityFor(request), action, subject));
}

/** A `GET /api/admin/list/...` route: its contract, guard, extra query parameters and the reader's scope. */
export interface ListRouteSpec<Row, Q extends z.ZodRawShape> {
  list: BoundList<Row>;
  /** The route's guard (e.g. `authorize('read', 'Product')`); the scope then narrows to the reader's records. */
  guard: (request: FastifyRequest) => Promise<void>;
  tags: string[];
  summary: string;
  /** Query parameters beside the list's own (e.g. the practice of a practice's list). */
  query?: Q;
  /** The reader's rows (their practices, the practice asked for after checking it): a WHERE, or none. */
  scope?: (request: FastifyRequest<{ Querystring: z.infer<z.ZodObject<Q>> & ListQuery }>) => Promise<SQL | undefined>;
  /** Per-reader fields of a JSON page's rows (what the reader may do with each). */
  extendPage?: (request: FastifyRequest, rows: Row[]) => Promise<object[]>;
  /** A list whose rows are computed per request (`bindComputedList(...).withRows`): the list this request pages through. */
  source?: (request: FastifyRequest<{ Querystring: z.infer<z.ZodObject<Q>> & ListQuery }>) => Promise<ListDefinition<Row>>;
}

/** Registers a server-mode list route: one JSON page, or with `format=csv` every matching row, as its contract declares. */
export function registerListRoute<Row, Q extends z.ZodRawShape = Record<never, never>>(fastify: FastifyInstance, spec: ListRouteSpec<Row, Q>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const querystring = spec.query ? listQuerySchema.extend(spec.query) : listQuerySchema;
  app.get(
    spec.list.path,
    { preValidation: spec.guard, schema: { tags: spec.tags, summary: `${spec.summary} (server-mode list)`, querystring, response: listResponses(spec.list.contract) } },
    async (request, reply) => {
      const typed = request as FastifyRequest<{ Querystring: z.infer<z.ZodObject<Q>> & ListQuery }>;
      const where = spec.scope ? await spec.scope(typed) : undefined;
      const extend = spec.extendPage;
      const list = spec.source ? await spec.source(typed) : spec.list;
      return sendList(request, reply, list, where, extend ? (rows) => extend(request, rows) : undefined);
    },
  );
}
