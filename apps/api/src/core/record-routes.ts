import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema, type Subject } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import { actorOf, type Actor } from './activity-log.ts';
import { authorize } from './guards.ts';
import { idParams, oneOf, recordErrors } from './route-schemas.ts';

/**
 * A catalog entity's service as the routes call it: a stored row is found, created, updated or has its status
 * set by the service (writes as the request's actor), and leaves through `present`.
 */
export interface RecordRoutesSpec<Body, Row, Record> {
  /** `/api/brand`: the entity's singular path (docs/client-contract.md#paths). */
  base: string;
  tag: string;
  subject: Subject;
  body: z.ZodType<Body>;
  record: z.ZodType<Record>;
  present: (db: Database, row: Row) => Promise<Record> | Record;
  find: (db: Database, id: number) => Promise<Row>;
  create: (db: Database, actor: Actor, body: Body) => Promise<Row>;
  update: (db: Database, actor: Actor, id: number, body: Body) => Promise<Row>;
  setStatus: (db: Database, actor: Actor, id: number, status: 'active' | 'inactive') => Promise<Row>;
  /** Permanent delete. When absent, `delete` deactivates (a restorable status change: docs/product-rules.md#deactivate). */
  remove?: (db: Database, actor: Actor, id: number) => Promise<void>;
  /** The brand delete carries the id in the body (docs/client-contract.md#paths): accept `POST {base}/delete` with `{ id }` too. */
  deleteByBody?: boolean;
}

/**
 * The write and detail routes every catalog entity shares: `GET {base}/{id}`, `create`, `update/{id}`
 * (POST, PUT, PATCH), `delete/{id}` (deactivate, or permanent with `remove`), `deactivate/{id}`, `restore/{id}`.
 * Handlers stay thin; the spec's functions do the work.
 */
export function registerRecordRoutes<Body, Row, Record>(fastify: FastifyInstance, spec: RecordRoutesSpec<Body, Row, Record>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  const present = async (row: Row) => ({ success: true as const, data: await spec.present(db, row) });
  const setStatus = async (request: FastifyRequest, id: number, status: 'active' | 'inactive') => present(await spec.setStatus(db, actorOf(request), id, status));
  const one = oneOf(spec.record);
  const tags = [spec.tag];
  const name = spec.subject;

  app.get(`${spec.base}/:id`, { preValidation: authorize('read', spec.subject), schema: { tags, summary: `One ${name}`, params: idParams, response: { 200: one, ...recordErrors } } }, async (request) =>
    present(await spec.find(db, request.params.id)),
  );

  app.post(
    `${spec.base}/create`,
    { preValidation: authorize('create', spec.subject), schema: { tags, summary: `Create a ${name}`, body: spec.body, response: { 201: one, ...recordErrors } } },
    async (request, reply) => reply.status(201).send(await present(await spec.create(db, actorOf(request), request.body as Body))),
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: `${spec.base}/update/:id`,
    preValidation: authorize('update', spec.subject),
    schema: { tags, summary: `Update a ${name}`, params: idParams, body: spec.body, response: { 200: one, ...recordErrors } },
    handler: async (request) => present(await spec.update(db, actorOf(request), request.params.id, request.body as Body)),
  });

  const status = (verb: string, to: 'active' | 'inactive', summary: string) =>
    app.post(`${spec.base}/${verb}/:id`, { preValidation: authorize('delete', spec.subject), schema: { tags, summary, params: idParams, response: { 200: one, ...recordErrors } } }, (request) =>
      setStatus(request, request.params.id, to),
    );
  status('deactivate', 'inactive', `Deactivate a ${name} (restorable); 409 while active records still use it`);
  status('restore', 'active', `Restore a deactivated ${name}`);

  const remove = spec.remove;
  if (remove) {
    registerDeleteRoute(app, { url: `${spec.base}/delete/:id`, tag: spec.tag, subject: spec.subject, summary: `Delete a ${name} for good; 409 naming what still uses it`, remove: (request, id) => remove(db, actorOf(request), id) });
  } else {
    status('delete', 'inactive', `Deactivate a ${name} (restorable)`);
  }
  if (spec.deleteByBody) {
    app.post(
      `${spec.base}/delete`,
      { preValidation: authorize('delete', spec.subject), schema: { tags, summary: `Deactivate a ${name}, id in the body`, body: z.strictObject({ id: z.number().int().positive() }), response: { 200: one, ...recordErrors } } },
      (request) => setStatus(request, request.body.id, 'inactive'),
    );
  }
}

/** `POST` or `DELETE {url}` (with `:id`): a delete for good, answered 204; `remove` checks and logs it. */
export function registerDeleteRoute(fastify: FastifyInstance, spec: { url: string; tag: string; subject: Subject; summary: string; remove: (request: FastifyRequest, id: number) => Promise<void> }): void {
  fastify.withTypeProvider<ZodTypeProvider>().route({
    method: ['POST', 'DELETE'],
    url: spec.url,
    preValidation: authorize('delete', spec.subject),
    schema: { tags: [spec.tag], summary: spec.summary, params: idParams, response: { 204: z.null(), ...recordErrors } },
    handler: async (request, reply) => {
      await spec.remove(request, request.params.id);
      return reply.status(204).send(null);
    },
  });
}

/** `GET {base}/all`: every record of the entity as `item`s, for pickers. */
export function registerAllRoute<Item>(fastify: FastifyInstance, spec: { base: string; tag: string; subject: Subject; summary: string; item: z.ZodType<Item>; all: () => Promise<Item[]> }): void {
  fastify.withTypeProvider<ZodTypeProvider>().get(
    `${spec.base}/all`,
    { preValidation: authorize('read', spec.subject), schema: { tags: [spec.tag], summary: spec.summary, response: { 200: z.object({ data: z.array(spec.item) }), 401: errorBodySchema, 403: errorBodySchema } } },
    async () => ({ data: await spec.all() }),
  );
}
