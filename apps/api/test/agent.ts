import type { FastifyInstance, LightMyRequestResponse } from 'fastify';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A browser-like client over the real Fastify stack (inject): keeps cookies,
 * echoes XSRF-TOKEN as X-XSRF-TOKEN on writes like the web client's axios does.
 */
export class Agent {
  readonly cookies = new Map<string, string>();
  constructor(
    private readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  private remember(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      const expired = c.maxAge === 0 || (c.expires instanceof Date && c.expires.getTime() < Date.now());
      if (expired || c.value === '') this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
  }

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(
    method: Method,
    url: string,
    options: { json?: unknown; payload?: string | Buffer; headers?: Record<string, string>; xsrf?: boolean } = {},
  ): Promise<LightMyRequestResponse> {
    const write = method !== 'GET';
    if (write && options.xsrf !== false && !this.cookies.has('XSRF-TOKEN')) await this.get('/api/csrf-cookie');
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', ...options.headers };
    if (this.cookies.size) headers.cookie = this.cookieHeader();
    if (write && options.xsrf !== false && this.cookies.has('XSRF-TOKEN')) headers['x-xsrf-token'] ??= this.cookies.get('XSRF-TOKEN')!;
    let payload = options.payload;
    if (options.json !== undefined) {
      payload = JSON.stringify(options.json);
      headers['content-type'] ??= 'application/json';
    }
    const res = await this.app.inject({ method, url, headers, remoteAddress: this.ip, ...(payload !== undefined ? { payload } : {}) });
    this.remember(res);
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, headers ? { headers } : {});
  }

  post(url: string, json?: unknown, options: { headers?: Record<string, string>; xsrf?: boolean } = {}) {
    return this.request('POST', url, { ...options, ...(json !== undefined ? { json } : {}) });
  }

  async login(email: string, password: string, remember = false) {
    const res = await this.post('/login', { email, password, remember });
    if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
    return res;
  }
}
