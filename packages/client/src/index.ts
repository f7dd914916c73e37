import createClient, { type Client, type ClientOptions } from 'openapi-fetch';
import type { components, operations, paths } from './schema.js';

export type { components, operations, paths };

export interface EnamelClientOptions {
  /** The server, e.g. `https://enamel.example.org` (paths start with `/api/...`). */
  baseUrl: string;
  /** An API token: sent as `Authorization: Bearer <token>` on every call. */
  token?: string;
  /** More headers on every call (e.g. a session cookie and its XSRF token in tests). */
  headers?: Record<string, string>;
  /** Another fetch (tests, proxies). */
  fetch?: ClientOptions['fetch'];
}

export type EnamelClient = Client<paths>;

/**
 * A typed client of the Enamel API: every path, parameter, body and answer typed from the OpenAPI document
 * (`client.GET('/api/admin/dashboard/low-stock-data', { params: { query: { dental_practice_id: 1 } } })`).
 * Writes that change stock take an `Idempotency-Key` header (params.header) and may then be retried safely.
 */
export function createEnamelClient(options: EnamelClientOptions): EnamelClient {
  return createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
}
