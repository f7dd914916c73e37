import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UNITS, errorBodySchema, productBodySchema, productSchema, productSearchSchema } from '@enamel/contracts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerAllRoute, registerRecordRoutes } from '../../core/record-routes.ts';
import { productList } from './product.list.ts';
import { allActiveProducts, createProduct, deleteProduct, findProduct, presentProduct, searchProducts, setProductStatus, updateProduct } from './product.service.ts';

const searchQuery = z.object({ q: z.string().max(200).default(''), limit: z.coerce.number().int().min(1).max(50).default(20) });
const readErrors = { 401: errorBodySchema, 403: errorBodySchema, 422: errorBodySchema };

export default async function productRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  registerListRoute(app, { list: productList, guard: authorize('read', 'Product'), tags: ['products'], summary: 'Products' });
  app.get(
    '/api/product/search',
    {
      preValidation: authorize('read', 'Product'),
      schema: {
        tags: ['products'],
        summary: 'As-you-type product search for pickers: name, SKU, GTIN, brand, or a scanned GS1 barcode (its lot and expiry come back in `barcode`)',
        querystring: searchQuery,
        response: { 200: productSearchSchema, ...readErrors },
      },
    },
    async (request) => searchProducts(db, request.query.q, request.query.limit),
  );
  registerAllRoute(app, {
    base: '/api/product',
    tag: 'products',
    subject: 'Product',
    summary: 'Active products by name',
    item: z.object({ id: z.number().int(), name: z.string(), sku: z.string(), usage_unit: z.string(), unit_cost: z.string() }),
    all: () => allActiveProducts(db),
  });
  app.get(
    '/api/product/unit-measurement',
    { preValidation: authorize('read', 'Product'), schema: { tags: ['products'], summary: 'Units a product is used or bought in', response: { 200: z.object({ data: z.array(z.enum(UNITS)) }), ...readErrors } } },
    async () => ({ data: [...UNITS] }),
  );
  registerRecordRoutes(app, {
    base: '/api/product',
    tag: 'products',
    subject: 'Product',
    body: productBodySchema,
    record: productSchema,
    present: presentProduct,
    find: findProduct,
    create: createProduct,
    update: updateProduct,
    setStatus: setProductStatus,
    remove: deleteProduct,
  });
}
