import type { FastifyReply } from 'fastify';
import type { Config } from '../env.ts';
import { SESSION_COOKIE, REMEMBER_MS } from './sessions.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** The flags every cookie of ours carries; `httpOnly` unless the page must read it. */
const flags = (config: Config, httpOnly: boolean) => ({ path: '/', httpOnly, sameSite: 'lax' as const, secure: config.secureCookies });
const lifetime = (remember: boolean) => (remember ? { maxAge: REMEMBER_MS / 1000 } : {});

/** HttpOnly session cookie; persistent only with "remember". */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, remember: boolean) {
  void reply.setCookie(SESSION_COOKIE, token, { ...flags(config, true), ...lifetime(remember) });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  void reply.clearCookie(SESSION_COOKIE, flags(config, true));
}

/** The XSRF cookie must be readable by the page (double submit), so it is not HttpOnly. */
export function setXsrfCookie(reply: FastifyReply, config: Config, token: string, remember: boolean) {
  void reply.setCookie(XSRF_COOKIE, token, { ...flags(config, false), ...lifetime(remember) });
}
