import type { FastifyInstance } from 'fastify';
import { brandBodySchema, brandSchema } from '@enamel/contracts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerRecordRoutes } from '../../core/record-routes.ts';
import { brandList } from './brand.list.ts';
import { createBrand, findBrand, presentBrand, setBrandStatus, updateBrand } from './brand.service.ts';

export default async function brandRoutes(app: FastifyInstance) {
  registerListRoute(app, { list: brandList, guard: authorize('read', 'Brand'), tags: ['brands'], summary: 'Brands' });
  registerRecordRoutes(app, {
    base: '/api/brand',
    tag: 'brands',
    subject: 'Brand',
    body: brandBodySchema,
    record: brandSchema,
    deleteByBody: true,
    present: presentBrand,
    find: findBrand,
    create: createBrand,
    update: updateBrand,
    setStatus: setBrandStatus,
  });
}
