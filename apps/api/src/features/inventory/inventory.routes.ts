import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq } from 'drizzle-orm';
import {
  adjustBodySchema, applySuggestionsBodySchema, moveBodySchema, applySuggestionsResultSchema, errorBodySchema, inventoryAddBodySchema, inventoryUpdateBodySchema, receiveBodySchema, transferBodySchema, writeOffBodySchema,
  type Action, inventoryDetailSchema, stockProductSearchSchema } from '@enamel/contracts';
import { inventories, stockMovements } from '@enamel/db';
import { dbOf } from '../../core/idempotency.ts';
import { actorOf } from '../../core/activity-log.ts';
import { invalid } from '../../core/errors.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, recordErrors } from '../../core/route-schemas.ts';
import { applySuggestions } from './apply-suggestions.ts';
import { inventoryList, movementList } from './inventory.list.ts';
import { addInventory, adjustStock, findInventory, inventoryDetail, moveStock, receiveStock, setInventoryStatus, transferStock, updateInventory, writeOffLot } from './inventory.service.ts';
import { searchProductsInPractice } from './inventory-search.ts';

const practiceId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const detailSchema = z.object({ success: z.literal(true), data: inventoryDetailSchema });

export default async function inventoryRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The practice must be one the user may do `action` on Inventory in (404 when they cannot even see it). */
  async function checkPractice(request: FastifyRequest, action: Action, id: number) {
    ensurePracticeAccess(await abilityFor(request), action, 'Inventory', id);
  }
  async function detail(request: FastifyRequest, inventoryId: number) {
    const row = await findInventory(dbOf(request), inventoryId);
    await checkPractice(request, 'read', row.dentalPracticeId);
    return { success: true as const, data: await inventoryDetail(dbOf(request), inventoryId) };
  }

  registerListRoute(app, {
    list: inventoryList,
    guard: authorize('read', 'Inventory'),
    tags: ['inventory'],
    summary: 'Inventory of one practice: on hand, value, nearest expiry, stock status',
    query: { dental_practice_id: practiceId },
    scope: async (request) => {
      await checkPractice(request, 'read', request.query.dental_practice_id);
      return eq(inventories.dentalPracticeId, request.query.dental_practice_id);
    },
  });

  registerListRoute(app, {
    list: movementList,
    guard: authorize('read', 'Inventory'),
    tags: ['inventory'],
    summary: 'The stock ledger of one practice',
    query: { dental_practice_id: practiceId, inventory_id: practiceId.optional() },
    scope: async (request) => {
      await checkPractice(request, 'read', request.query.dental_practice_id);
      return and(eq(stockMovements.dentalPracticeId, request.query.dental_practice_id), request.query.inventory_id ? eq(stockMovements.inventoryId, request.query.inventory_id) : undefined);
    },
  });

  app.get('/api/inventory', { preValidation: authorize('read', 'Inventory'), schema: { tags: ['inventory'], summary: 'One inventory with its lots and movements', querystring: idParams, response: { 200: detailSchema, ...recordErrors } } }, (request) =>
    detail(request, request.query.id),
  );
  app.get('/api/inventory/:id', { preValidation: authorize('read', 'Inventory'), schema: { tags: ['inventory'], summary: 'One inventory with its lots and movements', params: idParams, response: { 200: detailSchema, ...recordErrors } } }, (request) =>
    detail(request, request.params.id),
  );

  app.get(
    '/api/inventory/product/search',
    {
      preValidation: authorize('read', 'Inventory'),
      schema: {
        tags: ['inventory'],
        summary: 'Product search with what the practice has on hand; a scanned GS1 barcode comes back with its lot and expiry',
        querystring: z.object({ dental_practice_id: practiceId, q: z.string().max(200).default(''), limit: z.coerce.number().int().min(1).max(50).default(20) }),
        response: { 200: stockProductSearchSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      await checkPractice(request, 'read', request.query.dental_practice_id);
      return searchProductsInPractice(dbOf(request), request.query.dental_practice_id, request.query.q, request.query.limit);
    },
  );

  app.post(
    '/api/inventory/add',
    { preValidation: authorize('create', 'Inventory'), schema: { tags: ['inventory'], summary: 'Stock a product in a practice (reorder point, par level, location)', body: inventoryAddBodySchema, response: { 201: detailSchema, ...recordErrors } } },
    async (request, reply) => {
      await checkPractice(request, 'create', request.body.dental_practice_id);
      const row = await addInventory(dbOf(request), actorOf(request), request.body);
      return reply.status(201).send({ success: true as const, data: await inventoryDetail(dbOf(request), row.id) });
    },
  );

  async function update(request: FastifyRequest, id: number | undefined, body: z.output<typeof inventoryUpdateBodySchema>) {
    if (!id) throw invalid('id', 'validation.required');
    await checkPractice(request, 'update', (await findInventory(dbOf(request), id)).dentalPracticeId);
    await updateInventory(dbOf(request), actorOf(request), id, body);
    return { success: true as const, data: await inventoryDetail(dbOf(request), id) };
  }
  const updateSchema = { tags: ['inventory'], summary: 'Reorder point, par level, location, status', body: inventoryUpdateBodySchema, response: { 200: detailSchema, ...recordErrors } };
  app.route({ method: ['POST', 'PUT', 'PATCH'], url: '/api/inventory/update', preValidation: authorize('update', 'Inventory'), schema: updateSchema, handler: (request) => update(request, request.body.id, request.body) });
  app.route({ method: ['POST', 'PUT', 'PATCH'], url: '/api/inventory/update/:id', preValidation: authorize('update', 'Inventory'), schema: { ...updateSchema, params: idParams }, handler: (request) => update(request, request.params.id, request.body) });

  app.post(
    '/api/inventory/apply-suggestions',
    {
      preValidation: authorize('update', 'Inventory'),
      schema: {
        tags: ['inventory'],
        summary: 'Apply the forecast\'s suggested levels to one, a selection, or all inventories of a practice: copy them into the typed levels, or switch to forecast mode',
        body: applySuggestionsBodySchema,
        response: { 200: z.object({ success: z.literal(true), data: applySuggestionsResultSchema }), ...recordErrors },
      },
    },
    async (request) => {
      await checkPractice(request, 'update', request.body.dental_practice_id);
      return { success: true as const, data: await applySuggestions(dbOf(request), actorOf(request), request.body) };
    },
  );

  async function status(request: FastifyRequest, id: number, to: 'active' | 'inactive') {
    await checkPractice(request, 'delete', (await findInventory(dbOf(request), id)).dentalPracticeId);
    await setInventoryStatus(dbOf(request), actorOf(request), id, to);
    return { success: true as const, data: await inventoryDetail(dbOf(request), id) };
  }
  const statusSchema = (summary: string) => ({ tags: ['inventory'], summary, params: idParams, response: { 200: detailSchema, ...recordErrors } });
  app.post('/api/inventory/delete', { preValidation: authorize('delete', 'Inventory'), schema: { tags: ['inventory'], summary: 'Deactivate (delete of a status record; restorable)', body: z.strictObject({ id: z.number().int().positive() }), response: { 200: detailSchema, ...recordErrors } } }, (request) =>
    status(request, request.body.id, 'inactive'),
  );
  app.post('/api/inventory/delete/:id', { preValidation: authorize('delete', 'Inventory'), schema: statusSchema('Deactivate (restorable)') }, (request) => status(request, request.params.id, 'inactive'));
  app.post('/api/inventory/restore/:id', { preValidation: authorize('delete', 'Inventory'), schema: statusSchema('Restore a deactivated inventory') }, (request) => status(request, request.params.id, 'active'));

  const stockWrite = <S extends z.ZodType<{ dental_practice_id: number }>>(url: string, summary: string, body: S, run: (request: FastifyRequest, body: z.output<S>) => Promise<number>) =>
    app.post(url, { config: { idempotent: true }, preValidation: authorize('update', 'Inventory'), schema: { tags: ['inventory'], summary, body, response: { 200: detailSchema, ...recordErrors } } }, async (request) => {
      const parsed = request.body as z.output<S>;
      await checkPractice(request, 'update', parsed.dental_practice_id);
      const id = await run(request, parsed);
      return { success: true as const, data: await inventoryDetail(dbOf(request), id) };
    });

  stockWrite('/api/inventory/receive', 'Receive stock into a lot (scan a GS1 barcode to fill product, lot and expiry)', receiveBodySchema, (request, body) => receiveStock(dbOf(request), actorOf(request), body));
  stockWrite('/api/inventory/adjust', 'Count correction of a lot or of the product, with a reason', adjustBodySchema, (request, body) => adjustStock(dbOf(request), actorOf(request), body));
  stockWrite('/api/inventory/transfer', 'Transfer stock to another practice (FEFO out, same lots in)', transferBodySchema, async (request, body) => {
    await checkPractice(request, 'update', body.to_dental_practice_id);
    return transferStock(dbOf(request), actorOf(request), body);
  });
  stockWrite('/api/inventory/move', 'Move part of a lot from one storage location of the practice to another (a pair of move movements; on hand unchanged)', moveBodySchema, (request, body) => moveStock(dbOf(request), actorOf(request), body));
  stockWrite('/api/inventory/write-off', 'Write off an expired or wasted lot', writeOffBodySchema, (request, body) => writeOffLot(dbOf(request), actorOf(request), body));
}
