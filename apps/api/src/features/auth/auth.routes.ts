import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eq } from 'drizzle-orm';
import {
  abilityRuleSchema,
  errorBodySchema,
  forgotPasswordBodySchema,
  getUserResponseSchema,
  loginBodySchema,
  messageResponseSchema,
  resetPasswordBodySchema,
  currentUserSchema,
} from '@enamel/contracts';
import { users } from '@enamel/db';
import type { AbilityRule } from '@enamel/contracts';
import { loadRules } from '../../core/abilities.ts';
import { actorOf, recordActivity } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import { clearSessionCookie, setSessionCookie, setXsrfCookie } from '../../core/cookies.ts';
import { mintXsrfToken } from '../../core/csrf.ts';
import { requireUser } from '../../core/guards.ts';
import { requestLocale, translate } from '../../core/i18n.ts';
import { currentUserOf, presentCurrentUser, userRoleNames } from '../users/index.ts';
import { checkCredentials } from './auth.service.ts';
import { requestResetLink, resetPassword } from './password-reset.service.ts';

const errors = { 401: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema, 429: errorBodySchema };

export default async function authRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { deps } = fastify;

  app.get('/api/csrf-cookie', { schema: { tags: ['auth'], summary: 'Refresh the XSRF-TOKEN cookie', response: { 204: z.null() } } }, async (request, reply) => {
    setXsrfCookie(reply, deps.config, mintXsrfToken(deps.config.sessionSecret, request.session?.id ?? null), request.session?.remember ?? false);
    return reply.status(204).send(null);
  });

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in (starts a new session)',
        body: loginBodySchema,
        response: { 200: z.object({ success: z.literal(true), message: z.string(), data: currentUserSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      let user;
      try {
        user = await checkCredentials(deps, email, password, request.ip);
      } catch (err) {
        if (err instanceof AppError) await recordActivity(deps.db, actorOf(request, email.slice(0, 254)), { action: 'login_failed', subject: 'User' });
        throw err;
      }
      if (request.session) await deps.sessions.destroy(request.session.id);
      const { token, session } = await deps.sessions.create(user.id, remember, { ip: request.ip, userAgent: request.headers['user-agent'] });
      await deps.db.update(users).set({ lastLoginAt: new Date() }).where(eq(users.id, user.id));
      request.session = session;
      request.user = user;
      setSessionCookie(reply, deps.config, token, remember);
      setXsrfCookie(reply, deps.config, mintXsrfToken(deps.config.sessionSecret, session.id), remember);
      await recordActivity(deps.db, actorOf(request), { action: 'login', subject: 'User', subjectId: user.id });
      return {
        success: true as const,
        message: translate(requestLocale(request), 'auth.login_success'),
        data: await presentCurrentUser(deps.db, user),
      };
    },
  );

  app.post('/logout', { schema: { tags: ['auth'], summary: 'Sign out', response: { 204: z.null(), 419: errorBodySchema } } }, async (request, reply) => {
    if (request.session) {
      await deps.sessions.destroy(request.session.id);
      await recordActivity(deps.db, actorOf(request), { action: 'logout', subject: 'User', subjectId: request.session.userId });
    }
    request.session = null;
    request.user = null;
    clearSessionCookie(reply, deps.config);
    setXsrfCookie(reply, deps.config, mintXsrfToken(deps.config.sessionSecret, null), false);
    return reply.status(204).send(null);
  });

  app.get('/api/user', { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: getUserResponseSchema, 401: errorBodySchema } } }, async (request) => {
    const { user } = requireUser(request);
    const roleNames = await deps.auth.roleNames(user.id, () => userRoleNames(deps.db, user.id));
    return { success: true as const, data: currentUserOf(user, roleNames) };
  });

  app.get(
    '/api/abilities',
    { schema: { tags: ['auth'], summary: 'The CASL rules of the signed-in user', response: { 200: z.array(abilityRuleSchema), 401: errorBodySchema } } },
    async (request) => {
      const { user } = requireUser(request);
      // With an API token: the token's own rules (its role in its practices, within its creator's rights).
      if (request.apiToken && request.ability) return request.ability.rules as AbilityRule[];
      return deps.auth.rules(user.id, () => loadRules(deps.db, user.id));
    },
  );

  app.post(
    '/api/forget-password',
    { schema: { tags: ['auth'], summary: 'Mail a password reset link', body: forgotPasswordBodySchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      const locale = requestLocale(request);
      await requestResetLink(deps, { email: request.body.email, ip: request.ip, locale });
      return { success: true, message: translate(locale, 'auth.reset_link_sent') };
    },
  );

  app.post(
    '/api/reset-password',
    { schema: { tags: ['auth'], summary: 'Set a new password from a reset link', body: resetPasswordBodySchema, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      const userId = await resetPassword(deps, request.body);
      await recordActivity(deps.db, { ...actorOf(request, request.body.email), userId }, { action: 'password_reset', subject: 'User', subjectId: userId });
      return { success: true, message: translate(requestLocale(request), 'auth.password_changed') };
    },
  );
}
