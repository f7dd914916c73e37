import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq, sql } from 'drizzle-orm';
import {
  acceptTransferBodySchema, expiryWasteQuerySchema, expiryWasteSchema, orderSuggestionReasoningSchema, replacedStockSchema, replenishmentQuerySchema, transferSuggestionsSchema,
  calendarDaySchema, idSchema,
} from '@enamel/contracts';
import { inventories } from '@enamel/db';
import { dbOf } from '../../core/idempotency.ts';
import { actorOf } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { registerListRoute } from '../../core/list-route.ts';
import { ensurePracticeAccess, practiceScope } from '../../core/practice-scope.ts';
import { idParams, recordErrors } from '../../core/route-schemas.ts';
import { transferStock } from '../inventory/index.ts';
import { practiceContext } from '../practice-context/index.ts';
import { loadCandidates, neededSuggestions, suggest } from './candidates.ts';
import { expiryWaste } from './expiry-waste.ts';
import { orderSuggestionList, suggestionRow } from './order-suggestions.list.ts';
import { reasoningOf } from './reasoning.ts';
import { replacedStock } from './replaced-stock.ts';
import { transferSuggestions } from './transfers.ts';

const tags = ['replenishment'];
const practiceId = z.coerce.number().pipe(idSchema);

/**
 * Order suggestions, their reasoning, transfers before purchases and expiry waste ahead, per practice as of its
 * forecast date (the stored run of that date). Reading needs `read Inventory` in the practice; accepting a transfer
 * needs `update Inventory` in both practices, as the stock transfer it makes.
 */
export default async function replenishmentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  async function readable(request: FastifyRequest, query: { dental_practice_id: number; forecast_date?: string | undefined }) {
    ensurePracticeAccess(await abilityFor(request), 'read', 'Inventory', query.dental_practice_id);
    return practiceContext(db, query);
  }

  registerListRoute(app, {
    list: orderSuggestionList.list,
    guard: authorize('read', 'Inventory'),
    tags,
    summary: 'What one practice should order as of its forecast date: net of on hand and on order, in whole packs of the chosen offer',
    query: { dental_practice_id: practiceId, forecast_date: calendarDaySchema.optional() },
    source: async (request) => {
      const ctx = await readable(request, request.query);
      return orderSuggestionList.withRows((await neededSuggestions(ctx)).map((s) => suggestionRow(s, ctx.date)));
    },
  });

  app.get(
    '/api/replenishment/order-suggestions/:id/reasoning',
    {
      preValidation: authorize('read', 'Inventory'),
      schema: {
        tags,
        summary: 'Why an inventory is (or is not) suggested for ordering: its levels, position, forecast figures and the arithmetic in steps',
        params: idParams,
        querystring: z.object({ dental_practice_id: practiceId.optional(), forecast_date: calendarDaySchema.optional() }),
        response: { 200: z.object({ success: z.literal(true), data: orderSuggestionReasoningSchema }), ...recordErrors },
      },
    },
    async (request) => {
      const [inventory] = await db.select({ practiceId: inventories.dentalPracticeId }).from(inventories).where(eq(inventories.id, request.params.id));
      if (!inventory || (request.query.dental_practice_id !== undefined && request.query.dental_practice_id !== inventory.practiceId)) throw new AppError('not_found');
      const ctx = await readable(request, { dental_practice_id: inventory.practiceId, forecast_date: request.query.forecast_date });
      // An inactive inventory (or product) has no suggestion to explain.
      const [candidate] = await loadCandidates(ctx, sql`i.id = ${request.params.id}`);
      if (!candidate) throw new AppError('not_found');
      return { success: true as const, data: reasoningOf(ctx, suggest(ctx, candidate)) };
    },
  );

  app.get(
    '/api/replenishment/transfer-suggestions',
    {
      preValidation: authorize('read', 'Inventory'),
      schema: {
        tags,
        summary: 'Transfers before purchases: other practices of the organisation holding stock they can spare (or would waste) for what this practice needs',
        querystring: replenishmentQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: transferSuggestionsSchema }), ...recordErrors },
      },
    },
    async (request) => {
      const ctx = await readable(request, request.query);
      const scope = practiceScope(await abilityFor(request), 'update', 'Inventory');
      const data = await transferSuggestions(ctx, await neededSuggestions(ctx), scope);
      return { success: true as const, data: { forecast_date: ctx.date, data } };
    },
  );

  app.post(
    '/api/replenishment/transfer-suggestions/accept',
    {
      config: { idempotent: true },
      preValidation: authorize('update', 'Inventory'),
      schema: {
        tags,
        summary: 'Make a suggested transfer: the stock transfer from one practice to the other (FEFO out, same lots in)',
        body: acceptTransferBodySchema,
        response: { 200: z.object({ success: z.literal(true), data: z.object({ inventory_id: z.number().int() }) }), ...recordErrors },
      },
    },
    async (request) => {
      const body = request.body;
      const ability = await abilityFor(request);
      ensurePracticeAccess(ability, 'update', 'Inventory', body.to_practice_id);
      ensurePracticeAccess(ability, 'update', 'Inventory', body.from_practice_id);
      const inventoryId = await transferStock(dbOf(request), actorOf(request), {
        dental_practice_id: body.from_practice_id,
        to_dental_practice_id: body.to_practice_id,
        product_id: body.product_id,
        quantity: body.quantity,
        reason: null,
      });
      return { success: true as const, data: { inventory_id: inventoryId } };
    },
  );

  app.get(
    '/api/replenishment/expiry-waste',
    {
      preValidation: authorize('read', 'Inventory'),
      schema: {
        tags,
        summary: 'Stock expected to expire unused within `days` (FEFO at forecast usage), per lot, valued in the practice currency',
        querystring: expiryWasteQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: expiryWasteSchema }), ...recordErrors },
      },
    },
    async (request) => {
      const ctx = await readable(request, request.query);
      return { success: true as const, data: await expiryWaste(ctx, request.query.days) };
    },
  );

  app.get(
    '/api/replenishment/replaced-stock',
    {
      preValidation: authorize('read', 'Inventory'),
      schema: {
        tags,
        summary: 'Replaced products with usable stock: what it counts as in the successor\'s order suggestion, and what of it is expected to expire unused',
        querystring: replenishmentQuerySchema,
        response: { 200: z.object({ success: z.literal(true), data: replacedStockSchema }), ...recordErrors },
      },
    },
    async (request) => {
      const ctx = await readable(request, request.query);
      return { success: true as const, data: await replacedStock(ctx) };
    },
  );
}
