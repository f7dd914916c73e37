import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { APP_VERSION } from '../../version.ts';

export default async function healthRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = fastify.deps;

  app.get('/healthz', { schema: { tags: ['health'], summary: 'The process is alive', response: { 200: z.object({ status: z.literal('ok') }) } } }, async () => ({ status: 'ok' as const }));

  app.get(
    '/readyz',
    { schema: { tags: ['health'], summary: 'The database answers', response: { 200: z.object({ status: z.literal('ok'), database: z.string() }), 503: z.object({ status: z.literal('unavailable') }) } } },
    async (_request, reply) => {
      try {
        await db.execute(sql`select 1`);
        return { status: 'ok' as const, database: fastify.deps.config.databaseUrl ? 'postgres' : 'embedded' };
      } catch {
        return reply.status(503).send({ status: 'unavailable' as const });
      }
    },
  );

  app.get('/api/version', { schema: { tags: ['health'], summary: 'Application version', response: { 200: z.object({ version: z.string() }) } } }, async () => ({ version: APP_VERSION }));
}
