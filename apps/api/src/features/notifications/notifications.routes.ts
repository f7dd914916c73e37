import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, count, desc, eq, isNull, or, inArray, type SQL } from 'drizzle-orm';
import { errorBodySchema, notificationsAnswerSchema, type Notification } from '@enamel/contracts';
import { notifications } from '@enamel/db';
import { AppError } from '../../core/errors.ts';
import { abilityFor, authenticated, requireUser } from '../../core/guards.ts';
import { requestLocale, translate, type MessageKey } from '../../core/i18n.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { idParams, recordErrors } from '../../core/route-schemas.ts';

/** The newest notifications shown on the bell. */
export const BELL_SIZE = 50;

/**
 * The signed-in user's notifications: their own, of practices whose stock they may still read, and only those
 * whose condition still holds (a cleared stock alert leaves the bell). Texts are translated per request.
 */
export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;

  async function visible(request: Parameters<typeof abilityFor>[0]): Promise<SQL> {
    const { user } = requireUser(request);
    const scope = practiceScope(await abilityFor(request), 'read', 'Inventory');
    const practices = scope === 'all' ? undefined : or(isNull(notifications.dentalPracticeId), scope.length ? inArray(notifications.dentalPracticeId, scope) : undefined);
    return and(eq(notifications.userId, user.id), isNull(notifications.clearedAt), practices)!;
  }

  app.get(
    '/api/notifications',
    {
      preValidation: authenticated(),
      schema: { tags: ['notifications'], summary: "The signed-in user's notifications (newest 50) and how many are unread", response: { 200: notificationsAnswerSchema, 401: errorBodySchema } },
    },
    async (request) => {
      const where = await visible(request);
      const locale = requestLocale(request);
      const [rows, [unread]] = await Promise.all([
        db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)).limit(BELL_SIZE),
        db.select({ n: count() }).from(notifications).where(and(where, isNull(notifications.readAt))),
      ]);
      const data: Notification[] = rows.map((n) => ({
        id: n.id,
        kind: n.kind,
        dental_practice_id: n.dentalPracticeId,
        title: translate(locale, `alerts.${n.kind}.title` as MessageKey, n.params),
        body: translate(locale, `alerts.${n.kind}.body` as MessageKey, n.params),
        link: n.link,
        created_at: n.createdAt.toISOString(),
        read_at: n.readAt?.toISOString() ?? null,
      }));
      return { data, meta: { unread: Number(unread?.n ?? 0) } };
    },
  );

  const done = z.object({ success: z.literal(true), meta: z.object({ unread: z.number().int() }) });
  const unreadCount = async (where: SQL) => Number((await db.select({ n: count() }).from(notifications).where(and(where, isNull(notifications.readAt))))[0]?.n ?? 0);

  app.post(
    '/api/notifications/read/:id',
    { preValidation: authenticated(), schema: { tags: ['notifications'], summary: 'Mark one of your notifications read', params: idParams, response: { 200: done, ...recordErrors } } },
    async (request) => {
      const where = await visible(request);
      const [marked] = await db.update(notifications).set({ readAt: new Date() }).where(and(where, eq(notifications.id, request.params.id))).returning({ id: notifications.id });
      if (!marked) throw new AppError('not_found');
      return { success: true as const, meta: { unread: await unreadCount(where) } };
    },
  );

  app.post(
    '/api/notifications/read-all',
    { preValidation: authenticated(), schema: { tags: ['notifications'], summary: 'Mark all your notifications read', response: { 200: done, ...recordErrors } } },
    async (request) => {
      const where = await visible(request);
      await db.update(notifications).set({ readAt: new Date() }).where(and(where, isNull(notifications.readAt)));
      return { success: true as const, meta: { unread: 0 } };
    },
  );
}
