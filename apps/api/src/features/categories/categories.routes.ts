import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { categoryBodySchema, categorySchema, errorBodySchema } from '@enamel/contracts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerRecordRoutes } from '../../core/record-routes.ts';
import { categoryList } from './category.list.ts';
import { allCategories, createCategory, findCategory, presentCategory, setCategoryStatus, updateCategory } from './category.service.ts';

const optionSchema = z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable(), path: z.string(), status: z.string() });

export default async function categoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  registerListRoute(app, { list: categoryList, guard: authorize('read', 'Category'), tags: ['categories'], summary: 'Categories with their paths' });
  app.get(
    '/api/category/all',
    { preValidation: authorize('read', 'Category'), schema: { tags: ['categories'], summary: 'Every category with its path, for pickers', response: { 200: z.object({ data: z.array(optionSchema) }), 401: errorBodySchema, 403: errorBodySchema } } },
    async () => ({ data: await allCategories(db) }),
  );
  registerRecordRoutes(app, {
    base: '/api/category',
    tag: 'categories',
    subject: 'Category',
    body: categoryBodySchema,
    record: categorySchema,
    present: presentCategory,
    find: findCategory,
    create: createCategory,
    update: updateCategory,
    setStatus: setCategoryStatus,
  });
}
