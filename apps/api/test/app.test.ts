import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { count, eq } from 'drizzle-orm';
import { userRoles, users, roles } from '@enamel/db';
import { ConfigError, loadConfig } from '../src/env.ts';
import { ensureFirstAdmin } from '../src/features/users/first-admin.ts';
import { verifyPassword } from '../src/core/passwords.ts';
import { Agent } from './agent.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { openTestDatabase } from './test-database.ts';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'assets', 'app-abc123.js'), 'console.log(1)');
  // A built chunk with the brotli and gzip files `npm run build` writes beside it.
  const chunk = `export const words = ${JSON.stringify('enamel '.repeat(2000))};`;
  fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js'), chunk);
  fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.br'), zlib.brotliCompressSync(chunk));
  fs.writeFileSync(path.join(webDist, 'assets', 'big-def456.js.gz'), zlib.gzipSync(chunk));
  t = await createTestApp({ webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('serving', () => {
  it('sends security headers: CSP without inline scripts, nosniff, no framing, no referrer', async () => {
    const res = await new Agent(t.app).get('/login', { accept: 'text/html' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // The same headers on every reply: an API error and a built asset too (worked out once at start).
    for (const other of [await new Agent(t.app).get('/api/user'), await new Agent(t.app).get('/assets/app-abc123.js')]) {
      expect(other.headers['content-security-policy']).toBe(res.headers['content-security-policy']);
      expect(other.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(other.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('serves the app for deep links and assets with long caching', async () => {
    for (const url of ['/', '/login', '/admin/dashboard', '/reset-password/abc?email=a%40b.c']) {
      const res = await new Agent(t.app).get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.cookies.some((c) => c.name === 'XSRF-TOKEN')).toBe(true);
    }
    const asset = await new Agent(t.app).get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    expect((await new Agent(t.app).get('/assets/missing.js')).statusCode).toBe(404);
  });

  it('sends built assets precompressed (brotli, else gzip) and caches them for good; index.html is revalidated', async () => {
    const br = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('enamel enamel');
    expect(br.rawPayload.length).toBeLessThan(1000);

    const gz = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toContain('enamel enamel');

    const plain = await t.app.inject({ method: 'GET', url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(14_000);

    const page = await t.app.inject({ method: 'GET', url: '/admin/dashboard', headers: { accept: 'text/html' } });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('compresses API JSON above 1 KB and leaves small answers alone; request bodies are never inflated', async () => {
    const big = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'br, gzip' } });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(zlib.brotliDecompressSync(big.rawPayload).toString()).openapi).toMatch(/^3\./);

    const gz = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');

    const small = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'accept-encoding': 'br, gzip' } });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();

    const inflated = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: zlib.gzipSync(JSON.stringify({ email: 'a@b.c', password: 'x' })),
    });
    expect(inflated.statusCode).toBeGreaterThanOrEqual(400);
    expect(inflated.statusCode).toBeLessThan(500);
  });

  it('publishes the OpenAPI document and the docs page', async () => {
    const doc = await new Agent(t.app).get('/api/openapi.json');
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of ['/login', '/logout', '/api/user', '/api/abilities', '/api/forget-password', '/api/reset-password', '/api/roles', '/api/profile']) expect(paths).toContain(p);
    expect(doc.json().paths['/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('remember');
    const page = await new Agent(t.app).get('/api/docs/');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });

  it('answers health and readiness', async () => {
    expect((await new Agent(t.app).get('/healthz')).json()).toEqual({ status: 'ok' });
    expect((await new Agent(t.app).get('/readyz')).json()).toMatchObject({ status: 'ok' });
    expect((await new Agent(t.app).get('/api/version')).json().version).toMatch(/^\d+\.\d+\.\d+/);
  });
});

describe('configuration', () => {
  it('names every bad value in one message', () => {
    const run = () => loadConfig({ PORT: '99999', DATABASE_URL: 'mysql://x', APP_URL: 'not a url', SESSION_SECRET: 'short', DATA_DIR: os.tmpdir() });
    expect(run).toThrow(ConfigError);
    try {
      run();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT: PORT must be between 1 and 65535');
      expect(message).toContain('DATABASE_URL: DATABASE_URL must start with postgres:// or postgresql://');
      expect(message).toContain('APP_URL');
      expect(message).toContain('SESSION_SECRET: SESSION_SECRET must be at least 32 characters');
    }
  });

  it('puts backups in DATA_DIR/backups unless told otherwise, and refuses a backup folder it cannot use', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-cfg-'));
    try {
      const config = loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32) });
      expect(config.backupDir).toBe(path.join(dir, 'backups'));
      expect(config.backupRetention).toEqual({ latest: 3, daily: 7, weekly: 4 });
      expect(loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32), BACKUP_DIR: 'elsewhere', BACKUP_KEEP_DAILY: '30', BACKUP_KEEP_WEEKLY: '0' })).toMatchObject({
        backupDir: path.resolve('elsewhere'),
        backupRetention: { latest: 3, daily: 30, weekly: 0 },
      });
      fs.writeFileSync(path.join(dir, 'a-file'), '');
      const message = (env: Record<string, string>) => {
        try {
          loadConfig({ DATA_DIR: dir, SESSION_SECRET: 'x'.repeat(32), ...env });
        } catch (err) {
          expect(err).toBeInstanceOf(ConfigError);
          return (err as Error).message;
        }
        throw new Error(`accepted ${JSON.stringify(env)}`);
      };
      expect(message({ BACKUP_DIR: path.join(dir, 'pgdata', 'backups') })).toContain(`BACKUP_DIR: ${path.join(dir, 'pgdata', 'backups')} is inside the database folder`);
      expect(message({ BACKUP_DIR: path.join(dir, 'a-file') })).toContain('exists and is not a folder');
      expect(message({ BACKUP_KEEP_DAILY: 'many', BACKUP_KEEP_WEEKLY: '-1', PORT: '0' })).toMatch(
        /BACKUP_KEEP_DAILY: BACKUP_KEEP_DAILY must be a whole number from 0 to 366[\s\S]*BACKUP_KEEP_WEEKLY: BACKUP_KEEP_WEEKLY must be a whole number from 0 to 520/,
      );
      expect(message({ LOGIN_LIMIT_PER_IP: '0' })).toContain('LOGIN_LIMIT_PER_IP: LOGIN_LIMIT_PER_IP must be a whole number from 1 to 100000');
      expect(message({ LOGIN_LIMIT_PER_IP: 'lots' })).toContain('LOGIN_LIMIT_PER_IP must be a whole number');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('generates a session secret once and keeps it in DATA_DIR', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-cfg-'));
    const a = loadConfig({ DATA_DIR: dir });
    const b = loadConfig({ DATA_DIR: dir });
    expect(a.sessionSecret).toHaveLength(64);
    expect(b.sessionSecret).toBe(a.sessionSecret);
    expect(a.port).toBe(3000);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('first Super Admin', () => {
  it('is created once with a generated password printed once', async () => {
    const database = await openTestDatabase();
    try {
      const printed: string[] = [];
      const log = pino({ level: 'silent' });
      await ensureFirstAdmin(database.db, { email: undefined, password: undefined, log, print: (l) => printed.push(l) });
      const password = printed.find((l) => l.includes('password:'))!.split('password:')[1]!.trim();
      const [admin] = await database.db.select().from(users);
      expect(admin!.email).toBe('admin@enamel.local');
      expect(await verifyPassword(admin!.passwordHash, password)).toBe(true);
      const [role] = await database.db.select({ name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, admin!.id));
      expect(role!.name).toBe('Super Admin');
      printed.length = 0;
      await ensureFirstAdmin(database.db, { email: 'other@example.test', password: 'Another-Pass-1', log, print: (l) => printed.push(l) });
      expect(printed).toEqual([]);
      expect((await database.db.select({ n: count() }).from(users))[0]!.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('uses ADMIN_EMAIL and ADMIN_PASSWORD when given, and prints nothing', async () => {
    const database = await openTestDatabase();
    try {
      const printed: string[] = [];
      await ensureFirstAdmin(database.db, { email: 'Boss@Example.test', password: 'Chief-Dentist-9', log: pino({ level: 'silent' }), print: (l) => printed.push(l) });
      const [admin] = await database.db.select().from(users);
      expect(admin!.email).toBe('boss@example.test');
      expect(await verifyPassword(admin!.passwordHash, 'Chief-Dentist-9')).toBe(true);
      expect(printed).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
