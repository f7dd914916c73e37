import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '@enamel/contracts';
import { authenticated } from '../../core/guards.ts';

const notificationSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  created_at: z.string(),
  read_at: z.string().nullable(),
});

/** In-app notifications. Stock alerts (a later issue) fill this list; until then it is empty. */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/notifications',
    {
      preValidation: authenticated(),
      schema: {
        tags: ['notifications'],
        summary: "The signed-in user's notifications",
        response: { 200: z.object({ data: z.array(notificationSchema), meta: z.object({ unread: z.number().int() }) }), 401: errorBodySchema },
      },
    },
    async () => ({ data: [], meta: { unread: 0 } }),
  );
}
