import dns from 'node:dns';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { notifications, webhookDeliveries, webhookEvents, webhookSubscriptions } from '@enamel/db';
import { drainWebhooks, emitWebhookEvent, verifyWebhookSignature } from '../src/features/webhooks/index.ts';
import { signWebhook } from '../src/features/webhooks/signature.ts';
import { isPublicAddress } from '../src/features/webhooks/url-guard.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, signInAs, signedInUser, type TestApp } from './test-app.ts';
import { startReceiver } from './webhooks-helpers.ts';

/**
 * Webhooks (docs/webhooks.md): subscriptions and their URL rules (SSRF), events written with the change that
 * causes them, signed deliveries, retries with backoff, the delivery log, redelivery, disabling after failures,
 * permissions and tenant isolation. Deliveries are drained by hand here (no ticker under tests).
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin({ env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_RETRY_BASE_SECONDS: '0.05', WEBHOOK_TIMEOUT_SECONDS: '2' } })));
afterAll(async () => t.close());

type Json = ReturnType<typeof JSON.parse>;
const ALL = ['procedure.completed', 'procedure.amended', 'procedure.deleted'];

async function webhook(agent: Agent, practiceId: number, url: string, events = ALL) {
  const res = await agent.post('/api/webhook/create', { dental_practice_id: practiceId, name: `Hook ${uid()}`, url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Json; secret: string }>();
}

async function procedureSetup(practiceId: number) {
  const product = (await admin.post('/api/product/create', { name: `Bond ${uid()}`, sku: `BND-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00', tracks_lots: false })).json().data;
  expect((await admin.post('/api/inventory/receive', { dental_practice_id: practiceId, product_id: product.id, quantity: '50' })).statusCode).toBe(200);
  const code = (await admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 16), name: 'Sealant', category: 'preventive' })).json().data;
  return (quantity = '1') => ({ dental_practice_id: practiceId, procedure_code_id: code.id, performed_at: '2026-11-20T10:00:00Z', status: 'completed', items: [{ product_id: product.id, quantity }] });
}

const deliveries = async (agent: Agent, subscriptionId: number) => {
  const res = await agent.get(`/api/admin/list/webhook-deliveries?subscription_id=${subscriptionId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Json[];
};

/** Drains until `done` holds (retries come due after their backoff). */
async function drainUntil(done: () => Promise<boolean>, timeoutMs = 10_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    await drainWebhooks(t.app.deps);
    if (await done()) return;
    if (Date.now() > end) throw new Error('deliveries never finished');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('signatures', () => {
  const secret = 'whsec_test';
  const body = JSON.stringify({ id: 'evt_1', type: 'procedure.completed' });
  const now = Date.now();
  const t0 = Math.floor(now / 1000);
  it('a fresh signature of the exact body with the secret is accepted', () => {
    expect(verifyWebhookSignature(secret, signWebhook(secret, body, t0), body, 300, now)).toBe(true);
  });
  it('a tampered body, another secret, a replayed (old) or future signature and malformed headers are refused', () => {
    expect(verifyWebhookSignature(secret, signWebhook(secret, body, t0), body.replace('evt_1', 'evt_2'), 300, now)).toBe(false);
    expect(verifyWebhookSignature('whsec_other', signWebhook(secret, body, t0), body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, signWebhook(secret, body, t0 - 301), body, 300, now)).toBe(false);
    expect(verifyWebhookSignature(secret, signWebhook(secret, body, t0 + 301), body, 300, now)).toBe(false);
    // The timestamp is part of what is signed: an old signature with a new timestamp does not verify.
    const old = signWebhook(secret, body, t0 - 3600);
    expect(verifyWebhookSignature(secret, old.replace(`t=${t0 - 3600}`, `t=${t0}`), body, 300, now)).toBe(false);
    for (const header of [undefined, '', 'v1=abc', `t=${t0}`, `t=${t0},v1=zz`, 'garbage']) expect(verifyWebhookSignature(secret, header, body, 300, now)).toBe(false);
  });
});

describe('URL rules (SSRF)', () => {
  it('public unicast addresses only', () => {
    for (const a of ['10.0.0.1', '172.16.3.4', '192.168.1.1', '127.0.0.1', '169.254.169.254', '0.0.0.0', '::1', 'fd00::1', 'fe80::1', '::ffff:127.0.0.1', '100.64.0.1', '224.0.0.1']) expect(isPublicAddress(a), a).toBe(false);
    for (const a of ['93.184.216.34', '2606:4700:4700::1111', '1.1.1.1']) expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses private, loopback, link-local, metadata, unique-local, unspecified, the server itself and plain http with 422 on url', async () => {
    const practice = await createPractice(t.database.db);
    const refused: Array<[string, string]> = [
      ['https://10.0.0.1/hook', 'private'],
      ['https://192.168.0.10/hook', 'private'],
      ['https://127.0.0.2/hook', 'private'],
      ['https://169.254.169.254/latest/meta-data', 'private'],
      ['https://0.0.0.0/hook', 'private'],
      ['https://[::1]/hook', 'private'],
      ['https://[fd12:3456::1]/hook', 'private'],
      ['https://[fe80::1]/hook', 'private'],
      ['https://[::ffff:10.0.0.1]/hook', 'private'],
      ['https://localhost/hook', 'Enamel'],
      ['https://enamel.test/hook', 'Enamel'],
      ['http://93.184.216.34/hook', 'https'],
      ['https://user:pass@93.184.216.34/hook', 'password'],
    ];
    for (const [url, says] of refused) {
      const res = await admin.post('/api/webhook/create', { dental_practice_id: practice.id, name: 'Bad', url, events: ['stock.low'] });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), url).toEqual(['url']);
      expect(res.json().errors.url[0], url).toContain(says);
    }
    expect(await t.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.dentalPracticeId, practice.id))).toEqual([]);
  });

  it('refuses a name that resolves to a private address (any of its addresses), and one that does not resolve', async () => {
    const practice = await createPractice(t.database.db);
    const lookup = vi.spyOn(dns.promises, 'lookup').mockImplementation((async (host: string) => {
      if (host === 'internal.example.com') return [{ address: '10.1.2.3', family: 4 }];
      if (host === 'mixed.example.com') return [{ address: '93.184.216.34', family: 4 }, { address: '::1', family: 6 }];
      if (host === 'public.example.com') return [{ address: '93.184.216.34', family: 4 }];
      throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    }) as never);
    try {
      for (const [host, says] of [['internal.example.com', 'private'], ['mixed.example.com', 'private'], ['nowhere.example.com', 'resolved']]) {
        const res = await admin.post('/api/webhook/create', { dental_practice_id: practice.id, name: 'Bad', url: `https://${host}/hook`, events: ['stock.low'] });
        expect(res.statusCode, res.body).toBe(422);
        expect(res.json().errors.url[0]).toContain(says);
      }
      const ok = await admin.post('/api/webhook/create', { dental_practice_id: practice.id, name: 'Good', url: 'https://public.example.com/hook', events: ['procedure.completed'] });
      expect(ok.statusCode, ok.body).toBe(201);
    } finally {
      lookup.mockRestore();
    }
  });

  it('checks the address again at delivery: a name re-pointed to a private address (DNS rebinding) is not called', async () => {
    const practice = await createPractice(t.database.db);
    const lookup = vi.spyOn(dns.promises, 'lookup').mockResolvedValue([{ address: '93.184.216.34', family: 4 }] as never);
    const { data: sub } = await webhook(admin, practice.id, 'https://rebind.example.com/hook', ['stock.low']);
    lookup.mockRestore();
    const rebound = vi.spyOn(dns, 'lookup').mockImplementation(((_host: string, _options: unknown, callback: (err: null, addresses: dns.LookupAddress[]) => void) => callback(null, [{ address: '169.254.169.254', family: 4 }])) as never);
    try {
      await t.database.db.transaction((tx) => emitWebhookEvent(tx, practice.id, 'stock.low', { alert: { product: 'Gloves' } }));
      await drainWebhooks(t.app.deps);
      const [row] = await deliveries(admin, sub.id);
      expect(row.status).toBe('pending');
      expect(row.response_status).toBeNull();
      expect(row.error).toContain('refused address 169.254.169.254');
    } finally {
      rebound.mockRestore();
    }
  });

  it('bad input is a 422 naming the field and changes nothing', async () => {
    const practice = await createPractice(t.database.db);
    const base = { dental_practice_id: practice.id, name: 'Hook', url: 'https://93.184.216.34/hook', events: ['stock.low'] };
    for (const [body, field] of [
      [{ ...base, events: [] }, 'events'],
      [{ ...base, events: ['stock.lost'] }, 'events'],
      [{ ...base, url: 'not a url' }, 'url'],
      [{ ...base, url: 'ftp://93.184.216.34/x' }, 'url'],
      [{ ...base, name: '' }, 'name'],
      [{ ...base, secret: 'mine' }, 'secret'],
    ] as const) {
      const res = await admin.post('/api/webhook/create', body);
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors).some((k) => k.startsWith(field)), res.body).toBe(true);
    }
    expect(await t.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.dentalPracticeId, practice.id))).toEqual([]);
  });
});

describe('events and deliveries', () => {
  it('a recorded procedure is delivered once, signed, with id, type, occurredAt, practice and data; the log says so', async () => {
    const receiver = await startReceiver();
    try {
      const practice = await createPractice(t.database.db);
      const { data: sub, secret } = await webhook(admin, practice.id, receiver.url);
      expect(secret).toMatch(/^whsec_/);
      const detail = await admin.get(`/api/webhook/${sub.id}`);
      expect(detail.body).not.toContain(secret);
      expect((await admin.get('/api/admin/list/webhooks')).body).not.toContain(secret);
      const body = await procedureSetup(practice.id);
      const created = await admin.post('/api/procedure/create', body());
      expect(created.statusCode, created.body).toBe(201);
      // Written with the procedure: the event and its delivery are there before anything is sent.
      const [pending] = await deliveries(admin, sub.id);
      expect(pending).toMatchObject({ status: 'pending', attempts: 0, event_type: 'procedure.completed' });
      await drainWebhooks(t.app.deps);
      expect(receiver.received).toHaveLength(1);
      const got = receiver.received[0]!;
      expect(verifyWebhookSignature(secret, got.headers['enamel-signature'] as string, got.body)).toBe(true);
      expect(got.headers['enamel-timestamp']).toBe(/t=(\d+)/.exec(got.headers['enamel-signature'] as string)![1]);
      const payload = JSON.parse(got.body);
      expect(payload).toMatchObject({ type: 'procedure.completed', practice: { id: practice.id, name: practice.name }, data: { procedure: { id: created.json().data.id, status: 'completed' } } });
      expect(payload.id).toBe(got.headers['enamel-event-id']);
      expect(new Date(payload.occurredAt).toISOString()).toBe(payload.occurredAt);
      const [done] = await deliveries(admin, sub.id);
      expect(done).toMatchObject({ status: 'succeeded', attempts: 1, response_status: 200, event_id: payload.id, next_attempt_at: null });
      expect(done.duration_ms).toBeGreaterThanOrEqual(0);
      // Nothing is sent twice.
      await drainWebhooks(t.app.deps);
      expect(receiver.received).toHaveLength(1);

      // Amended, deleted: one event each.
      const id = created.json().data.id;
      expect((await admin.post(`/api/procedure/update/${id}`, { ...body('2') })).statusCode).toBe(200);
      expect((await admin.post(`/api/procedure/delete/${id}`)).statusCode).toBeLessThan(300);
      await drainWebhooks(t.app.deps);
      // Deliveries of one batch go out together: receivers order events by occurredAt, not by arrival.
      const events = receiver.received.map((r) => JSON.parse(r.body)).sort((a, b) => a.occurredAt.localeCompare(b.occurredAt));
      expect(events.map((e) => e.type)).toEqual(['procedure.completed', 'procedure.amended', 'procedure.deleted']);
    } finally {
      await receiver.close();
    }
  });

  it('an event belongs to its transaction: a change rolled back sends nothing; unsubscribed types and other practices get nothing', async () => {
    const receiver = await startReceiver();
    try {
      const practice = await createPractice(t.database.db);
      const other = await createPractice(t.database.db);
      const { data: sub } = await webhook(admin, practice.id, receiver.url, ['stock.low']);
      await t.database.db
        .transaction(async (tx) => {
          await emitWebhookEvent(tx, practice.id, 'stock.low', { alert: {} });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await t.database.db.transaction((tx) => emitWebhookEvent(tx, practice.id, 'lot.expiring', { alert: {} }));
      await t.database.db.transaction((tx) => emitWebhookEvent(tx, other.id, 'stock.low', { alert: {} }));
      expect(await deliveries(admin, sub.id)).toEqual([]);
      // No subscriber, no outbox row.
      expect(await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.dentalPracticeId, other.id))).toEqual([]);
      await drainWebhooks(t.app.deps);
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });

  it('retries with exponential backoff after failures (500, then a timeout-free refusal) until the receiver answers', async () => {
    const receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    try {
      const practice = await createPractice(t.database.db);
      const { data: sub } = await webhook(admin, practice.id, receiver.url, ['stock.low']);
      await t.database.db.transaction((tx) => emitWebhookEvent(tx, practice.id, 'stock.low', { alert: { product: 'Gloves' } }));
      await drainWebhooks(t.app.deps);
      const [first] = await deliveries(admin, sub.id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1, response_status: 500, error: 'HTTP 500' });
      expect(new Date(first.next_attempt_at).getTime()).toBeGreaterThan(new Date(first.last_attempt_at).getTime());
      await drainUntil(async () => (await deliveries(admin, sub.id))[0].status === 'succeeded');
      const [done] = await deliveries(admin, sub.id);
      expect(done).toMatchObject({ status: 'succeeded', attempts: 3, response_status: 200 });
      expect(receiver.received).toHaveLength(3);
      // The same event each time, the attempt counted; the waits grow (base 50 ms, then 100 ms, ±10 %).
      expect(new Set(receiver.received.map((r) => r.headers['enamel-event-id'])).size).toBe(1);
      expect(receiver.received.map((r) => r.headers['enamel-delivery-attempt'])).toEqual(['1', '2', '3']);
      const [a, b, c] = receiver.received.map((r) => r.at);
      expect(b! - a!).toBeGreaterThanOrEqual(40);
      expect(c! - b!).toBeGreaterThanOrEqual(85);
    } finally {
      await receiver.close();
    }
  });

  it('redeliver by hand sends a delivered event again; another subscription’s delivery is a 404', async () => {
    const receiver = await startReceiver();
    try {
      const practice = await createPractice(t.database.db);
      const { data: sub } = await webhook(admin, practice.id, receiver.url, ['stock.low']);
      const { data: otherSub } = await webhook(admin, practice.id, receiver.url, ['stock.low']);
      await t.database.db.transaction((tx) => emitWebhookEvent(tx, practice.id, 'stock.low', { alert: {} }));
      await drainWebhooks(t.app.deps);
      expect(receiver.received).toHaveLength(2);
      const [row] = await deliveries(admin, sub.id);
      const [otherRow] = await deliveries(admin, otherSub.id);
      expect((await admin.post(`/api/webhook-delivery/redeliver/${Number(otherRow.id) + 1_000_000}`)).statusCode).toBe(404);
      const again = await admin.post(`/api/webhook-delivery/redeliver/${row.id}`);
      expect(again.statusCode, again.body).toBe(200);
      expect((await deliveries(admin, sub.id))[0].status).toBe('pending');
      await drainWebhooks(t.app.deps);
      expect(receiver.received).toHaveLength(3);
      expect((await deliveries(admin, sub.id))[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
    } finally {
      await receiver.close();
    }
  });

  it('after every retry of 5 events in a row failed the subscription is turned off and its owner notified', async () => {
    const receiver = await startReceiver(() => 503);
    const hours = t.app.deps.config.webhookRetryHours;
    t.app.deps.config.webhookRetryHours = 0;
    try {
      const practice = await createPractice(t.database.db);
      const { user: owner, agent } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practice.id] });
      const { data: sub } = await webhook(agent, practice.id, receiver.url, ['stock.low']);
      for (let i = 0; i < 5; i++) await t.database.db.transaction((tx) => emitWebhookEvent(tx, practice.id, 'stock.low', { alert: { n: i } }));
      await drainWebhooks(t.app.deps);
      const rows = await deliveries(agent, sub.id);
      expect(rows.map((r) => r.status)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
      const detail = (await agent.get(`/api/webhook/${sub.id}`)).json().data;
      expect(detail).toMatchObject({ status: 'inactive', disabled_reason: 'failures', consecutive_failures: 5 });
      const told = await t.database.db.select().from(notifications).where(and(eq(notifications.userId, owner.id), eq(notifications.kind, 'webhook_disabled')));
      expect(told).toHaveLength(1);
      const bell = (await agent.get('/api/notifications')).json().data as Json[];
      expect(bell.find((n) => n.kind === 'webhook_disabled')?.title).toContain(sub.name);
      // Turned off, nothing more is queued for it; restored, it starts over.
      await t.database.db.transaction((tx) => emitWebhookEvent(tx, practice.id, 'stock.low', { alert: {} }));
      expect(await deliveries(agent, sub.id)).toHaveLength(5);
      const restored = await agent.post(`/api/webhook/restore/${sub.id}`);
      expect(restored.json().data).toMatchObject({ status: 'active', disabled_reason: null, consecutive_failures: 0 });
    } finally {
      t.app.deps.config.webhookRetryHours = hours;
      await receiver.close();
    }
  });
});

describe('permissions and tenant isolation', () => {
  it('a manager sees and changes only their practices’ webhooks; another practice’s subscription and deliveries are 404; staff are 403', async () => {
    const mine = await createPractice(t.database.db);
    const theirs = await createPractice(t.database.db);
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [mine.id] });
    const { data: own } = await webhook(manager, mine.id, 'https://93.184.216.34/mine', ['stock.low']);
    const { data: other } = await webhook(admin, theirs.id, 'https://93.184.216.34/theirs', ['stock.low']);
    const list = (await manager.get('/api/admin/list/webhooks')).json().data as Json[];
    expect(list.map((w) => w.id)).toEqual([own.id]);
    for (const url of [`/api/webhook/${other.id}`, `/api/admin/list/webhook-deliveries?subscription_id=${other.id}`, `/api/admin/list/webhooks?dental_practice_id=${theirs.id}`]) expect((await manager.get(url)).statusCode, url).toBe(404);
    await t.database.db.transaction((tx) => emitWebhookEvent(tx, theirs.id, 'stock.low', { alert: {} }));
    const [theirDelivery] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, other.id));
    for (const url of [`/api/webhook/deactivate/${other.id}`, `/api/webhook/rotate-secret/${other.id}`, `/api/webhook-delivery/redeliver/${theirDelivery!.id}`]) expect((await manager.post(url)).statusCode, url).toBe(404);
    expect((await manager.post(`/api/webhook/update/${other.id}`, { dental_practice_id: theirs.id, name: 'x', url: 'https://93.184.216.34/x', events: ['stock.low'] })).statusCode).toBe(404);
    expect((await manager.post('/api/webhook/create', { dental_practice_id: theirs.id, name: 'x', url: 'https://93.184.216.34/x', events: ['stock.low'] })).statusCode).toBe(404);
    // Moving a subscription to another practice is refused.
    const moved = await manager.post(`/api/webhook/update/${own.id}`, { dental_practice_id: theirs.id, name: 'x', url: 'https://93.184.216.34/x', events: ['stock.low'] });
    expect(moved.statusCode).toBe(422);
    const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: [mine.id] });
    expect((await staff.get('/api/admin/list/webhooks')).statusCode).toBe(403);
    expect((await staff.get(`/api/webhook/${own.id}`)).statusCode).toBe(403);
    // Rotating answers a new secret once; deactivating is logged.
    const rotated = await manager.post(`/api/webhook/rotate-secret/${own.id}`);
    expect(rotated.json().secret).toMatch(/^whsec_/);
    expect((await manager.post(`/api/webhook/deactivate/${own.id}`)).json().data.status).toBe('inactive');
    const [logged] = await t.database.db.execute(sql`select count(*)::int as n from activity_logs where subject = 'Webhook' and subject_id = ${String(own.id)}`).then((r) => (r as { rows: Array<{ n: number }> }).rows);
    expect(Number(logged!.n)).toBeGreaterThanOrEqual(3);
    const [row] = await t.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, own.id));
    expect(row!.secret).toBe(rotated.json().secret);
    const logs = await t.database.db.execute(sql`select before, after from activity_logs where subject = 'Webhook' and subject_id = ${String(own.id)}`);
    expect(JSON.stringify(logs)).not.toContain('whsec_');
  });
});
