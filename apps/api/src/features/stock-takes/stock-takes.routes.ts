import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import { type Action, stockTakeAnswerSchema, stockTakeCancelBodySchema, stockTakeCountBodySchema, stockTakeLineReviewBodySchema, stockTakeStartBodySchema } from '@enamel/contracts';
import { stockTakes } from '@enamel/db';
import { dbOf } from '../../core/idempotency.ts';
import { actorOf } from '../../core/activity-log.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { readerScope, registerListRoute } from '../../core/list-route.ts';
import { canInPractice, ensurePracticeAccess } from '../../core/practice-scope.ts';
import { idParams, recordErrors } from '../../core/route-schemas.ts';
import { stockTakeList } from './stock-take.list.ts';
import { approveTake, cancelTake, findTake, recordCount, reviewLine, startTake, takeDetail } from './stock-take.service.ts';

const practiceId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const tags = ['stock-takes'];

export default async function stockTakeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** The stock take, checked against the reader's practices (404 for another practice's, 403 without the action there). */
  async function takeFor(request: FastifyRequest, action: Action, id: number) {
    const take = await findTake(dbOf(request), id);
    ensurePracticeAccess(await abilityFor(request), action, 'StockTake', take.dentalPracticeId);
    return take;
  }
  /** The detail as this reader may see it: expected quantities and variances only for those who may approve (review). */
  const answer = async (request: FastifyRequest, id: number) => {
    const take = await findTake(dbOf(request), id);
    const mayReview = canInPractice(await abilityFor(request), 'approve', 'StockTake', take.dentalPracticeId);
    return { success: true as const, data: await takeDetail(dbOf(request), id, mayReview) };
  };

  registerListRoute(app, {
    list: stockTakeList,
    guard: authorize('read', 'StockTake'),
    tags,
    summary: 'Stock takes of the reader’s practices, open and past (kind, status, lines counted, value of the variances once approved)',
    query: { dental_practice_id: practiceId.optional() },
    scope: async (request) => {
      const practice = request.query.dental_practice_id;
      if (practice !== undefined) {
        ensurePracticeAccess(await abilityFor(request), 'read', 'StockTake', practice);
        return eq(stockTakes.dentalPracticeId, practice);
      }
      return readerScope(stockTakes.dentalPracticeId, 'read', 'StockTake')(request);
    },
  });

  app.get(
    '/api/stock-takes/:id',
    { preValidation: authorize('read', 'StockTake'), schema: { tags, summary: 'One stock take: lines, counts, and (for reviewers, or once closed) expected quantities, variances and the report', params: idParams, response: { 200: stockTakeAnswerSchema, ...recordErrors } } },
    async (request) => {
      await takeFor(request, 'read', request.params.id);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/api/stock-takes',
    { preValidation: authorize('create', 'StockTake'), schema: { tags, summary: 'Start a stock take (all products, one category, a cycle count, or one location): records what the ledger holds now', body: stockTakeStartBodySchema, response: { 201: stockTakeAnswerSchema, ...recordErrors } } },
    async (request, reply) => {
      ensurePracticeAccess(await abilityFor(request), 'create', 'StockTake', request.body.dental_practice_id);
      const id = await startTake(dbOf(request), actorOf(request), request.body);
      return reply.status(201).send(await answer(request, id));
    },
  );

  app.post(
    '/api/stock-takes/:id/counts',
    { preValidation: authorize('update', 'StockTake'), schema: { tags, summary: 'Record one count of a product of an open stock take (usage units, ≥ 0); several people may count at once', params: idParams, body: stockTakeCountBodySchema, response: { 200: stockTakeAnswerSchema, ...recordErrors } } },
    async (request) => {
      await takeFor(request, 'update', request.params.id);
      await recordCount(dbOf(request), actorOf(request), request.params.id, request.body);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/api/stock-takes/:id/lines/:lineId',
    {
      preValidation: authorize('approve', 'StockTake'),
      schema: { tags, summary: 'Review a line: the count that stands (when counted twice) and the reason of its variance', params: idParams.extend({ lineId: idParams.shape.id }), body: stockTakeLineReviewBodySchema, response: { 200: stockTakeAnswerSchema, ...recordErrors } },
    },
    async (request) => {
      await takeFor(request, 'approve', request.params.id);
      await reviewLine(dbOf(request), actorOf(request), request.params.id, request.params.lineId, request.body);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/api/stock-takes/:id/approve',
    { config: { idempotent: true }, preValidation: authorize('approve', 'StockTake'), schema: { tags, summary: 'Approve: one adjust movement per non-zero variance, in one transaction (above the threshold, not by who started or counted it)', params: idParams, response: { 200: stockTakeAnswerSchema, ...recordErrors } } },
    async (request) => {
      await takeFor(request, 'approve', request.params.id);
      await approveTake(dbOf(request), actorOf(request), request.params.id);
      return answer(request, request.params.id);
    },
  );

  app.post(
    '/api/stock-takes/:id/cancel',
    { preValidation: authorize('cancel', 'StockTake'), schema: { tags, summary: 'Cancel an open stock take with the reason: nothing is adjusted', params: idParams, body: stockTakeCancelBodySchema, response: { 200: stockTakeAnswerSchema, ...recordErrors } } },
    async (request) => {
      await takeFor(request, 'cancel', request.params.id);
      await cancelTake(dbOf(request), actorOf(request), request.params.id, request.body.reason);
      return answer(request, request.params.id);
    },
  );
}
