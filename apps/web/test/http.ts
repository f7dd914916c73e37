import { AxiosError, AxiosHeaders, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import type { AxiosInstance } from 'axios';
import Cookies from 'js-cookie';
import { afterEach, beforeEach } from 'vitest';
import { LIST_CONTRACTS } from '@enamel/contracts';

const LIST_ROWS = new Map(LIST_CONTRACTS.map((contract) => [contract.path, contract.row.strict()]));

/** A fixture page of a list must hold rows its contract accepts: a fixture that drifted from the API fails the test. */
function checkListFixture(path: string, data: unknown): void {
  const row = LIST_ROWS.get(path);
  const rows = (data as { data?: unknown } | undefined)?.data;
  if (!row || !Array.isArray(rows)) return;
  for (const item of rows) {
    const parsed = row.safeParse(item);
    if (!parsed.success) throw new Error(`Fixture row of ${path} does not match its contract: ${JSON.stringify(item)}\n${parsed.error.message}`);
  }
}

export interface Reply {
  status: number;
  data?: unknown;
}
export type Handler = (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

export interface RecordedCall {
  method: string;
  url: string;
  data: unknown;
  headers: Record<string, unknown>;
}

/** Replaces an axios instance's adapter with a route table; records every call. */
export function stubHttp(instance: AxiosInstance, routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  const adapter: AxiosAdapter = async (config) => {
    const method = (config.method ?? 'get').toUpperCase();
    const url = config.url ?? '';
    const path = url.split('?')[0] ?? url;
    calls.push({
      method,
      url,
      data: typeof config.data === 'string' ? (JSON.parse(config.data) as unknown) : config.data,
      headers: AxiosHeaders.from(config.headers).toJSON(),
    });
    const handler = routes[`${method} ${path}`];
    const reply = handler ? await handler(config) : { status: 404, data: { code: 'not_found', message: 'Not found' } };
    if (method === 'GET' && reply.status === 200) checkListFixture(path, reply.data);
    const response: AxiosResponse = { status: reply.status, statusText: '', data: reply.data ?? '', headers: {}, config };
    if (reply.status >= 200 && reply.status < 300) return response;
    throw new AxiosError(`Request failed with status code ${reply.status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response);
  };
  const previous = instance.defaults.adapter;
  instance.defaults.adapter = adapter;
  return {
    calls,
    restore: () => {
      instance.defaults.adapter = previous;
    },
  };
}

/**
 * For each test of the file: the XSRF cookie set first, the real adapter back after. `serve(routes)` stubs the
 * client with `base` and these routes (see stubHttp).
 */
export function servePerTest(instance: AxiosInstance, base: Record<string, Handler> = {}) {
  let restore = () => undefined as void;
  beforeEach(() => {
    Cookies.set('XSRF-TOKEN', 't');
  });
  afterEach(() => restore());
  return (routes: Record<string, Handler>) => {
    const http = stubHttp(instance, { ...base, ...routes });
    restore = http.restore;
    return http;
  };
}

/** A promise with its resolve exposed, to hold a request in flight. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
