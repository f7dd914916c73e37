import type { FastifyInstance, FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import { z } from 'zod';
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys, type Database } from '@enamel/db';
import { AppError, invalid } from './errors.ts';
import { principalOf } from './api-token-auth.ts';
import { requireUser } from './guards.ts';
import { sha256 } from './tokens.ts';
import type { Tx } from './transaction.ts';

/** How long a key's first answer is kept (and replayed). */
export const IDEMPOTENCY_HOURS = 24;
/** The header, as clients send it; Node gives it lower-cased. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
const HEADER = 'idempotency-key';
/** Set on an answer that is a replay of the first one. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** The header's rule: 1–255 printable ASCII characters (space to tilde). Anything else is a 422 on `idempotency-key`. */
export const idempotencyKeySchema = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x20-\x7e]+$/)
  .describe(
    `Optional. Retry this write safely: the same key and the same request within ${IDEMPOTENCY_HOURS} h answer the first answer again ` +
      `(status and body, with \`${REPLAYED_HEADER}: true\`) without doing the work twice; the same key with another request, or on another route, is a 422. ` +
      'Keys are per user (or token) and practice. 1–255 printable ASCII characters. A failed request (4xx/5xx) is not kept: its retry runs again.',
  );

const headersSchema = z.looseObject({ [HEADER]: idempotencyKeySchema.optional() });

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route changes stock (or creates what does): it takes an `Idempotency-Key` header (core/idempotency.ts).
     * Its handler must read and write through `dbOf(request)`, the transaction the key is stored in.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The transaction an idempotent request runs in (its key row first), or null. */
    idempotencyTx?: Tx | null;
  }
}

/** Who acts: `user:<id>` for a session, `token:<id>` for an API token (`principalOf`): a key is never shared between two principals. */
export function principalKey(request: FastifyRequest): string {
  requireUser(request);
  const principal = principalOf(request);
  if (!principal) throw new AppError('unauthenticated');
  return principal.key;
}

/** The practice a request names in its body (`dental_practice_id`), else 0: a record route checks its record's practice itself. */
function practiceOf(request: FastifyRequest): number {
  const body = request.body as { dental_practice_id?: unknown } | null | undefined;
  return body && typeof body === 'object' && typeof body.dental_practice_id === 'number' ? body.dental_practice_id : 0;
}

/**
 * The database a route handler works with: the transaction its `Idempotency-Key` is stored in when it was sent one,
 * else the server's database. Services open their own transaction on it (a savepoint inside the key's transaction).
 */
export function dbOf(request: FastifyRequest): Database {
  // A transaction offers everything the services use of the database (select, insert, execute, transaction → savepoint).
  return (request.idempotencyTx as unknown as Database | null | undefined) ?? request.server.deps.db;
}

interface Answer {
  status: number;
  body: unknown;
}

/** A handler's answer that is not a success: the transaction is rolled back (key included) and the answer sent as it is. */
class NotKept extends Error {
  constructor(readonly answer: Answer) {
    super('not kept');
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));

/**
 * Runs the route's handler, keeping what it sends instead of sending it (it is sent once the transaction has committed).
 * A handler that calls `reply.send` returns the reply, a thenable settled only once the answer has gone out: the capture
 * ends at the `send`, never by awaiting that.
 */
async function capture(handler: RouteHandlerMethod, app: FastifyInstance, request: FastifyRequest, reply: FastifyReply): Promise<Answer> {
  const own = reply as unknown as { send?: (payload?: unknown) => FastifyReply };
  try {
    return await new Promise<Answer>((resolve, reject) => {
      own.send = (payload?: unknown) => {
        resolve({ status: reply.statusCode, body: payload });
        return reply;
      };
      try {
        const result: unknown = handler.call(app, request, reply);
        // Not `await result`: a returned reply is a thenable of the sent answer.
        if (result === reply) return;
        Promise.resolve(result).then((value) => resolve({ status: reply.statusCode, body: value }), (error: unknown) => reject(asError(error)));
      } catch (error) {
        reject(asError(error));
      }
    });
  } finally {
    delete own.send;
  }
}

/**
 * Claims the key in the transaction: a new row, or an expired one taken over. When another transaction holds an
 * uncommitted row with the same key, this statement waits on the primary key until it commits (then the key is
 * taken: `false`) or rolls back (then it is ours). Never a check-then-insert.
 */
async function claim(tx: Tx, principal: string, practiceId: number, key: string, route: string, fingerprint: string): Promise<boolean> {
  const rows = await tx
    .insert(idempotencyKeys)
    .values({ principal, practiceId, key, route, fingerprint })
    .onConflictDoUpdate({
      target: [idempotencyKeys.principal, idempotencyKeys.practiceId, idempotencyKeys.key],
      set: { route, fingerprint, statusCode: null, response: null, createdAt: sql`now()` },
      setWhere: sql`${idempotencyKeys.createdAt} <= now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`,
    })
    .returning({ key: idempotencyKeys.key });
  return rows.length > 0;
}

function wrap(app: FastifyInstance, handler: RouteHandlerMethod): RouteHandlerMethod {
  return async function idempotent(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    const key = request.headers[HEADER];
    if (typeof key !== 'string') return handler.call(this, request, reply);
    const principal = principalKey(request);
    const practiceId = practiceOf(request);
    const route = `${request.method} ${request.routeOptions.url}`;
    const fingerprint = sha256(JSON.stringify([request.params ?? null, request.query ?? null, request.body ?? null]));
    let answer: Answer & { replayed: boolean };
    try {
      answer = await app.deps.db.transaction(async (tx) => {
        if (!(await claim(tx, principal, practiceId, key, route, fingerprint))) {
          const where = and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.practiceId, practiceId), eq(idempotencyKeys.key, key));
          const [first] = await tx.select().from(idempotencyKeys).where(where);
          if (!first || first.statusCode === null || first.response === null) throw invalid(HEADER, 'idempotency.in_use');
          if (first.route !== route) throw invalid(HEADER, 'idempotency.other_route', { route: first.route });
          if (first.fingerprint !== fingerprint) throw invalid(HEADER, 'idempotency.other_request');
          return { status: first.statusCode, body: JSON.parse(first.response) as unknown, replayed: true };
        }
        request.idempotencyTx = tx;
        const done = await capture(handler, this, request, reply);
        request.idempotencyTx = null;
        if (done.status >= 400) throw new NotKept(done);
        const text = JSON.stringify(done.body ?? null);
        await tx.update(idempotencyKeys).set({ statusCode: done.status, response: text }).where(and(eq(idempotencyKeys.principal, principal), eq(idempotencyKeys.practiceId, practiceId), eq(idempotencyKeys.key, key)));
        return { ...done, replayed: false };
      });
    } catch (error) {
      if (!(error instanceof NotKept)) throw error;
      answer = { ...error.answer, replayed: false };
    } finally {
      request.idempotencyTx = null;
    }
    if (answer.replayed) reply.header(REPLAYED_HEADER, 'true');
    return reply.status(answer.status).send(answer.body);
  };
}

/**
 * One home for `Idempotency-Key`: a route declares `config: { idempotent: true }`; this hook documents and validates the
 * header on it (OpenAPI, 422 when malformed) and wraps its handler. With a key, the key row is inserted first in a
 * transaction the handler then works in (`dbOf`), and the answer stored in the same transaction: two identical requests
 * at once do the work once (the twin waits on the key's primary key, then replays). Without a key, nothing changes.
 * Must be registered before the routes (and before @fastify/swagger reads their schemas).
 */
export function registerIdempotency(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (!route.config?.idempotent) return;
    const schema = (route.schema ??= {});
    if (schema.headers) throw new Error(`${route.url}: an idempotent route declares no other headers`);
    schema.headers = headersSchema;
    route.handler = wrap(app, route.handler);
  });
}

/** Keys older than the replay window (the clean-up job; a claim also takes an expired key over on its own). */
export async function removeExpiredIdempotencyKeys(db: Database): Promise<number> {
  const rows = await db
    .delete(idempotencyKeys)
    .where(sql`${idempotencyKeys.createdAt} <= now() - make_interval(hours => ${IDEMPOTENCY_HOURS})`)
    .returning({ key: idempotencyKeys.key });
  return rows.length;
}
