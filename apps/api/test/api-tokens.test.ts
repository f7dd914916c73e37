import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activityLogs, apiTokens, brands, importJobs, roles, userPractices, userRoles, users } from '@enamel/db';
import { multipart } from './imports-helpers.ts';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { createTestApp, signedInUser, type TestApp } from './test-app.ts';

/**
 * API tokens (docs/integrations.md#api-tokens): created by a person within their own rights, used as
 * `Authorization: Bearer` under the same checks as a session, without cookies or CSRF; refused where a credential
 * is made or changed; rate-limited; logged as the token. Revocation across instances: api-tokens-instances.test.ts.
 */
let t: TestApp;
let roleId: Record<string, number>;
let practiceA: number;
let practiceB: number;

beforeAll(async () => {
  t = await createTestApp({ limits: { apiToken: { max: 1000, windowSeconds: 60 } } });
  roleId = Object.fromEntries((await t.database.db.select().from(roles)).map((r) => [r.name, r.id]));
  practiceA = (await createPractice(t.database.db)).id;
  practiceB = (await createPractice(t.database.db)).id;
});
afterAll(async () => t.close());

/** A machine's request: no cookie, no XSRF header; just the token. */
function call(app: FastifyInstance, secret: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, json?: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method,
    url,
    headers: { ...(secret !== null ? { authorization: `Bearer ${secret}` } : {}), ...(json !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(json !== undefined ? { payload: JSON.stringify(json) } : {}),
  });
}

async function createToken(agent: Agent, body: Record<string, unknown>) {
  const res = await agent.post('/api/api-token/create', { name: 'Integration', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number; status: string; prefix: string }; secret: string }>();
}

describe('API tokens', () => {
  it('shows the secret once (enm_…), stores only its SHA-256, lists it without the secret', async () => {
    const { agent } = await signedInUser(t, { role: 'Super Admin' });
    const { data, secret } = await createToken(agent, { role_id: roleId['Viewer'], dental_practice_ids: [practiceA] });
    expect(secret).toMatch(/^enm_[A-Za-z0-9_-]{43}$/);
    expect(data.prefix).toBe(secret.slice(0, 10));
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, data.id));
    expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(secret.slice(10));
    const list = await agent.get('/api/api-tokens');
    expect(list.body).not.toContain(secret.slice(10));
    expect(list.json().data.find((x: { id: number }) => x.id === data.id)).toMatchObject({ status: 'active', role: { name: 'Viewer' } });
  });

  it('works with Bearer, without cookie or CSRF; permissions and practices enforced', async () => {
    const { agent } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practiceA, practiceB] });
    const viewer = await createToken(agent, { role_id: roleId['Viewer'], dental_practice_ids: [practiceA] });
    expect((await call(t.app, viewer.secret, 'GET', `/api/dental-practice/${practiceA}`)).statusCode).toBe(200);
    // Another practice of its creator, but not the token's: refused as unknown.
    expect((await call(t.app, viewer.secret, 'GET', `/api/dental-practice/${practiceB}`)).statusCode).toBe(404);
    // The Viewer role may not write the catalog, though its creator may.
    expect((await call(t.app, viewer.secret, 'POST', '/api/brand/create', { name: 'Token brand V' })).statusCode).toBe(403);
    const manager = await createToken(agent, { role_id: roleId['Practice Manager'], dental_practice_ids: [practiceA] });
    const created = await call(t.app, manager.secret, 'POST', '/api/brand/create', { name: 'Token brand M' });
    expect(created.statusCode, created.body).toBe(201);
    // No XSRF cookie handed out to a machine.
    expect(String(created.headers['set-cookie'] ?? '')).not.toContain('XSRF-TOKEN');
    // Bearer wins over a cookie: a signed-in cookie with a Viewer token still cannot write.
    const both = await t.app.inject({
      method: 'POST',
      url: '/api/brand/create',
      headers: { authorization: `Bearer ${viewer.secret}`, cookie: agent.cookieHeader(), 'x-xsrf-token': agent.cookies.get('XSRF-TOKEN') ?? '', 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Token brand both' }),
    });
    expect(both.statusCode).toBe(403);
  });

  it('cannot exceed its creator, checked for every practice', async () => {
    const { agent } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practiceA] });
    // A practice outside the creator's.
    const outside = await agent.post('/api/api-token/create', { name: 'x', role_id: roleId['Viewer'], dental_practice_ids: [practiceA, practiceB] });
    expect(outside.statusCode).toBe(422);
    expect(outside.json().errors.dental_practice_ids).toBeTruthy();
    // A role beyond the creator's rights.
    const tooMuch = await agent.post('/api/api-token/create', { name: 'x', role_id: roleId['Super Admin'], dental_practice_ids: [practiceA] });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors.role_id).toBeTruthy();
    // Bad input: 422, nothing created.
    const before = (await t.database.db.select().from(apiTokens)).length;
    for (const body of [{}, { name: '', role_id: roleId['Viewer'], dental_practice_ids: [practiceA] }, { name: 'x', role_id: 999999, dental_practice_ids: [practiceA] }, { name: 'x', role_id: roleId['Viewer'], dental_practice_ids: [] }, { name: 'x', role_id: roleId['Viewer'], dental_practice_ids: [practiceA], expires_at: '2001-01-01T00:00:00Z' }]) {
      expect((await agent.post('/api/api-token/create', body)).statusCode).toBe(422);
    }
    expect((await t.database.db.select().from(apiTokens)).length).toBe(before);
    // Clinical staff hold no ApiToken right.
    const { agent: staff } = await signedInUser(t, { role: 'Clinical Staff', practiceIds: [practiceA] });
    expect((await staff.post('/api/api-token/create', { name: 'x', role_id: roleId['Viewer'], dental_practice_ids: [practiceA] })).statusCode).toBe(403);
  });

  it('shrinks with its creator: a practice taken away, a role taken away, a deactivated creator', async () => {
    const { agent, user } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practiceA, practiceB] });
    const { secret } = await createToken(agent, { role_id: roleId['Practice Manager'], dental_practice_ids: [practiceA, practiceB] });
    expect((await call(t.app, secret, 'GET', `/api/dental-practice/${practiceB}`)).statusCode).toBe(200);
    await t.database.db.delete(userPractices).where(and(eq(userPractices.userId, user.id), eq(userPractices.dentalPracticeId, practiceB)));
    expect((await call(t.app, secret, 'GET', `/api/dental-practice/${practiceB}`)).statusCode).toBe(404);
    expect((await call(t.app, secret, 'GET', `/api/dental-practice/${practiceA}`)).statusCode).toBe(200);
    expect((await call(t.app, secret, 'POST', '/api/brand/create', { name: 'Shrink 1' })).statusCode).toBe(201);
    await t.database.db.update(userRoles).set({ roleId: roleId['Viewer']! }).where(eq(userRoles.userId, user.id));
    expect((await call(t.app, secret, 'POST', '/api/brand/create', { name: 'Shrink 2' })).statusCode).toBe(403);
    await t.database.db.update(users).set({ status: 'inactive' }).where(eq(users.id, user.id));
    expect((await call(t.app, secret, 'GET', `/api/dental-practice/${practiceA}`)).statusCode).toBe(401);
  });

  it('answers 401 to expired, revoked and malformed tokens (never a 500); other schemes are ignored', async () => {
    const { agent } = await signedInUser(t, { role: 'Super Admin' });
    const { data, secret } = await createToken(agent, { role_id: roleId['Viewer'], dental_practice_ids: [practiceA], expires_at: new Date(Date.now() + 3_600_000).toISOString() });
    expect((await call(t.app, secret, 'GET', '/api/user')).statusCode).toBe(200);
    await t.database.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, data.id));
    const expired = await call(t.app, secret, 'GET', '/api/user');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/token/i);
    expect((await agent.get('/api/api-tokens')).json().data.find((x: { id: number }) => x.id === data.id).status).toBe('expired');
    const other = await createToken(agent, { role_id: roleId['Viewer'], dental_practice_ids: [practiceA] });
    expect((await call(t.app, other.secret, 'GET', '/api/user')).statusCode).toBe(200);
    const revoked = await agent.post(`/api/api-token/revoke/${other.data.id}`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.status).toBe('revoked');
    expect((await call(t.app, other.secret, 'GET', '/api/user')).statusCode).toBe(401);
    expect((await agent.post(`/api/api-token/revoke/${other.data.id}`)).statusCode).toBe(409);
    for (const header of ['Bearer', 'Bearer ', 'bearer x', `Bearer ${other.secret}x`, `Bearer enm_${'a'.repeat(43)}`, `Bearer ${'é'.repeat(50)}`, `Bearer ${'a'.repeat(5000)}`, `Bearer ${other.secret} ${other.secret}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization: header } });
      expect(res.statusCode, header).toBe(401);
    }
    // A proxy's Basic credentials are not ours: the request goes on as anonymous.
    expect((await t.app.inject({ method: 'GET', url: '/api/version', headers: { authorization: 'Basic dXNlcjpwYXNz' } })).statusCode).toBe(200);
  });

  it('is refused (403) by sign-in, sign-out, password, profile and token routes', async () => {
    const { agent, user } = await signedInUser(t, { role: 'Super Admin' });
    const { secret } = await createToken(agent, { role_id: roleId['Super Admin'], dental_practice_ids: [practiceA] });
    const refused: Array<[('GET' | 'POST'), string, unknown]> = [
      ['POST', '/login', { email: user.email, password: user.password }],
      ['POST', '/logout', {}],
      ['POST', '/api/forget-password', { email: user.email }],
      ['POST', '/api/reset-password', {}],
      ['POST', '/api/profile/password', { current_password: user.password, password: 'Another-Pass-2026!', password_confirmation: 'Another-Pass-2026!' }],
      ['POST', '/api/user/verify-password', { password: user.password }],
      // The creator's email is where a reset link goes: a token changing it could take the account over.
      ['POST', '/api/profile', { name: 'Taken Over', email: `taken-${user.email}`, locale: 'en' }],
      ['GET', '/api/profile/digest', undefined],
      ['GET', '/api/api-tokens', undefined],
      ['POST', '/api/api-token/create', { name: 'x', role_id: roleId['Viewer'], dental_practice_ids: [practiceA] }],
      ['POST', '/api/api-token/revoke/1', undefined],
    ];
    for (const [method, url, json] of refused) {
      const res = await call(t.app, secret, method, url, json);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message, url).toMatch(/API tokens cannot/);
    }
    const [after] = await t.database.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
    expect(after!.email).toBe(user.email);
  });

  it('is rate-limited per token: a 429 with Retry-After', async () => {
    const limited = await createTestApp({ limits: { apiToken: { max: 3, windowSeconds: 60 } } });
    try {
      const { agent } = await signedInUser(limited, { role: 'Super Admin' });
      const one = await createToken(agent, { role_id: roleId['Viewer'], dental_practice_ids: [(await createPractice(limited.database.db)).id] });
      const two = await createToken(agent, { role_id: roleId['Viewer'], dental_practice_ids: [(await createPractice(limited.database.db)).id] });
      for (let i = 0; i < 3; i++) expect((await call(limited.app, one.secret, 'GET', '/api/user')).statusCode).toBe(200);
      const res = await call(limited.app, one.secret, 'GET', '/api/user');
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      // Another token has its own window; the person's session is not limited.
      expect((await call(limited.app, two.secret, 'GET', '/api/user')).statusCode).toBe(200);
      expect((await agent.get('/api/user')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('logs what a token does as the token, its creation and revocation; notes when and where it was last used', async () => {
    const { agent, user } = await signedInUser(t, { role: 'Super Admin' });
    const { data, secret } = await createToken(agent, { name: 'Open Dental sync', role_id: roleId['Practice Manager'], dental_practice_ids: [practiceA] });
    const res = await t.app.inject({ method: 'POST', url: '/api/brand/create', remoteAddress: '10.1.2.3', headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' }, payload: JSON.stringify({ name: 'Logged brand' }) });
    expect(res.statusCode).toBe(201);
    const [entry] = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'Brand'), eq(activityLogs.subjectId, String(res.json().data.id))));
    expect(entry).toMatchObject({ userId: user.id, userEmail: `token ‹Open Dental sync› (created by ${user.email})`, ip: '10.1.2.3' });
    await agent.post(`/api/api-token/revoke/${data.id}`);
    const own = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'ApiToken'), eq(activityLogs.subjectId, String(data.id))));
    expect(own.map((e) => e.action).sort()).toEqual(['create', 'revoke']);
    expect(own.every((e) => e.userEmail === user.email)).toBe(true);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, data.id));
    expect(row!.lastUsedIp).toBe('10.1.2.3');
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('shows managers only tokens of their practices; others are not found', async () => {
    const { agent: admin } = await signedInUser(t, { role: 'Super Admin' });
    const inB = await createToken(admin, { role_id: roleId['Viewer'], dental_practice_ids: [practiceB] });
    const { agent: manager } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practiceA] });
    expect((await manager.get('/api/api-tokens')).json().data.map((x: { id: number }) => x.id)).not.toContain(inB.data.id);
    expect((await manager.post(`/api/api-token/revoke/${inB.data.id}`)).statusCode).toBe(404);
    expect((await call(t.app, inB.secret, 'GET', '/api/user')).statusCode).toBe(200);
  });

  it("answers /api/abilities with the token's own rules, not its creator's", async () => {
    const { agent } = await signedInUser(t, { role: 'Super Admin' });
    const { secret } = await createToken(agent, { role_id: roleId['Practice Manager'], dental_practice_ids: [practiceA] });
    const rules = (await call(t.app, secret, 'GET', '/api/abilities')).json<Array<{ action: string; subject: string; conditions?: unknown }>>();
    expect(rules.some((r) => r.subject === 'all')).toBe(false);
    expect(rules.find((r) => r.action === 'manage' && r.subject === 'Inventory')?.conditions).toEqual({ dentalPracticeId: { $in: [practiceA] } });
  });

  it("imports through the pipeline with a token: the job is the token's and runs with its rights", async () => {
    const { agent } = await signedInUser(t, { role: 'Super Admin' });
    const { data, secret } = await createToken(agent, { name: 'Importer', role_id: roleId['Practice Manager'], dental_practice_ids: [practiceA] });
    const name = `Token import ${Date.now()}`;
    const { payload, headers } = multipart('brands.csv', `name\n${name}\n`);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/brand/import', payload, headers: { ...headers, authorization: `Bearer ${secret}` } });
    expect(uploaded.statusCode, uploaded.body).toBe(202);
    const id = uploaded.json<{ data: { id: string } }>().data.id;
    const [job] = await t.database.db.select().from(importJobs).where(eq(importJobs.id, id));
    expect(job!.apiTokenId).toBe(data.id);
    const settle = async () => {
      for (;;) {
        const res = await call(t.app, secret, 'GET', `/api/import/${id}`);
        expect(res.statusCode).toBe(200);
        const body = res.json<{ data: { status: string } }>().data;
        if (!['queued', 'running'].includes(body.status)) return body;
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    expect((await settle()).status).toBe('succeeded');
    expect([200, 202]).toContain((await call(t.app, secret, 'POST', `/api/import/${id}/commit`, { mode: 'valid' })).statusCode);
    expect((await settle()).status).toBe('succeeded');
    expect(await t.database.db.select().from(brands).where(eq(brands.name, name))).toHaveLength(1);
  });

  it('declares both security schemes in the OpenAPI document (the Authorize button of /api/docs)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ components: { securitySchemes: Record<string, { type: string; scheme?: string; in?: string }> }; security: unknown[] }>();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.securitySchemes.session).toMatchObject({ type: 'apiKey', in: 'cookie' });
    expect(doc.security).toEqual([{ session: [], xsrf: [] }, { bearer: [] }]);
  });
});
