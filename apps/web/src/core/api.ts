import axios, { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { navigateTo } from './navigation.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['get', 'head', 'options']);
/** Statuses that send the user back to the login screen (notes §8). */
const AUTH_STATUSES = new Set([401, 403, 419]);

/**
 * Guest screens never bounce to /login: the notes name only /login, but the reset-password
 * link from the email must keep working while the app's start-up user fetch answers 401.
 */
export function isGuestPath(pathname: string): boolean {
  return pathname === '/login' || pathname === '/forgot-password' || pathname.startsWith('/reset-password/');
}

let onUnauthenticated: () => void = () => undefined;
let onPageExpired: () => void = () => undefined;
/** The auth store registers how a 401 logs the user out (avoids an import cycle). */
export function setUnauthenticatedHandler(handler: () => void): void {
  onUnauthenticated = handler;
}

/**
 * A 419 means the page's token no longer fits a live session; the auth store re-checks the
 * session so that an ended one signs the user out (a 401) instead of bouncing off /login.
 */
export function setPageExpiredHandler(handler: () => void): void {
  onPageExpired = handler;
}

export function createApi(): AxiosInstance {
  const instance = axios.create({
    baseURL: '',
    withCredentials: true,
    headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' },
    xsrfCookieName: XSRF_COOKIE,
    xsrfHeaderName: XSRF_HEADER,
    withXSRFToken: true,
  });

  // The double-submit cookie must exist before the first write; the server sets it on 204.
  instance.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
    const method = (config.method ?? 'get').toLowerCase();
    if (SAFE_METHODS.has(method)) return config;
    if (!Cookies.get(XSRF_COOKIE)) await instance.get('/api/csrf-cookie');
    // axios echoes the cookie itself in browsers (withXSRFToken); set it here too so the
    // token goes out whatever adapter runs the request.
    const token = Cookies.get(XSRF_COOKIE);
    if (token) config.headers.set(XSRF_HEADER, token);
    return config;
  });

  instance.interceptors.response.use(
    (response) => response,
    (error: unknown) => {
      const status = error instanceof AxiosError ? error.response?.status : undefined;
      if (status !== undefined && AUTH_STATUSES.has(status)) {
        if (status === 401) onUnauthenticated();
        if (status === 419) onPageExpired();
        if (!isGuestPath(window.location.pathname)) navigateTo('/login');
      }
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return instance;
}

/** The one HTTP client of the app: same origin, cookies, XSRF echo, auth redirects. */
export const api = createApi();
