import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { idempotencyKeys, inventories, practiceSettings, procedures, roles, stockMovements } from '@enamel/db';
import { removeExpiredIdempotencyKeys } from '../src/core/idempotency.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import type { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { uid } from './ledgers.ts';
import { listeningAppWithAdmin, signInAs } from './test-app.ts';

const app = listeningAppWithAdmin();
const key = (name = 'k') => `${name}-${uid()}`;
const withKey = (k: string) => ({ headers: { 'idempotency-key': k } });

async function product(admin: Agent) {
  const res = await admin.post('/api/product/create', { name: `Gloves ${uid()}`, sku: `IDEM-${uid()}`, usage_unit: 'each', purchase_unit: 'box', units_per_purchase_unit: 100, purchase_price: '10.00', tracks_lots: false });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number };
}
async function code(admin: Agent) {
  const res = await admin.post('/api/procedure-code/create', { code: `I${uid()}`.slice(0, 16), name: 'Prophylaxis', category: 'preventive' });
  return res.json().data as { id: number };
}
/** A practice holding `quantity` of a new product, and a procedure code. */
async function stocked(quantity = '100') {
  const db = app.t.database.db;
  const practice = await createPractice(db);
  const p = await product(app.admin);
  const res = await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: p.id, quantity });
  expect(res.statusCode, res.body).toBe(200);
  return { practice, product: p, code: await code(app.admin) };
}
async function onHand(practiceId: number, productId: number) {
  const [row] = await app.t.database.db.select({ onHand: inventories.onHand }).from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  return Number(row?.onHand ?? 0);
}
async function procedureCount(practiceId: number) {
  const [row] = await app.t.database.db.select({ n: sql<number>`count(*)::int` }).from(procedures).where(eq(procedures.dentalPracticeId, practiceId));
  return row!.n;
}
const procedureBody = (s: Awaited<ReturnType<typeof stocked>>, quantity = '2') => ({
  dental_practice_id: s.practice.id, procedure_code_id: s.code.id, performed_at: '2026-11-20T10:00:00Z', status: 'completed', items: [{ product_id: s.product.id, quantity }],
});

describe('Idempotency-Key on writes that change stock', () => {
  it('replays the first answer of a procedure (status, body, header) and consumes once', async () => {
    const s = await stocked();
    const k = key();
    const first = await app.admin.post('/api/procedure/create', procedureBody(s), withKey(k));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await app.admin.post('/api/procedure/create', procedureBody(s), withKey(k));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await procedureCount(s.practice.id)).toBe(1);
    expect(await onHand(s.practice.id, s.product.id)).toBe(98);
    // Without a key, the same request is a new procedure.
    expect((await app.admin.post('/api/procedure/create', procedureBody(s))).statusCode).toBe(201);
    expect(await procedureCount(s.practice.id)).toBe(2);
  });

  it('refuses the same key with another body, or on another route (422 naming the header), and changes nothing', async () => {
    const s = await stocked();
    const k = key();
    expect((await app.admin.post('/api/procedure/create', procedureBody(s), withKey(k))).statusCode).toBe(201);
    const other = await app.admin.post('/api/procedure/create', procedureBody(s, '3'), withKey(k));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors['idempotency-key'][0]).toMatch(/different request/);
    const elsewhere = await app.admin.post('/api/stock/use', { dental_practice_id: s.practice.id, product_id: s.product.id, quantity: '1' }, withKey(k));
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().errors['idempotency-key'][0]).toMatch(/another route \(POST \/api\/procedure\/create\)/);
    expect(await procedureCount(s.practice.id)).toBe(1);
    expect(await onHand(s.practice.id, s.product.id)).toBe(98);
  });

  it('refuses a malformed key (empty, too long, not printable ASCII) with a 422 and does nothing', async () => {
    const s = await stocked();
    for (const bad of ['', 'x'.repeat(256), 'caf\u00e9', 'tab\there']) {
      const res = await app.admin.post('/api/procedure/create', procedureBody(s), withKey(bad));
      expect(res.statusCode, JSON.stringify(bad)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(['idempotency-key']);
    }
    expect(await procedureCount(s.practice.id)).toBe(0);
    expect((await app.admin.post('/api/procedure/create', procedureBody(s), withKey('x'.repeat(255)))).statusCode).toBe(201);
  });

  it('keeps no failed answer: a 409 retried with the same key after the cause is gone does the work', async () => {
    const s = await stocked('1');
    const k = key();
    const short = await app.admin.post('/api/procedure/create', procedureBody(s, '5'), withKey(k));
    expect(short.statusCode, short.body).toBe(409);
    expect(await app.t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))).toEqual([]);
    expect((await app.admin.post('/api/inventory/receive', { dental_practice_id: s.practice.id, product_id: s.product.id, quantity: '10' })).statusCode).toBe(200);
    const retried = await app.admin.post('/api/procedure/create', procedureBody(s, '5'), withKey(k));
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await onHand(s.practice.id, s.product.id)).toBe(6);
  });

  it('scopes keys per user and per practice', async () => {
    const s = await stocked();
    const t = await stocked();
    const k = key();
    expect((await app.admin.post('/api/stock/use', { dental_practice_id: s.practice.id, product_id: s.product.id, quantity: '1' }, withKey(k))).statusCode).toBe(200);
    // Another practice, same key: its own key (not a "different request").
    const there = await app.admin.post('/api/stock/use', { dental_practice_id: t.practice.id, product_id: t.product.id, quantity: '1' }, withKey(k));
    expect(there.statusCode, there.body).toBe(200);
    expect(there.headers['idempotent-replayed']).toBeUndefined();
    // Another user, same key and body: their own write.
    const other = await signInAs(app.t, { role: 'Super Admin' });
    const theirs = await other.post('/api/stock/use', { dental_practice_id: s.practice.id, product_id: s.product.id, quantity: '1' }, withKey(k));
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(await onHand(s.practice.id, s.product.id)).toBe(98);
    expect(await onHand(t.practice.id, t.product.id)).toBe(99);
    const rows = await app.t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k));
    expect(rows.map((r) => `${r.principal.split(':')[0]} ${r.practiceId === s.practice.id ? 's' : 't'}`).sort()).toEqual(['user s', 'user s', 'user t']);
  });

  it("keeps an API token's keys apart from its creator's: the same key and body through both do the work twice, and a retry through the token replays", async () => {
    const s = await stocked();
    const k = key('token');
    const body = { dental_practice_id: s.practice.id, product_id: s.product.id, quantity: '1' };
    const [manager] = await app.t.database.db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Practice Manager'));
    const created = await app.admin.post('/api/api-token/create', { name: `Idem ${uid()}`, role_id: manager!.id, dental_practice_ids: [s.practice.id] });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = { authorization: `Bearer ${created.json<{ secret: string }>().secret}`, 'content-type': 'application/json', 'idempotency-key': k };
    const viaToken = () => fetch(`${app.base}/api/stock/use`, { method: 'POST', headers: bearer, body: JSON.stringify(body) });
    expect((await app.admin.post('/api/stock/use', body, withKey(k))).statusCode).toBe(200);
    const first = await viaToken();
    expect([first.status, first.headers.get('idempotent-replayed')]).toEqual([200, null]);
    const again = await viaToken();
    expect([again.status, again.headers.get('idempotent-replayed')]).toEqual([200, 'true']);
    expect(await onHand(s.practice.id, s.product.id)).toBe(98);
    const rows = await app.t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k));
    expect(rows.map((r) => r.principal.split(':')[0]).sort()).toEqual(['token', 'user']);
  });

  it('forgets a key after 24 hours: the same request does the work again, and the clean-up removes old keys', async () => {
    const s = await stocked();
    const k = key();
    const body = { dental_practice_id: s.practice.id, product_id: s.product.id, quantity: '4' };
    expect((await app.admin.post('/api/stock/use', body, withKey(k))).statusCode).toBe(200);
    const db = app.t.database.db;
    await db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '23 hours 59 minutes'` }).where(eq(idempotencyKeys.key, k));
    expect((await app.admin.post('/api/stock/use', body, withKey(k))).headers['idempotent-replayed']).toBe('true');
    expect(await onHand(s.practice.id, s.product.id)).toBe(96);
    await db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, k));
    const later = await app.admin.post('/api/stock/use', { ...body, quantity: '1' }, withKey(k));
    expect(later.statusCode, later.body).toBe(200);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(await onHand(s.practice.id, s.product.id)).toBe(95);
    await db.update(idempotencyKeys).set({ createdAt: sql`now() - interval '25 hours'` }).where(eq(idempotencyKeys.key, k));
    expect(await removeExpiredIdempotencyKeys(db)).toBeGreaterThanOrEqual(1);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, k))).toEqual([]);
  });

  it('replays receipts, adjustments, transfers, amendments and deletions once each', async () => {
    const s = await stocked();
    const to = await createPractice(app.t.database.db);
    const twice = async (method: 'POST' | 'PATCH', url: string, json: unknown) => {
      const k = key();
      const a = await app.admin.request(method, url, { json, ...withKey(k) });
      expect(a.statusCode, `${url} ${a.body}`).toBeLessThan(300);
      const b = await app.admin.request(method, url, { json, ...withKey(k) });
      expect([b.statusCode, b.headers['idempotent-replayed'], b.body]).toEqual([a.statusCode, 'true', a.body]);
    };
    await twice('POST', '/api/inventory/receive', { dental_practice_id: s.practice.id, product_id: s.product.id, quantity: '10' });
    expect(await onHand(s.practice.id, s.product.id)).toBe(110);
    await twice('POST', '/api/inventory/adjust', { dental_practice_id: s.practice.id, product_id: s.product.id, counted: '105', reason: 'damaged' });
    expect(await onHand(s.practice.id, s.product.id)).toBe(105);
    await twice('POST', '/api/inventory/transfer', { dental_practice_id: s.practice.id, to_dental_practice_id: to.id, product_id: s.product.id, quantity: '5', reason: null });
    expect([await onHand(s.practice.id, s.product.id), await onHand(to.id, s.product.id)]).toEqual([100, 5]);
    const created = await app.admin.post('/api/procedure/create', procedureBody(s));
    const id = created.json().data.id as number;
    await twice('PATCH', `/api/procedure/${id}`, { items: [{ product_id: s.product.id, quantity: '7' }] });
    expect(await onHand(s.practice.id, s.product.id)).toBe(93);
    await twice('POST', `/api/procedure/delete/${id}`, undefined);
    expect(await onHand(s.practice.id, s.product.id)).toBe(100);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  });

  it('replays a stock take approval: one adjust movement', async () => {
    const s = await stocked('10');
    await app.t.database.db.insert(practiceSettings).values({ dentalPracticeId: s.practice.id, stockTakeApprovalThreshold: '100000' });
    const take = await app.admin.post('/api/stock-takes', { dental_practice_id: s.practice.id, kind: 'all' });
    expect(take.statusCode, take.body).toBe(201);
    const id = take.json().data.id as number;
    expect((await app.admin.post(`/api/stock-takes/${id}/counts`, { product_id: s.product.id, quantity: '7' })).statusCode).toBe(200);
    const k = key();
    const first = await app.admin.post(`/api/stock-takes/${id}/approve`, undefined, withKey(k));
    expect(first.statusCode, first.body).toBe(200);
    const again = await app.admin.post(`/api/stock-takes/${id}/approve`, undefined, withKey(k));
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([200, 'true', first.body]);
    // Without the key, a second approval is the command's own 409.
    expect((await app.admin.post(`/api/stock-takes/${id}/approve`)).statusCode).toBe(409);
    const adjusts = await app.t.database.db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, s.practice.id), eq(stockMovements.type, 'adjust')));
    expect(adjusts).toHaveLength(1);
    expect(await onHand(s.practice.id, s.product.id)).toBe(7);
  });

  it('does the work once for 10 identical procedures sent at the same moment with one key', async () => {
    const s = await stocked();
    const k = key('burst');
    const headers = {
      'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: app.admin.cookieHeader(), 'x-xsrf-token': app.admin.cookies.get('XSRF-TOKEN')!, 'idempotency-key': k,
    };
    const body = JSON.stringify(procedureBody(s, '3'));
    const answers = await Promise.all(Array.from({ length: 10 }, () => fetch(`${app.base}/api/procedure/create`, { method: 'POST', headers, body }).then(async (r) => ({ status: r.status, replayed: r.headers.get('idempotent-replayed'), body: await r.text() }))));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    expect(answers.filter((a) => a.replayed === 'true')).toHaveLength(9);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    const db = app.t.database.db;
    expect(await procedureCount(s.practice.id)).toBe(1);
    const consumed = await db.select().from(stockMovements).where(and(eq(stockMovements.dentalPracticeId, s.practice.id), eq(stockMovements.type, 'consume')));
    expect(consumed).toHaveLength(1);
    expect(await onHand(s.practice.id, s.product.id)).toBe(97);
    expect(await findLedgerDifferences(db)).toEqual([]);
  }, 60_000);
});

describe('the OpenAPI document', () => {
  it('declares the Idempotency-Key header on the writes that change stock, and only there', async () => {
    const doc = (await app.admin.get('/api/openapi.json')).json<{ paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; description?: string }> }>> }>();
    const withHeader = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'idempotency-key')).map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    for (const route of ['POST /api/procedure/create', 'PATCH /api/procedure/{id}', 'POST /api/procedure/delete/{id}', 'POST /api/inventory/receive', 'POST /api/inventory/adjust', 'POST /api/inventory/transfer', 'POST /api/stock/use', 'POST /api/restock', 'POST /api/purchase-orders', 'POST /api/purchase-orders/{id}/receive', 'POST /api/stock-takes/{id}/approve']) {
      expect(withHeader, route).toContain(route);
    }
    expect(withHeader.filter((r) => r.startsWith('GET '))).toEqual([]);
  });
});
