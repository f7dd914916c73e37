import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { quoteIdent } from '@enamel/db';
import { withAdminClient, withDatabase } from './global-setup.ts';
import { freePort, runScript, untilReady, type Run } from './processes.ts';
import { startReceiver } from './webhooks-helpers.ts';

/**
 * Exactly once per event and subscription across several server instances (docs/webhooks.md#exactly-once): three
 * real server processes on one PostgreSQL database, each with its ticker and delivery worker, drain the same
 * outbox; every (subscription, event) reaches the receiver once. Only with TEST_DATABASE_URL (like instances.test.ts).
 */
const url = process.env.TEST_DATABASE_URL;
const name = `enamel_hooks_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const ADMIN = { email: 'hooks-admin@example.test', password: 'Tooth-Fairy-2026!' };
const admin = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => withAdminClient(url!, work);

const servers: Array<Run & { port: number; label: string }> = [];
const dataDirs: string[] = [];

function startServer(label: string, port: number) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-hooks-'));
  dataDirs.push(dataDir);
  const run = runScript('apps/api/src/main.ts', [], {
    DATABASE_URL: withDatabase(url!, name),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'webhooks-secret-webhooks-secret-0123456',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TIME_ZONE: 'UTC',
    WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
  });
  const server = { ...run, port, label };
  servers.push(server);
  return server;
}

/** Signs in (cookies and the XSRF echo, as a browser) and answers a request function. */
async function signIn(port: number) {
  const cookies = new Map<string, string>();
  const request = async (method: string, route: string, body?: unknown) => {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
    if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && cookies.get('XSRF-TOKEN')) headers['x-xsrf-token'] = cookies.get('XSRF-TOKEN')!;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${port}${route}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const text = await res.text();
    return { status: res.status, text, body: text ? JSON.parse(text) : null };
  };
  await request('GET', '/api/csrf-cookie');
  const login = await request('POST', '/login', { ...ADMIN, remember: false });
  expect(login.status, login.text).toBe(200);
  return request;
}

describe.skipIf(!url)('webhook deliveries with three server instances', () => {
  let db: pg.Client;
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
    db = new pg.Client({ connectionString: withDatabase(url!, name) });
    await db.connect();
  });
  afterAll(async () => {
    for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(servers.map((s) => s.exited));
    await db?.end().catch(() => undefined);
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('every event reaches each subscription exactly once, whichever instances drain', { timeout: 180_000 }, async () => {
    onTestFailed(() => {
      for (const s of servers) process.stderr.write(`\n----- ${s.label} -----\n${s.output().slice(-6000)}\n`);
    });
    // A slow receiver (15 ms a request) so that the instances' drains overlap.
    const receiver = await startReceiver(() => 200, 15);
    try {
      const ports = [await freePort(), await freePort(), await freePort()];
      const started = ports.map((port, i) => startServer(`server ${i + 1}`, port));
      await Promise.all(started.map((s) => untilReady(s, s.port, 120_000, s.label)));
      const request = await signIn(ports[0]!);
      const practice = (await db.query<{ id: string }>(`insert into dental_practices (name, code) values ('Molar Hooks', 'HOOKS') returning id`)).rows[0]!.id;
      const subs: number[] = [];
      // Two of the practice, one of the organisation (no practice): each its own delivery of every event.
      for (const pathName of ['a', 'b', 'org']) {
        const scope = pathName === 'org' ? { scope: 'organisation' } : { dental_practice_id: Number(practice) };
        const res = await request('POST', '/api/webhook/create', { ...scope, name: `Hook ${pathName}`, url: `${receiver.url}/${pathName}`, events: ['stock.low'] });
        expect(res.status, res.text).toBe(201);
        subs.push(res.body.data.id);
      }
      // 300 events in the outbox, each with a delivery per subscription (what emitWebhookEvent writes).
      const EVENTS = 300;
      await db.query(
        `with ev as (
           insert into webhook_events (uid, dental_practice_id, type, payload)
           select 'evt_inst_' || g, $1, 'stock.low', jsonb_build_object('id', 'evt_inst_' || g, 'type', 'stock.low', 'data', '{}'::jsonb) from generate_series(1, ${EVENTS}) g
           returning id)
         insert into webhook_deliveries (subscription_id, event_id) select s, ev.id from ev cross join unnest($2::bigint[]) s`,
        [practice, subs],
      );
      const end = Date.now() + 120_000;
      for (;;) {
        const { rows } = await db.query<{ status: string; n: number }>(`select status, count(*)::int as n from webhook_deliveries group by status`);
        if (rows.length === 1 && rows[0]!.status === 'succeeded') break;
        if (Date.now() > end) throw new Error(`not drained: ${JSON.stringify(rows)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
      // A moment more: anything sent twice would arrive now.
      await new Promise((r) => setTimeout(r, 1500));
      expect(receiver.received).toHaveLength(EVENTS * 3);
      const perPath = new Map<string, Set<string>>();
      for (const r of receiver.received) {
        const p = r.path;
        const set = perPath.get(p) ?? new Set<string>();
        set.add(String(r.headers['enamel-event-id']));
        perPath.set(p, set);
      }
      expect([...perPath.keys()].sort()).toEqual(['/hook/a', '/hook/b', '/hook/org']);
      for (const set of perPath.values()) expect(set.size).toBe(EVENTS);
      const { rows: attempts } = await db.query<{ n: number }>(`select count(*)::int as n from webhook_deliveries where attempts <> 1`);
      expect(attempts[0]!.n).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
