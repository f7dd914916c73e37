import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UNITS, errorBodySchema, productBodySchema, productDetailSchema, productSearchSchema, productSuccessionBodySchema, templateSwitchResultSchema } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
import { idParams, oneOf, recordErrors } from '../../core/route-schemas.ts';
import { authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { registerAllRoute, registerRecordRoutes } from '../../core/record-routes.ts';
import { productList } from './product.list.ts';
import { allActiveProducts, createProduct, deleteProduct, findProduct, presentProduct, searchProducts, setProductStatus, setProductSuccession, updateProduct } from './product.service.ts';
import { switchTemplatesToSuccessor } from './product.succession.ts';

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
    record: productDetailSchema,
    present: presentProduct,
    find: findProduct,
    create: createProduct,
    update: updateProduct,
    setStatus: setProductStatus,
    remove: deleteProduct,
  });
  // Succession (docs/product-rules.md#succession): "Replace with…" on the list, and the switch of the templates that name the old product.
  app.route({
    method: ['PUT', 'POST'],
    url: '/api/product/:id/successor',
    preValidation: authorize('update', 'Product'),
    schema: {
      tags: ['products'],
      summary: 'Name the product that replaces this one, from a day (default today), with a conversion factor (default 1: one usage unit of this product equals factor usage units of the successor); a null successor clears it. 422 for the product itself, a cycle, an inactive successor, a factor of 0 or below',
      params: idParams,
      body: productSuccessionBodySchema,
      response: { 200: oneOf(productDetailSchema), ...recordErrors },
    },
    handler: async (request) => ({ success: true as const, data: await presentProduct(db, await setProductSuccession(db, actorOf(request), request.params.id, request.body)) }),
  });
  app.post(
    '/api/product/:id/switch-templates',
    {
      preValidation: authorize('update', 'ProcedureTemplate'),
      schema: {
        tags: ['products'],
        summary: "Every procedure template naming this product switches to its successor (quantities converted by the factor), in one transaction, logged per template; 422 without an active successor",
        params: idParams,
        response: { 200: oneOf(templateSwitchResultSchema), ...recordErrors },
      },
    },
    async (request) => ({ success: true as const, data: await switchTemplatesToSuccessor(db, actorOf(request), request.params.id) }),
  );
}
