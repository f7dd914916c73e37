import type { SyncBody, SyncCursor, SyncReport } from '@enamel/contracts';

/**
 * Every HTTP call `npm run sync` makes, in one place (so it can move to the typed client in packages/client
 * without touching the rest): read the cursor, send a batch. `send` is fetch with `Authorization: Bearer <token>`;
 * tests pass a signed-in session agent instead.
 */
export type Send = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; body: unknown }>;

export interface EnamelApi {
  cursor(source: string, practiceId: number): Promise<SyncCursor | null>;
  sync(source: string, body: SyncBody): Promise<SyncReport>;
}

export function bearerSend(baseUrl: string, token: string): Send {
  return async (method, path, body) => {
    const res = await fetch(new URL(path, baseUrl), {
      method,
      headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null };
  };
}

export class EnamelHttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`Enamel answered ${status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
}

export function enamelApi(send: Send): EnamelApi {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await send(method, path, body);
    if (res.status !== 200) throw new EnamelHttpError(res.status, res.body);
    return (res.body as { data: T }).data;
  };
  return {
    cursor: async (source, practiceId) => (await call<{ cursor: SyncCursor | null }>('GET', `/api/integrations/${source}/cursor?dental_practice_id=${practiceId}`)).cursor,
    sync: (source, body) => call<SyncReport>('POST', `/api/integrations/${source}/sync`, body),
  };
}
