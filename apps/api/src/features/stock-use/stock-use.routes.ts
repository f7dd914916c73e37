import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { stockUseBodySchema, stockUseResultSchema } from '@enamel/contracts';
import { dbOf } from '../../core/idempotency.ts';
import { actorOf } from '../../core/activity-log.ts';
import { abilityFor, authorize } from '../../core/guards.ts';
import { requestLocale } from '../../core/i18n.ts';
import { ensurePracticeAccess } from '../../core/practice-scope.ts';
import { recordErrors } from '../../core/route-schemas.ts';
import { useStock } from './stock-use.service.ts';

export default async function stockUseRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/stock/use',
    {
      config: { idempotent: true },
      preValidation: authorize('update', 'Inventory'),
      schema: {
        tags: ['inventory'],
        summary: 'Supplies used outside a procedure (gloves, disinfectant…): a consume movement, FEFO across the lots, counted as consumption',
        body: stockUseBodySchema,
        response: { 200: z.object({ success: z.literal(true), data: stockUseResultSchema }), ...recordErrors },
      },
    },
    async (request) => {
      ensurePracticeAccess(await abilityFor(request), 'update', 'Inventory', request.body.dental_practice_id);
      return { success: true as const, data: await useStock(dbOf(request), actorOf(request), requestLocale(request), request.body) };
    },
  );
}
