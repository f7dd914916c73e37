import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, ne, sql } from 'drizzle-orm';
import {
  changePasswordBodySchema,
  currentUserSchema,
  digestSettingSchema,
  errorBodySchema,
  LOCALE_COOKIE,
  LOCALE_COOKIE_DAYS,
  messageResponseSchema,
  updateProfileBodySchema,
  verifyPasswordBodySchema,
} from '@enamel/contracts';
import { users } from '@enamel/db';
import { actorOf, changes, recordActivity } from '../../core/activity-log.ts';
import { invalid } from '../../core/errors.ts';
import { authenticated, requireUser } from '../../core/guards.ts';
import { requestLocale, translate } from '../../core/i18n.ts';
import { checkNewPassword, hashPassword, verifyPassword } from '../../core/passwords.ts';
import { presentCurrentUser, splitName } from '../users/index.ts';

const errors = { 401: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

export default async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  /** Wrong current passwords count against the account's login throttle. */
  async function checkCurrentPassword(userId: number, email: string, password: string, field: string) {
    const account = `login:account:${email.toLowerCase()}`;
    await deps.throttle.check(account, deps.limits.loginPerAccount);
    const [row] = await deps.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
    if (!row || !(await verifyPassword(row.hash, password))) {
      await deps.throttle.hit(account, deps.limits.loginPerAccount).catch(() => undefined);
      throw invalid(field, 'auth.current_password_wrong');
    }
  }

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/profile',
    preValidation: authenticated(),
    schema: {
      tags: ['profile'],
      summary: 'Update the name, email and language of the signed-in user',
      body: updateProfileBodySchema,
      response: { 200: z.object({ success: z.literal(true), data: currentUserSchema }), ...errors },
    },
    handler: async (request, reply) => {
      const { user } = requireUser(request);
      const { name, email, locale } = request.body;
      const [taken] = await deps.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), ne(users.id, user.id)))
        .limit(1);
      if (taken) throw invalid('email', 'auth.email_taken');
      const values = { ...splitName(name), email, locale };
      const [updated] = await deps.db.update(users).set(values).where(eq(users.id, user.id)).returning();
      await recordActivity(deps.db, actorOf(request), { action: 'update', subject: 'User', subjectId: user.id, ...changes(user, values) });
      void reply.setCookie(LOCALE_COOKIE, locale, {
        path: '/',
        sameSite: 'lax',
        maxAge: LOCALE_COOKIE_DAYS * 86400,
        secure: deps.config.secureCookies,
      });
      return { success: true as const, data: await presentCurrentUser(deps.db, updated!) };
    },
  });

  app.get(
    '/api/profile/digest',
    { preValidation: authenticated(), schema: { tags: ['profile'], summary: 'How often the signed-in user gets the e-mail digest of unread notifications', response: { 200: z.object({ success: z.literal(true), data: digestSettingSchema }), ...errors } } },
    async (request) => {
      const { user } = requireUser(request);
      const [row] = await deps.db.select({ digest: users.digest }).from(users).where(eq(users.id, user.id));
      return { success: true as const, data: { digest: (row?.digest ?? 'off') as 'off' | 'daily' | 'weekly' } };
    },
  );

  app.route({
    method: ['POST', 'PUT', 'PATCH'],
    url: '/api/profile/digest',
    preValidation: authenticated(),
    schema: { tags: ['profile'], summary: 'Choose the e-mail digest: off, daily or weekly; logged', body: digestSettingSchema, response: { 200: z.object({ success: z.literal(true), data: digestSettingSchema }), ...errors } },
    handler: async (request) => {
      const { user } = requireUser(request);
      const { digest } = request.body;
      await deps.db.transaction(async (tx) => {
        const [before] = await tx.select({ digest: users.digest }).from(users).where(eq(users.id, user.id)).for('update');
        // The first digest after switching it on covers what comes from now on.
        await tx.update(users).set({ digest, ...(before?.digest !== digest ? { digestSentAt: new Date() } : {}) }).where(eq(users.id, user.id));
        if (before?.digest !== digest) await recordActivity(tx, actorOf(request), { action: 'update', subject: 'User', subjectId: user.id, before: { digest: before?.digest }, after: { digest } });
      });
      return { success: true as const, data: { digest } };
    },
  });

  app.post(
    '/api/profile/password',
    { preValidation: authenticated(), schema: { tags: ['profile'], summary: 'Change the password (current password required)', body: changePasswordBodySchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      const { user, session } = requireUser(request);
      const body = request.body;
      await checkCurrentPassword(user.id, user.email, body.current_password, 'current_password');
      checkNewPassword(body.password, body.password_confirmation);
      await deps.db.update(users).set({ passwordHash: await hashPassword(body.password) }).where(eq(users.id, user.id));
      // Other devices must sign in again with the new password.
      await deps.sessions.destroyAllForUser(user.id, session?.id);
      await recordActivity(deps.db, actorOf(request), { action: 'password_changed', subject: 'User', subjectId: user.id });
      return { success: true, message: translate(requestLocale(request), 'auth.password_changed') };
    },
  );

  app.post(
    '/api/user/verify-password',
    { preValidation: authenticated(), schema: { tags: ['profile'], summary: "Confirm the signed-in user's password", body: verifyPasswordBodySchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      const { user } = requireUser(request);
      await checkCurrentPassword(user.id, user.email, request.body.password, 'password');
      return { success: true, message: translate(requestLocale(request), 'auth.password_verified') };
    },
  );
}
