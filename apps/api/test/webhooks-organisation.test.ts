import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, isNull, sql } from 'drizzle-orm';
import { dentalPractices, permissions, rolePermissions, roles, userRoles, webhookDeliveries, webhookSubscriptions } from '@enamel/db';
import { drainWebhooks, emitWebhookEvent } from '../src/features/webhooks/index.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { appWithAdmin, signInAs, signedInUser, type TestApp } from './test-app.ts';
import { startReceiver } from './webhooks-helpers.ts';

/**
 * Organisation webhook subscriptions (docs/webhooks.md#organisation-subscriptions): no practice, every practice's
 * events (those of practices made later too), one delivery per event and subscription; the Webhook right in every
 * active practice to see, change or redeliver them; 422 for a scope and a practice that do not fit.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin({ env: { WEBHOOK_ALLOW_HOSTS: '127.0.0.1', WEBHOOK_TIMEOUT_SECONDS: '2' } })));
afterAll(async () => t.close());

type Json = ReturnType<typeof JSON.parse>;
const URL = 'https://93.184.216.34/hook';
const organisationOnly = `column_filters=${encodeURIComponent(JSON.stringify([{ field: 'scope', condition: 'equal', value: 'organisation' }]))}&pagesize=100`;

async function orgHook(agent: Agent, url = URL, events = ['stock.low']) {
  const res = await agent.post('/api/webhook/create', { scope: 'organisation', name: `Org ${uid()}`, url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Json; secret: string }>();
}

async function practiceHook(agent: Agent, practiceId: number, url = URL, events = ['stock.low']) {
  const res = await agent.post('/api/webhook/create', { dental_practice_id: practiceId, name: `Hook ${uid()}`, url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: Json; secret: string }>();
}

const emit = (practiceId: number, n: number) => t.database.db.transaction((tx) => emitWebhookEvent(tx, practiceId, 'stock.low', { alert: { n } }));
const activeIds = async () => (await t.database.db.select({ id: dentalPractices.id }).from(dentalPractices).where(eq(dentalPractices.status, 'active'))).map((p) => p.id);
const subscription = async (id: number) => (await t.database.db.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)))[0]!;

/** Other tests' organisation subscriptions off, so each test counts only its own receivers. */
async function onlyMine() {
  await t.database.db.update(webhookSubscriptions).set({ status: 'inactive' }).where(isNull(webhookSubscriptions.dentalPracticeId));
}

describe('organisation subscriptions: delivery', () => {
  it('get the events of every practice — one made after the subscription too — once each, beside a practice’s own subscription', async () => {
    await onlyMine();
    const orgReceiver = await startReceiver();
    const practiceReceiver = await startReceiver();
    try {
      const a = await createPractice(t.database.db);
      const b = await createPractice(t.database.db);
      const { data: org } = await orgHook(admin, orgReceiver.url);
      expect(org).toMatchObject({ scope: 'organisation', dental_practice_id: null, dental_practice_name: null });
      const { data: own } = await practiceHook(admin, a.id, practiceReceiver.url);
      expect(own).toMatchObject({ scope: 'practice', dental_practice_id: a.id, dental_practice_name: a.name });
      const later = await createPractice(t.database.db);
      await emit(a.id, 1);
      await emit(b.id, 2);
      await emit(later.id, 3);
      // One delivery row per (subscription, event): the organisation's three, the practice's one.
      const rows = await t.database.db.select().from(webhookDeliveries).where(sql`${webhookDeliveries.subscriptionId} in ${[org.id, own.id]}`);
      expect(rows.filter((r) => r.subscriptionId === org.id)).toHaveLength(3);
      expect(rows.filter((r) => r.subscriptionId === own.id)).toHaveLength(1);
      await drainWebhooks(t.app.deps);
      await drainWebhooks(t.app.deps);
      const got = orgReceiver.received.map((r) => JSON.parse(r.body));
      expect(got.map((e) => e.practice.id).sort((x, y) => x - y)).toEqual([a.id, b.id, later.id]);
      expect(new Set(got.map((e) => e.id)).size).toBe(3);
      expect(got.find((e) => e.practice.id === b.id)).toMatchObject({ type: 'stock.low', practice: { id: b.id, name: b.name }, data: { alert: { n: 2 } } });
      expect(practiceReceiver.received.map((r) => JSON.parse(r.body).practice.id)).toEqual([a.id]);
      // The same event reaches both subscriptions, each once.
      const aEvent = got.find((e) => e.practice.id === a.id).id;
      expect(JSON.parse(practiceReceiver.received[0]!.body).id).toBe(aEvent);
      // Deactivated, it gets nothing more; the delivery log reads as a practice one does.
      expect((await admin.post(`/api/webhook/deactivate/${org.id}`)).statusCode).toBe(200);
      await emit(b.id, 4);
      await drainWebhooks(t.app.deps);
      expect(orgReceiver.received).toHaveLength(3);
      const log = (await admin.get(`/api/admin/list/webhook-deliveries?subscription_id=${org.id}`)).json().data as Json[];
      expect(log.map((d) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
    } finally {
      await orgReceiver.close();
      await practiceReceiver.close();
    }
  });

  it('two organisation subscriptions each get an event once (exactly once per subscription, not per practice)', async () => {
    await onlyMine();
    const receiver = await startReceiver();
    try {
      const a = await createPractice(t.database.db);
      const { data: one } = await orgHook(admin, `${receiver.url}/one`);
      const { data: two } = await orgHook(admin, `${receiver.url}/two`);
      await emit(a.id, 1);
      await drainWebhooks(t.app.deps);
      expect(receiver.received.map((r) => r.path).sort()).toEqual(['/hook/one', '/hook/two']);
      for (const id of [one.id, two.id]) expect(await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, id))).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe('organisation subscriptions: rights', () => {
  it('a manager of one practice neither sees nor changes them (404), nor creates one (403); nothing changes', async () => {
    const mine = await createPractice(t.database.db);
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [mine.id] });
    const { data: org } = await orgHook(admin);
    const { data: own } = await practiceHook(manager, mine.id);
    await t.database.db.update(webhookSubscriptions).set({ status: 'active' }).where(eq(webhookSubscriptions.id, org.id));
    await emit(mine.id, 1);
    const [delivery] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.subscriptionId, org.id));
    const before = await subscription(org.id);

    expect((await manager.get('/api/webhook/organisation-rights')).json().data).toEqual({ read: false, create: false, update: false, delete: false });
    for (const url of ['/api/admin/list/webhooks', `/api/admin/list/webhooks?dental_practice_id=${mine.id}`, '/api/admin/list/webhooks?format=csv']) {
      const res = await manager.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(org.name);
    }
    expect(((await manager.get('/api/admin/list/webhooks')).json().data as Json[]).map((w) => w.id)).toEqual([own.id]);
    for (const url of [`/api/webhook/${org.id}`, `/api/admin/list/webhook-deliveries?subscription_id=${org.id}`]) expect((await manager.get(url)).statusCode, url).toBe(404);
    for (const url of [`/api/webhook/deactivate/${org.id}`, `/api/webhook/restore/${org.id}`, `/api/webhook/rotate-secret/${org.id}`, `/api/webhook-delivery/redeliver/${delivery!.id}`]) {
      expect((await manager.post(url)).statusCode, url).toBe(404);
    }
    const update = await manager.post(`/api/webhook/update/${org.id}`, { scope: 'organisation', name: 'Taken', url: 'https://93.184.216.34/taken', events: ['stock.low'] });
    expect(update.statusCode, update.body).toBe(404);
    const before2 = (await t.database.db.select().from(webhookSubscriptions).where(isNull(webhookSubscriptions.dentalPracticeId))).length;
    const create = await manager.post('/api/webhook/create', { scope: 'organisation', name: 'Mine', url: URL, events: ['stock.low'] });
    expect(create.statusCode, create.body).toBe(403);
    expect((await t.database.db.select().from(webhookSubscriptions).where(isNull(webhookSubscriptions.dentalPracticeId))).length).toBe(before2);
    // Their own subscription does not become the organisation's (nor the organisation's theirs).
    const widen = await manager.post(`/api/webhook/update/${own.id}`, { scope: 'organisation', name: own.name, url: URL, events: ['stock.low'] });
    expect(widen.statusCode, widen.body).toBe(422);
    expect(Object.keys(widen.json().errors)).toEqual(['dental_practice_id']);
    expect((await subscription(own.id)).dentalPracticeId).toBe(mine.id);
    const after = await subscription(org.id);
    expect(after).toEqual(before);
    expect((await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery!.id)))[0]!.status).toBe(delivery!.status);
  });

  it('a manager of every active practice (no unconditioned rule) may; once a practice is added without them, no longer', async () => {
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: await activeIds() });
    expect((await manager.get('/api/webhook/organisation-rights')).json().data).toEqual({ read: true, create: true, update: true, delete: true });
    const { data: org } = await orgHook(manager);
    expect(((await manager.get(`/api/admin/list/webhooks?${organisationOnly}`)).json().data as Json[]).map((w) => w.id)).toContain(org.id);
    expect((await manager.post(`/api/webhook/update/${org.id}`, { scope: 'organisation', name: 'Renamed', url: URL, events: ['stock.low', 'lot.expiring'] })).statusCode).toBe(200);
    expect((await manager.post(`/api/webhook/rotate-secret/${org.id}`)).statusCode).toBe(200);

    // A practice they are not in: they no longer hold the right everywhere.
    const added = await createPractice(t.database.db);
    expect((await manager.get(`/api/webhook/${org.id}`)).statusCode).toBe(404);
    expect((await manager.post(`/api/webhook/deactivate/${org.id}`)).statusCode).toBe(404);
    expect((await manager.post('/api/webhook/create', { scope: 'organisation', name: 'Again', url: URL, events: ['stock.low'] })).statusCode).toBe(403);
    expect(((await manager.get(`/api/admin/list/webhooks?${organisationOnly}`)).json().data as Json[]).map((w) => w.id)).not.toContain(org.id);
    // An inactive practice does not count.
    await t.database.db.update(dentalPractices).set({ status: 'inactive' }).where(eq(dentalPractices.id, added.id));
    expect((await manager.get(`/api/webhook/${org.id}`)).json().data).toMatchObject({ name: 'Renamed', scope: 'organisation', events: ['stock.low', 'lot.expiring'] });
  });

  it('who may read them everywhere but change them in one practice only sees them and gets 403 on every change', async () => {
    const one = await createPractice(t.database.db);
    const db = t.database.db;
    const [permission] = await db.insert(permissions).values({ name: `read Webhook ${uid()}`, action: 'read', subject: 'Webhook' }).returning();
    const [role] = await db.insert(roles).values({ name: `Webhook reader ${uid()}` }).returning();
    await db.insert(rolePermissions).values({ roleId: role!.id, permissionId: permission!.id });
    const { user, agent } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [one.id] });
    await db.insert(userRoles).values({ userId: user.id, roleId: role!.id });
    await agent.login(user.email, user.password);
    const { data: org } = await orgHook(admin);
    const before = await subscription(org.id);
    expect((await agent.get('/api/webhook/organisation-rights')).json().data).toEqual({ read: true, create: false, update: false, delete: false });
    expect((await agent.get(`/api/webhook/${org.id}`)).statusCode).toBe(200);
    expect((await agent.get(`/api/admin/list/webhook-deliveries?subscription_id=${org.id}`)).statusCode).toBe(200);
    for (const url of [`/api/webhook/deactivate/${org.id}`, `/api/webhook/rotate-secret/${org.id}`]) expect((await agent.post(url)).statusCode, url).toBe(403);
    expect((await agent.post(`/api/webhook/update/${org.id}`, { scope: 'organisation', name: 'Mine now', url: URL, events: ['stock.low'] })).statusCode).toBe(403);
    expect((await agent.post('/api/webhook/create', { scope: 'organisation', name: 'Mine', url: URL, events: ['stock.low'] })).statusCode).toBe(403);
    expect(await subscription(org.id)).toEqual(before);
    // Their own practice's subscriptions they still manage.
    await practiceHook(agent, one.id);
  });

  it('staff without the Webhook permission get 403', async () => {
    const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: await activeIds() });
    expect((await staff.get('/api/webhook/organisation-rights')).statusCode).toBe(403);
    expect((await staff.post('/api/webhook/create', { scope: 'organisation', name: 'x', url: URL, events: ['stock.low'] })).statusCode).toBe(403);
  });
});

describe('organisation subscriptions: bad input', () => {
  it('a scope and a practice that do not fit, or a switch between them, are a 422 on dental_practice_id; nothing changes', async () => {
    const practice = await createPractice(t.database.db);
    const count = async () => (await t.database.db.execute(sql`select count(*)::int as n from webhook_subscriptions`).then((r) => (r as { rows: Array<{ n: number }> }).rows[0]!.n));
    const n = await count();
    const base = { name: 'Bad', url: URL, events: ['stock.low'] };
    for (const [body, field] of [
      [{ ...base, scope: 'organisation', dental_practice_id: practice.id }, 'dental_practice_id'],
      [{ ...base, scope: 'practice' }, 'dental_practice_id'],
      [{ ...base, scope: 'practice', dental_practice_id: null }, 'dental_practice_id'],
      [{ ...base }, 'dental_practice_id'],
      [{ ...base, dental_practice_id: null }, 'dental_practice_id'],
      [{ ...base, scope: 'galaxy' }, 'scope'],
      [{ ...base, scope: null, dental_practice_id: practice.id }, 'scope'],
    ] as const) {
      const res = await admin.post('/api/webhook/create', body);
      expect(res.statusCode, JSON.stringify(body) + res.body).toBe(422);
      expect(Object.keys(res.json().errors), res.body).toEqual([field]);
    }
    expect(await count()).toBe(n);
    const { data: org } = await orgHook(admin);
    const { data: own } = await practiceHook(admin, practice.id);
    for (const [id, body] of [
      [org.id, { ...base, scope: 'practice', dental_practice_id: practice.id }],
      [org.id, { ...base, dental_practice_id: practice.id }],
      [own.id, { ...base, scope: 'organisation' }],
    ] as const) {
      const res = await admin.post(`/api/webhook/update/${id}`, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors.dental_practice_id[0]).toContain('cannot switch');
    }
    expect((await subscription(org.id)).dentalPracticeId).toBeNull();
    expect((await subscription(own.id)).dentalPracticeId).toBe(practice.id);
    expect((await subscription(org.id)).name).toBe(org.name);
  });
});
