import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@enamel/contracts';
import { actorOf } from '../../core/activity-log.ts';
import { authorize } from '../../core/guards.ts';
import { forecastDemoPractices } from './demo-forecasts.ts';
import { seedDemoData, type DemoSummary, type Tally } from './seeder.service.ts';

const tallySchema = z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() });
const summarySchema = z.object({
  brands: tallySchema,
  categories: tallySchema,
  products: tallySchema,
  procedure_codes: tallySchema,
  templates: tallySchema,
  practices: tallySchema,
  inventories: tallySchema,
  lots: tallySchema,
  procedures: tallySchema,
  movements: tallySchema,
  suppliers: tallySchema,
  supplier_offers: tallySchema,
  purchase_orders: tallySchema,
});
/** Optional: a shorter or thinner procedure history (a quick demo); by default 18 months at the practices' own volumes. */
const optionsSchema = z
  .object({ months: z.number().int().min(1).max(24).optional(), volume: z.number().min(0.01).max(2).optional() })
  .strict()
  .nullish();
const tally = (t: Tally) => ({ created: t.created, updated: t.updated, unchanged: t.unchanged });

export function presentSummary(s: DemoSummary): z.infer<typeof summarySchema> {
  return { brands: tally(s.brands), categories: tally(s.categories), products: tally(s.products), procedure_codes: tally(s.procedureCodes), templates: tally(s.templates),
    practices: tally(s.practices), inventories: tally(s.inventories), lots: tally(s.lots), procedures: tally(s.procedures), movements: tally(s.movements),
    suppliers: tally(s.suppliers), supplier_offers: tally(s.supplierOffers), purchase_orders: tally(s.purchaseOrders),
  };
}

/** Demo data (docs/product-rules.md#demo-data): Super Admin only; also `npm run seed`. */
export default async function seederRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;
  app.post(
    '/api/seeder/data',
    {
      preValidation: authorize('manage', 'all'),
      schema: {
        tags: ['seeder'],
        summary: 'Fill the installation with demo data (idempotent: seeding again creates nothing new), then forecast each demo practice as of today',
        body: optionsSchema,
        response: { 200: z.object({ success: z.literal(true), data: summarySchema }), 401: errorBodySchema, 403: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const summary = await seedDemoData(db, actor, { months: request.body?.months, volume: request.body?.volume });
      // The dashboard reads stored forecasts: the demo practices get one for today.
      await forecastDemoPractices(db, actor.userId);
      return { success: true as const, data: presentSummary(summary) };
    },
  );
}
