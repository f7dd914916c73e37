/**
 * GET /api/user with a session (real stack: cookie, session lookup in the database, roles,
 * serialisation) against a bare Fastify route returning the same JSON, in one run.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { openDatabase } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { createUser } from '../apps/api/test/factories.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 20, duration: DURATION, headers });
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx };
}

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const database = process.env.BENCH_DATABASE_URL ? await openDatabase({ url: process.env.BENCH_DATABASE_URL }) : await openDatabase();
  await database.migrate();
  await seedRoles(database.db);
  const app = await buildApp({ config, database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const user = await createUser(database.db, { role: 'Practice Manager', email: `bench-${Date.now()}@example.test` });
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
    body: JSON.stringify({ email: user.email, password: user.password }),
  });
  const session = /enamel_session=([^;]+)/.exec(login.headers.getSetCookie().join(';'))![1]!;
  const cookie = `enamel_session=${session}`;
  const sample: unknown = await (await fetch(`${base}/api/user`, { headers: { cookie } })).json();

  const bare = Fastify({ logger: false });
  bare.get('/api/user', async () => sample);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/api/user`;

  const floor = await load(bareUrl);
  const real = await load(`${base}/api/user`, { cookie });
  await Promise.all([app.close(), bare.close()]);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`\nGET /api/user with a session (${database.kind} database, 20 connections, ${DURATION}s each)`);
  console.table({
    'Enamel /api/user': { 'req/s': Math.round(real.rps), 'p50 ms': real.p50, 'p99 ms': real.p99, errors: real.errors },
    'bare Fastify, same JSON': { 'req/s': Math.round(floor.rps), 'p50 ms': floor.p50, 'p99 ms': floor.p99, errors: floor.errors },
  });
  console.log(`ratio: Enamel serves ${(real.rps / floor.rps).toFixed(2)}× the bare route's throughput; p99 ${(real.p99 / Math.max(floor.p99, 1)).toFixed(1)}× its latency`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
