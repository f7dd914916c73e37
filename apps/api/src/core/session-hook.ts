import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './sessions.ts';
import { clearSessionCookie } from './cookies.ts';
import { AppError } from './errors.ts';
import { bearerOf, resolveApiToken } from './api-token-auth.ts';

/**
 * Routes an API token may never call (403): signing in and out, passwords, the creator's own profile (its email is
 * where a password reset goes: a token that could change it could take the account over, whatever its role) and
 * the tokens themselves. A token acts for an integration; it must not mint more tokens nor touch its creator's
 * account.
 */
const TOKEN_REFUSED = new Set(['/login', '/logout', '/api/forget-password', '/api/reset-password', '/api/user/verify-password']);
export function refusesApiToken(path: string): boolean {
  return TOKEN_REFUSED.has(path) || path.startsWith('/api/api-token') || path === '/api/profile' || path.startsWith('/api/profile/');
}

/**
 * The path a request is judged by: the pattern of the route it matched (`/login`,
 * `/api/user/update/:id`), so `/%6Cogin` is `/login` here as it is to the router; a request
 * that matched no route is judged by its decoded path.
 */
export function routePath(request: FastifyRequest): string {
  const matched = request.routeOptions.url;
  if (matched) return matched;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** Requests that carry the session: the API and /login and /logout (docs/client-contract.md#paths). Static files do not. */
export function isApiRequest(request: FastifyRequest): boolean {
  const path = routePath(request);
  return path.startsWith('/api/') || path === '/api' || path === '/login' || path === '/logout';
}

/**
 * Resolves the session cookie to `request.session` / `request.user` on every API call, or an
 * `Authorization: Bearer` API token to `request.apiToken` / `request.user` (its creator) / `request.ability`.
 * A request with both: the bearer token wins and the cookie is ignored (docs/integrations.md#api-tokens).
 */
export function registerSessionHook(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('user', null);
  app.decorateRequest('apiToken', null);
  app.decorateRequest('ability', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
    const bearer = bearerOf(request);
    if (bearer.kind !== 'none') {
      if (refusesApiToken(routePath(request))) throw new AppError('forbidden', 'tokens.refused');
      if (bearer.kind === 'malformed') throw new AppError('unauthenticated', 'tokens.invalid');
      const found = await resolveApiToken(app.deps, bearer.secret, request.ip);
      if (!found) throw new AppError('unauthenticated', 'tokens.invalid');
      request.apiToken = found.token;
      request.user = found.user;
      request.ability = found.ability;
      await app.deps.throttle.hit(`api-token:${found.token.id}`, app.deps.limits.apiToken);
      return;
    }
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const found = token.length <= 100 ? await app.deps.sessions.resolve(token) : null;
    if (found) {
      request.session = found.session;
      request.user = found.user;
    } else {
      request.sessionExpired = true;
      clearSessionCookie(reply, app.deps.config);
    }
  });
}
