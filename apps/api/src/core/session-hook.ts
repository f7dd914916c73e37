import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from './sessions.ts';
import { clearSessionCookie } from './cookies.ts';

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

/** Resolves the session cookie to `request.session` / `request.user` on every API call. */
export function registerSessionHook(app: FastifyInstance) {
  app.decorateRequest('session', null);
  app.decorateRequest('sessionExpired', false);
  app.decorateRequest('user', null);
  app.decorateRequest('ability', null);

  app.addHook('onRequest', async (request, reply) => {
    if (!isApiRequest(request)) return;
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
