import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDatabase, rolePermissions, roles, sessions, userRoles, type DatabaseHandle } from '@enamel/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { createTestApp, signInAs, signedInUser, type TestApp } from './test-app.ts';

/**
 * Sessions, abilities and role names are cached in each process (core/auth-cache.ts) and dropped when the
 * database announces a change. On PostgreSQL two instances A and B share one database: a change made through A
 * must show on the very next request to B, whose cache was warm. On the embedded database B is A itself.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let b: FastifyInstance;
let databaseB: DatabaseHandle | null = null;
let dataDirB: string | null = null;
let roleId: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp();
  roleId = Object.fromEntries((await t.database.db.select().from(roles)).map((r) => [r.name, r.id]));
  if (onPostgres) {
    databaseB = await openDatabase({ url: t.database.url! });
    dataDirB = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-app-b-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDirB, SESSION_SECRET: t.config.sessionSecret, LOG_LEVEL: 'silent', APP_URL: 'http://enamel.test' });
    b = await buildApp({ config, database: databaseB, mailer: t.mailer, logger: false, workers: false });
    await b.ready();
  } else {
    b = t.app;
  }
  for (const app of [t.app, b]) while (!app.deps.auth.listening) await new Promise((r) => setTimeout(r, 20));
});
afterAll(async () => {
  if (databaseB) {
    await b.close();
    await databaseB.close();
    fs.rmSync(dataDirB!, { recursive: true, force: true });
  }
  await t.close();
});

/** The same browser (its cookies) talking to instance B. */
function onB(agent: Agent): Agent {
  const other = new Agent(b);
  for (const [k, v] of agent.cookies) other.cookies.set(k, v);
  return other;
}

/** Two requests on B: the first may load from the database, the second is served from its cache. */
async function warm(agent: Agent, url: string, status = 200) {
  for (let i = 0; i < 2; i++) expect((await agent.get(url)).statusCode).toBe(status);
}

const userBody = (user: { firstname: string; lastname: string; email: string }, extra: Record<string, unknown>) => ({
  firstname: user.firstname,
  lastname: user.lastname,
  email: user.email,
  locale: 'en',
  status: 'active',
  ...extra,
});

describe(`auth cache (${onPostgres ? 'PostgreSQL, two instances' : 'embedded'})`, () => {
  it('keeps the sliding expiry: a touch is written when due, announces nothing, and the session stays cached', async () => {
    const { agent, user } = await signedInUser(t, { role: 'Viewer' });
    const atB = onB(agent);
    const old = new Date(Date.now() - 5 * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: old, expiresAt: new Date(old.getTime() + 2 * 60 * 60_000) }).where(eq(sessions.userId, user.id));
    b.deps.auth.flush();
    await atB.get('/api/user');
    const cached = b.deps.auth.size.sessions;
    expect(cached).toBe(1);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 30_000);
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 2 * 60 * 60_000 - 30_000);
    expect((await atB.get('/api/user')).statusCode).toBe(200);
    expect(b.deps.auth.size.sessions).toBe(cached);
  });

  it('a practice grant removed through A: the next request on B no longer sees the practice', async () => {
    const practice = await createPractice(t.database.db);
    const admin = await signInAs(t, { role: 'Super Admin' });
    const { agent, user } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practice.id] });
    const atB = onB(agent);
    await warm(atB, `/api/dental-practice/${practice.id}`);
    const res = await admin.post(`/api/user/update/${user.id}`, userBody(user, { role_ids: [roleId['Practice Manager']], dental_practice_ids: [] }));
    expect(res.statusCode).toBe(200);
    expect((await atB.get(`/api/dental-practice/${practice.id}`)).statusCode).toBe(404);
  });

  it('a role changed through A: the next request on B is refused', async () => {
    const practice = await createPractice(t.database.db);
    const admin = await signInAs(t, { role: 'Super Admin' });
    const { agent, user } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practice.id] });
    const atB = onB(agent);
    await warm(atB, '/api/admin/list/users');
    const res = await admin.post(`/api/user/update/${user.id}`, userBody(user, { role_ids: [roleId['Clinical Staff']], dental_practice_ids: [practice.id] }));
    expect(res.statusCode).toBe(200);
    expect((await atB.get('/api/admin/list/users')).statusCode).toBe(403);
    expect((await atB.get('/api/user')).json().data.roles).toEqual(['Clinical Staff']);
  });

  it('a user deactivated through A: the next request on B is signed out', async () => {
    const admin = await signInAs(t, { role: 'Super Admin' });
    const { agent, user } = await signedInUser(t, { role: 'Viewer' });
    const atB = onB(agent);
    await warm(atB, '/api/user');
    expect((await admin.post('/api/user/delete', { id: user.id })).statusCode).toBe(200);
    expect((await atB.get('/api/user')).statusCode).toBe(401);
  });

  it('a password changed through A: the other sessions end on B at once', async () => {
    const { agent, user } = await signedInUser(t, { role: 'Viewer' });
    const other = new Agent(t.app);
    await other.login(user.email, user.password);
    const atB = onB(other);
    await warm(atB, '/api/user');
    const res = await agent.post('/api/profile/password', { current_password: user.password, password: 'Periodontal-Probe-8', password_confirmation: 'Periodontal-Probe-8' });
    expect(res.statusCode).toBe(200);
    expect((await atB.get('/api/user')).statusCode).toBe(401);
  });

  it("a role's permission deleted on A's database: the next request on B is refused", async () => {
    const db = t.database.db;
    const [role] = await db.insert(roles).values({ name: `Cache role ${process.pid}-${Date.now()}` }).returning();
    const granted = await db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId['Super Admin']!));
    await db.insert(rolePermissions).values(granted.map((g) => ({ roleId: role!.id, permissionId: g.permissionId })));
    const user = await createUser(db);
    await db.insert(userRoles).values({ userId: user.id, roleId: role!.id });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const atB = onB(agent);
    await warm(atB, '/api/admin/list/users');
    await db.delete(rolePermissions).where(eq(rolePermissions.roleId, role!.id));
    expect((await atB.get('/api/admin/list/users')).statusCode).toBe(403);
  });

  it('a practice deactivated through A: the next read on B shows it inactive', async () => {
    const practice = await createPractice(t.database.db);
    const { agent } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practice.id] });
    const atB = onB(agent);
    await warm(atB, `/api/dental-practice/${practice.id}`);
    const admin = await signInAs(t, { role: 'Super Admin' });
    expect((await admin.post(`/api/dental-practice/delete/${practice.id}`)).statusCode).toBe(200);
    const res = await atB.get(`/api/dental-practice/${practice.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('inactive');
  });

  it('logout through A ends the session on B at once', async () => {
    const { agent } = await signedInUser(t, { role: 'Viewer' });
    const atB = onB(agent);
    await warm(atB, '/api/user');
    expect((await agent.post('/logout')).statusCode).toBe(204);
    expect((await atB.get('/api/user')).statusCode).toBe(401);
  });

  it('a session expires: moved into the past it is refused on B, and an entry past its expiry is never served', async () => {
    const { agent, user } = await signedInUser(t, { role: 'Viewer' });
    const atB = onB(agent);
    await warm(atB, '/api/user');
    await t.database.db.update(sessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(sessions.userId, user.id));
    expect((await atB.get('/api/user')).statusCode).toBe(401);
  });
});
