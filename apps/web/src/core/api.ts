import axios, { AxiosError, type AxiosInstance, type AxiosRequestConfig, type InternalAxiosRequestConfig } from 'axios';
import Cookies from 'js-cookie';
import { navigateTo } from './navigation.ts';
import { pageExpired, unauthenticated } from './session.ts';

export { setPageExpiredHandler, setUnauthenticatedHandler } from './session.ts';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['get', 'head', 'options']);
/** Statuses that send the user back to the login screen (docs/client-contract.md#auth-redirects). */
const AUTH_STATUSES = new Set([401, 403, 419]);

/**
 * Guest screens never bounce to /login: the old client named only /login, but the reset-password
 * link from the email must keep working while the app's start-up user fetch answers 401.
 */
export function isGuestPath(pathname: string): boolean {
  return pathname === '/login' || pathname === '/forgot-password' || pathname.startsWith('/reset-password/');
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
        if (status === 401) unauthenticated();
        if (status === 419) pageExpired();
        if (!isGuestPath(window.location.pathname)) navigateTo('/login');
      }
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    },
  );
  return instance;
}

/** The one HTTP client of the app: same origin, cookies, XSRF echo, auth redirects. */
export const api = createApi();

/** The `data` of a GET's `{ data }` answer. */
export async function getData<T>(url: string, config?: AxiosRequestConfig): Promise<T> {
  return (await api.get<{ data: T }>(url, config)).data.data;
}

/** The `data` of a POST's `{ data }` answer. */
export async function postData<T>(url: string, body?: unknown, config?: AxiosRequestConfig): Promise<T> {
  return (await api.post<{ data: T }>(url, body, config)).data.data;
}

/** How a resource's records are deactivated (`delete` unless said: docs/product-rules.md#deactivate), deleted for good (`remove`, when they can be), and which queries besides the record's own show them. */
export interface RecordLifecycleOptions {
  deactivate?: string;
  remove?: string;
  refresh?: string[];
}

/**
 * The calls on one record of a resource (docs/client-contract.md#paths): GET `/api/{name}/{id}`, POST
 * `/api/{name}/create` or `/api/{name}/update/{id}`, and POST `/api/{name}/{action}/{id}` for the
 * rest (delete, restore…). `lifecycle` is what a list offers on a row and what a write refreshes (with every list).
 */
export function recordApi<Record, Body>(name: string, options: RecordLifecycleOptions = {}) {
  const act = async (action: string, id: number): Promise<void> => {
    await api.post(`/api/${name}/${action}/${id}`);
  };
  const { deactivate = 'delete', remove } = options;
  return {
    fetch: (id: number) => getData<Record>(`/api/${name}/${id}`),
    save: (body: Body, id?: number) => postData<Record>(id === undefined ? `/api/${name}/create` : `/api/${name}/update/${id}`, body),
    act,
    lifecycle: {
      calls: { deactivate: (id: number) => act(deactivate, id), restore: (id: number) => act('restore', id), ...(remove ? { delete: (id: number) => act(remove, id) } : {}) },
      refresh: [name, ...(options.refresh ?? [])],
    },
  };
}
