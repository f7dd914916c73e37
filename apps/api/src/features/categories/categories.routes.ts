import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { categoryBodySchema, categorySchema } from '@enamel/contracts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerAllRoute, registerRecordRoutes } from '../../core/record-routes.ts';
import { categoryList } from './category.list.ts';
import { allCategories, createCategory, findCategory, presentCategory, setCategoryStatus, updateCategory } from './category.service.ts';

const optionSchema = z.object({ id: z.number().int(), name: z.string(), parent_id: z.number().int().nullable(), path: z.string(), status: z.string() });

export default async function categoryRoutes(app: FastifyInstance) {
  registerListRoute(app, { list: categoryList, guard: authorize('read', 'Category'), tags: ['categories'], summary: 'Categories with their paths' });
  registerAllRoute(app, { base: '/api/category', tag: 'categories', subject: 'Category', summary: 'Every category with its path, for pickers', item: optionSchema, all: () => allCategories(app.deps.db) });
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
