import type { FastifyReply } from 'fastify';
import type { Config } from '../env.ts';
import { SESSION_COOKIE, REMEMBER_MS } from './sessions.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

/** HttpOnly session cookie; persistent only with "remember". */
export function setSessionCookie(reply: FastifyReply, config: Config, token: string, remember: boolean) {
  void reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: config.secureCookies,
    ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config) {
  void reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: config.secureCookies });
}

/** The XSRF cookie must be readable by the page (double submit), so it is not HttpOnly. */
export function setXsrfCookie(reply: FastifyReply, config: Config, token: string, remember: boolean) {
  void reply.setCookie(XSRF_COOKIE, token, {
    path: '/',
    httpOnly: false,
    sameSite: 'lax',
    secure: config.secureCookies,
    ...(remember ? { maxAge: REMEMBER_MS / 1000 } : {}),
  });
}
