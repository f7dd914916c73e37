import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';
import { XSRF_COOKIE, XSRF_HEADER, setXsrfCookie } from './cookies.ts';
import { hmac, randomToken, safeEqual, sha256 } from './tokens.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { isApiRequest, routePath } from './session-hook.ts';
import { hasBearer } from './api-token-auth.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const PROVEN_MAX = 10_000;

/**
 * Signed double-submit token bound to the session: `nonce.hmac(secret, nonce|sessionId)`.
 * A token minted before login stops working after it, and one stolen from another
 * session never validates.
 */
export function mintXsrfToken(secret: string, sessionId: string | null): string {
  const nonce = randomToken(18);
  return `${nonce}.${hmac(secret, `${nonce}|${sessionId ?? ''}`)}`;
}

export function isValidXsrfToken(secret: string, sessionId: string | null, token: string | undefined): boolean {
  if (!token) return false;
  const [nonce, signature, extra] = token.split('.');
  if (!nonce || !signature || extra !== undefined) return false;
  return safeEqual(signature, hmac(secret, `${nonce}|${sessionId ?? ''}`));
}

export function headerToken(request: FastifyRequest): string | undefined {
  const value = request.headers[XSRF_HEADER];
  const raw = Array.isArray(value) ? value[0] : value;
  if (!raw) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Every write needs the header to echo the cookie and to be signed for this session, else 419.
 * An expired or unknown session cookie counts as no session (the session hook clears it), so
 * a token minted without a session is the one that works. Signing in also accepts a token
 * signed for the dead session the request still presents: a client that kept its old cookies
 * must not read "page expired" after typing its password. Either way the token must be the
 * cookie's own, echoed in the header, which a page of another site cannot do: login CSRF stays refused.
 */
export function registerCsrf(app: FastifyInstance) {
  const { config } = app.deps;
  // Pairs (session, token) already proven: a token's signature never changes, so each is checked by HMAC once,
  // not on every reply. Bounded: forgotten all at once when full.
  const proven = new Set<string>();
  const valid = (sessionId: string | null, token: string | undefined): boolean => {
    if (!token) return false;
    const key = `${sessionId ?? ''}\n${token}`;
    if (proven.has(key)) return true;
    if (!isValidXsrfToken(config.sessionSecret, sessionId, token)) return false;
    if (proven.size >= PROVEN_MAX) proven.clear();
    proven.add(key);
    return true;
  };

  // Callback-style hooks (not async): these run on every request and mostly decide there is nothing to do.
  app.addHook('onRequest', (request, _reply, done) => {
    // A bearer token is not sent by a browser on its own (unlike a cookie): no CSRF to guard against.
    if (!WRITE_METHODS.has(request.method) || !isApiRequest(request) || request.apiToken) return done();
    const cookie = request.cookies[XSRF_COOKIE];
    const header = headerToken(request);
    if (!cookie || !header || !safeEqual(cookie, header)) return done(new AppError('csrf_mismatch'));
    const signedFor = (sessionId: string | null) => valid(sessionId, header);
    if (signedFor(request.session?.id ?? null)) return done();
    const deadSession = request.sessionExpired ? request.cookies[SESSION_COOKIE] : undefined;
    if (deadSession && routePath(request) === '/login' && signedFor(sha256(deadSession))) return done();
    done(new AppError('csrf_mismatch'));
  });

  // Any API response whose request lacks a valid token for its session gets a fresh one.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.getHeader('set-cookie')?.toString().includes(`${XSRF_COOKIE}=`) || hasBearer(request)) return done(null, payload);
    const sessionId = request.session?.id ?? null;
    const current = request.cookies[XSRF_COOKIE];
    // Pages and assets do not know the session: they only fill in a missing cookie.
    const stale = isApiRequest(request) ? !valid(sessionId, current) : !current;
    if (stale) {
      setXsrfCookie(reply, config, mintXsrfToken(config.sessionSecret, sessionId), request.session?.remember ?? false);
    }
    done(null, payload);
  });
}
