import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Subject } from '@enamel/contracts';
import { authorize } from './guards.ts';
import { idParams, oneOf, recordErrors } from './route-schemas.ts';

export interface RecordRoutesSpec<Body, Record> {
  /** `/api/brand`: the notes' singular path of the entity. */
  base: string;
  tag: string;
  subject: Subject;
  body: z.ZodType<Body>;
  record: z.ZodType<Record>;
  find: (request: FastifyRequest, id: number) => Promise<Record>;
  create: (request: FastifyRequest, body: Body) => Promise<Record>;
  update: (request: FastifyRequest, id: number, body: Body) => Promise<Record>;
  setStatus: (request: FastifyRequest, id: number, status: 'active' | 'inactive') => Promise<Record>;
  /** Permanent delete. When absent, the notes' `delete` deactivates (a restorable status change). */
  remove?: (request: FastifyRequest, id: number) => Promise<void>;
  /** The notes' brand delete carries the id in the body: accept `POST {base}/delete` with `{ id }` too. */
  deleteByBody?: boolean;
}

/**
 * The write and detail routes every catalog entity shares: `GET {base}/{id}`, `create`, `update/{id}`
 * (POST, PUT, PATCH), `delete/{id}` (deactivate, or permanent with `remove`), `deactivate/{id}`, `restore/{id}`.
 * Handlers stay thin; the spec's functions do the work.
 */
export function registerRecordRoutes<Body, Record>(fastify: FastifyInstance, spec: RecordRoutesSpec<Body, Record>): void {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = oneOf(spec.record);
  const tags = [spec.tag];
  const name = spec.subject;

  app.get(`${spec.base}/:id`, { preValidation: authorize('read', spec.subject), schema: { tags, summary: `One ${name}`, params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => ({
    success: true as const,
    data: await spec.find(request, request.params.id),
  }));

  app.post(
    `${spec.base}/create`,
    { preValidation: authorize('create', spec.subject), schema: { tags, summary: `Create a ${name}`, body: spec.body, response: { 201: one, ...recordErrors } } },
    async (request, reply) => reply.status(201).send({ success: true as const, data: await spec.create(request, request.body as Body) }),
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: `${spec.base}/update/:id`,
    preValidation: authorize('update', spec.subject),
    schema: { tags, summary: `Update a ${name}`, params: idParams, body: spec.body, response: { 200: one, ...recordErrors } },
    handler: async (request) => ({ success: true as const, data: await spec.update(request, request.params.id, request.body as Body) }),
  });

  const status = (verb: string, to: 'active' | 'inactive', summary: string) =>
    app.post(`${spec.base}/${verb}/:id`, { preValidation: authorize('delete', spec.subject), schema: { tags, summary, params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => ({
      success: true as const,
      data: await spec.setStatus(request, request.params.id, to),
    }));
  status('deactivate', 'inactive', `Deactivate a ${name} (restorable); 409 while active records still use it`);
  status('restore', 'active', `Restore a deactivated ${name}`);

  const remove = spec.remove;
  if (remove) {
    app.route({
      method: ['POST', 'DELETE'],
      url: `${spec.base}/delete/:id`,
      preValidation: authorize('delete', spec.subject),
      schema: { tags, summary: `Delete a ${name} for good; 409 naming what still uses it`, params: idParams, response: { 204: z.null(), ...recordErrors } },
      handler: async (request, reply) => {
        await remove(request, request.params.id);
        return reply.status(204).send(null);
      },
    });
  } else {
    status('delete', 'inactive', `Deactivate a ${name} (the notes' delete; restorable)`);
  }
  if (spec.deleteByBody) {
    app.post(
      `${spec.base}/delete`,
      { preValidation: authorize('delete', spec.subject), schema: { tags, summary: `Deactivate a ${name}, id in the body`, body: z.strictObject({ id: z.number().int().positive() }), response: { 200: one, ...recordErrors } } },
      async (request) => ({ success: true as const, data: await spec.setStatus(request, request.body.id, 'inactive') }),
    );
  }
}
