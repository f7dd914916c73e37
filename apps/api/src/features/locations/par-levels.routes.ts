import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { locationParLevelBodySchema, locationParLevelSchema, restockBodySchema, restockListSchema, restockQuerySchema, restockResultSchema, type Action } from '@enamel/contracts';
import { locationParLevels } from '@enamel/db';
import { dbOf } from '../../core/idempotency.ts';
import { actorOf } from '../../core/activity-log.ts';
import { invalid } from '../../core/errors.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { practiceOfLocation } from './location.service.ts';
import { locationParLevelList } from './par-level.list.ts';
import { findParLevel, parLevelDetail, removeParLevel, setParLevel } from './par-level.service.ts';
import { restockList, restockLocation } from './restock.service.ts';

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/**
 * Par levels per location and the restock list (docs/locations.md#par-levels-and-restocking), under the Inventory
 * rights: read to see them, update to set them and to restock. Every call checks the practice of the location.
 */
export default async function parLevelRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['locations'];

  async function checkPractice(request: FastifyRequest, action: Action, practiceId: number) {
    ensurePracticeAccess(await abilityFor(request), action, 'Inventory', practiceId);
  }

  registerListRoute(app, {
    list: locationParLevelList,
    guard: authorize('read', 'Inventory'),
    tags,
    summary: 'Par levels of one storage location (how much of each product it should hold), with what it holds now',
    query: { location_id: id },
    scope: async (request) => {
      await checkPractice(request, 'read', await practiceOfLocation(dbOf(request), request.query.location_id));
      return eq(locationParLevels.locationId, request.query.location_id);
    },
  });

  app.post(
    '/api/location-par-level/set',
    {
      preValidation: authorize('update', 'Inventory'),
      schema: { tags, summary: 'Set (or replace) the par level of a product at a storage location (usage units, > 0)', body: locationParLevelBodySchema, response: { 200: oneOf(locationParLevelSchema), ...recordErrors } },
    },
    async (request) => {
      const practiceId = await practiceOfLocation(dbOf(request), request.body.location_id);
      await checkPractice(request, 'update', practiceId);
      const parId = await setParLevel(dbOf(request), actorOf(request), practiceId, request.body);
      return { success: true as const, data: await parLevelDetail(dbOf(request), parId) };
    },
  );

  app.route({
    method: ['POST', 'DELETE'],
    url: '/api/location-par-level/delete/:id',
    preValidation: authorize('update', 'Inventory'),
    schema: { tags, summary: 'Remove a par level (answers it as it was)', params: idParams, response: { 200: oneOf(locationParLevelSchema), ...recordErrors } },
    handler: async (request) => {
      await checkPractice(request, 'update', (await findParLevel(dbOf(request), request.params.id)).practiceId);
      return { success: true as const, data: await removeParLevel(dbOf(request), actorOf(request), request.params.id) };
    },
  });

  app.get(
    '/api/restock',
    {
      preValidation: authorize('read', 'Inventory'),
      schema: { tags, summary: 'The restock list: what to bring from the main store to bring each location up to its par levels', querystring: restockQuerySchema, response: { 200: oneOf(restockListSchema), ...recordErrors } },
    },
    async (request) => {
      await checkPractice(request, 'read', request.query.dental_practice_id);
      if (request.query.location_id !== undefined && (await practiceOfLocation(dbOf(request), request.query.location_id).catch(() => null)) !== request.query.dental_practice_id) {
        throw invalid('location_id', 'locations.unknown');
      }
      return { success: true as const, data: await restockList(dbOf(request), request.query.dental_practice_id, request.query.location_id) };
    },
  );

  app.post(
    '/api/restock',
    {
      config: { idempotent: true },
      preValidation: authorize('update', 'Inventory'),
      schema: { tags, summary: 'Restock a location: move these quantities from the main store (its lots earliest expiry first), in one transaction', body: restockBodySchema, response: { 200: oneOf(restockResultSchema), ...recordErrors } },
    },
    async (request) => {
      await checkPractice(request, 'update', request.body.dental_practice_id);
      return { success: true as const, data: await restockLocation(dbOf(request), actorOf(request), request.body) };
    },
  );
}
