import type { FastifyInstance } from 'fastify';
import { brandBodySchema, brandSchema } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerRecordRoutes } from '../../core/record-routes.ts';
import { brandList } from './brand.list.ts';
import { createBrand, findBrand, presentBrand, setBrandStatus, updateBrand } from './brand.service.ts';

export default async function brandRoutes(app: FastifyInstance) {
  const { db } = app.deps;
  registerListRoute(app, { list: brandList, guard: authorize('read', 'Brand'), tags: ['brands'], summary: 'Brands' });
  registerRecordRoutes(app, {
    base: '/api/brand',
    tag: 'brands',
    subject: 'Brand',
    body: brandBodySchema,
    record: brandSchema,
    deleteByBody: true,
    find: async (_request, id) => presentBrand(db, await findBrand(db, id)),
    create: async (request, body) => presentBrand(db, await createBrand(db, actorOf(request), body)),
    update: async (request, id, body) => presentBrand(db, await updateBrand(db, actorOf(request), id, body)),
    setStatus: async (request, id, status) => presentBrand(db, await setBrandStatus(db, actorOf(request), id, status)),
  });
}
