import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { openDatabase, roles, userPractices, type DatabaseHandle } from '@enamel/db';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/env.ts';
import { createPractice } from './factories.ts';
import { createTestApp, signedInUser, type TestApp } from './test-app.ts';

/**
 * Revocation is immediate on every instance: each caches a token by its hash (core/auth-cache.ts) and the database
 * announces a revocation (migration 0028). On PostgreSQL A and B share one database; embedded, B is A itself.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
let t: TestApp;
let b: FastifyInstance;
let databaseB: DatabaseHandle | null = null;
let dataDirB: string | null = null;

beforeAll(async () => {
  t = await createTestApp();
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

const withToken = (app: FastifyInstance, secret: string, url: string) => app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${secret}` } });

describe(`API tokens across instances (${onPostgres ? 'PostgreSQL, two instances' : 'embedded'})`, () => {
  it('revoked through A: the very next request with the token on B gets 401, though B had it cached', async () => {
    const practice = await createPractice(t.database.db);
    const [viewer] = await t.database.db.select().from(roles).where(eq(roles.name, 'Viewer'));
    const { agent } = await signedInUser(t, { role: 'Super Admin' });
    const created = await agent.post('/api/api-token/create', { name: 'Sync', role_id: viewer!.id, dental_practice_ids: [practice.id] });
    expect(created.statusCode, created.body).toBe(201);
    const { data, secret } = created.json<{ data: { id: number }; secret: string }>();
    for (let i = 0; i < 2; i++) expect((await withToken(b, secret, `/api/dental-practice/${practice.id}`)).statusCode).toBe(200);
    expect(b.deps.auth.size.tokens).toBeGreaterThan(0);
    expect((await agent.post(`/api/api-token/revoke/${data.id}`)).statusCode).toBe(200);
    const res = await withToken(b, secret, `/api/dental-practice/${practice.id}`);
    expect(res.statusCode).toBe(401);
  });

  it("its creator losing their only practice through A leaves the token on B nothing there at once", async () => {
    const practice = await createPractice(t.database.db);
    const [viewer] = await t.database.db.select().from(roles).where(eq(roles.name, 'Viewer'));
    const { agent, user } = await signedInUser(t, { role: 'Practice Manager', practiceIds: [practice.id] });
    const { secret } = (await agent.post('/api/api-token/create', { name: 'Sync', role_id: viewer!.id, dental_practice_ids: [practice.id] })).json<{ secret: string }>();
    for (let i = 0; i < 2; i++) expect((await withToken(b, secret, `/api/dental-practice/${practice.id}`)).statusCode).toBe(200);
    await t.database.db.delete(userPractices).where(eq(userPractices.userId, user.id));
    expect((await withToken(b, secret, `/api/dental-practice/${practice.id}`)).statusCode).toBe(403);
  });
});
