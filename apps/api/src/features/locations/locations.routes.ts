import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { storageLocationBodySchema, storageLocationSchema, type Action } from '@enamel/contracts';
import { storageLocations } from '@enamel/db';
import { actorOf } from '../../core/activity-log.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { storageLocationList } from './location.list.ts';
import { createStorageLocation, practiceOfLocation, setStorageLocationStatus, storageLocationDetail, updateStorageLocation } from './location.service.ts';

const practiceId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Storage locations of a practice (docs/locations.md). They are part of the practice's stock, so the Inventory
 * rights govern them: read to see them, update to create and change them, delete to deactivate and restore; every
 * call checks the practice of the record (tenant isolation).
 */
export default async function locationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['locations'];
  const one = oneOf(storageLocationSchema);

  async function checkPractice(request: FastifyRequest, action: Action, id: number) {
    ensurePracticeAccess(await abilityFor(request), action, 'Inventory', id);
  }
  const present = async (id: number) => ({ success: true as const, data: await storageLocationDetail(db, id) });

  registerListRoute(app, {
    list: storageLocationList,
    guard: authorize('read', 'Inventory'),
    tags,
    summary: 'Storage locations of one practice (store room, operatories, sterilisation room)',
    query: { dental_practice_id: practiceId },
    scope: async (request) => {
      await checkPractice(request, 'read', request.query.dental_practice_id);
      return eq(storageLocations.dentalPracticeId, request.query.dental_practice_id);
    },
  });

  app.get('/api/storage-location/:id', { preValidation: authorize('read', 'Inventory'), schema: { tags, summary: 'One storage location', params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => {
    await checkPractice(request, 'read', await practiceOfLocation(db, request.params.id));
    return present(request.params.id);
  });

  app.post(
    '/api/storage-location/create',
    { preValidation: authorize('update', 'Inventory'), schema: { tags, summary: 'Create a storage location in a practice', body: storageLocationBodySchema, response: { 201: one, ...recordErrors } } },
    async (request, reply) => {
      await checkPractice(request, 'update', request.body.dental_practice_id);
      return reply.status(201).send(await present(await createStorageLocation(db, actorOf(request), request.body)));
    },
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/storage-location/update/:id',
    preValidation: authorize('update', 'Inventory'),
    schema: { tags, summary: 'Update a storage location (the whole record); is_main moves the main store here', params: idParams, body: storageLocationBodySchema, response: { 200: one, ...recordErrors } },
    handler: async (request) => {
      await checkPractice(request, 'update', await practiceOfLocation(db, request.params.id));
      return present(await updateStorageLocation(db, actorOf(request), request.params.id, request.body));
    },
  });

  const status = (verb: string, to: 'active' | 'inactive', summary: string) =>
    app.post(`/api/storage-location/${verb}/:id`, { preValidation: authorize('delete', 'Inventory'), schema: { tags, summary, params: idParams, response: { 200: one, ...recordErrors } } }, async (request) => {
      await checkPractice(request, 'delete', await practiceOfLocation(db, request.params.id));
      return present(await setStorageLocationStatus(db, actorOf(request), request.params.id, to));
    });
  status('deactivate', 'inactive', 'Deactivate a storage location (restorable); 409 for the main store or while it holds stock');
  status('delete', 'inactive', 'Deactivate a storage location (restorable); 409 for the main store or while it holds stock');
  status('restore', 'active', 'Restore a deactivated storage location');
}
