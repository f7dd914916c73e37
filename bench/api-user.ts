/**
 * GET /api/user with a session (real stack: cookies, session, roles from the auth cache, serialisation) against a
 * bare Fastify route returning the same JSON, on the embedded database and (with BENCH_DATABASE_URL) on PostgreSQL
 * in a fresh database, each measured in the same run as its floor. The client sends what a browser sends: the
 * session and XSRF-TOKEN cookies. The server's memory is printed idle and under the load. BENCH_LOG=1 measures with
 * the production request log (one line per response, at info) written to /dev/null; by default the app logs nothing.
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import type { DatabaseHandle } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { createUser } from '../apps/api/test/factories.ts';
import { onEachDatabase } from './bench-databases.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 8);
const MB = 1024 * 1024;

function memory() {
  const m = process.memoryUsage();
  return `rss ${Math.round(m.rss / MB)} MB, heap ${Math.round(m.heapUsed / MB)} MB`;
}

async function load(url: string, headers: Record<string, string> = {}) {
  let peak = '';
  const sampler = setInterval(() => (peak = memory()), Math.max(500, (DURATION * 1000) / 2));
  const result = await autocannon({ url, connections: 20, duration: DURATION, headers });
  clearInterval(sampler);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, errors: result.errors + result.non2xx, memory: peak || memory() };
}

async function measure(label: string, open: () => Promise<DatabaseHandle>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const database = await open();
  await database.migrate();
  await seedRoles(database.db);
  const logger = process.env.BENCH_LOG ? { level: 'info', stream: fs.createWriteStream('/dev/null') } : false;
  const app = await buildApp({ config, database, logger });
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
  const setCookies = login.headers.getSetCookie().join(';');
  const session = /enamel_session=([^;]+)/.exec(setCookies)![1]!;
  const signedXsrf = /XSRF-TOKEN=([^;]+)/.exec(setCookies)![1]!;
  const cookie = `enamel_session=${session}; XSRF-TOKEN=${signedXsrf}`;
  const sample: unknown = await (await fetch(`${base}/api/user`, { headers: { cookie } })).json();

  const bare = Fastify({ logger: false });
  bare.get('/api/user', async () => sample);
  await bare.listen({ port: 0, host: '127.0.0.1' });
  const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/api/user`;

  global.gc?.();
  const idle = memory();
  const floor = await load(bareUrl);
  const real = await load(`${base}/api/user`, { cookie });
  await Promise.all([app.close(), bare.close()]);
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`\nGET /api/user with a session (${label} database, 20 connections, ${DURATION}s each${logger ? ', request log on' : ''})`);
  console.table({
    'Enamel /api/user': { 'req/s': Math.round(real.rps), 'p50 ms': real.p50, 'p99 ms': real.p99, errors: real.errors },
    'bare Fastify, same JSON': { 'req/s': Math.round(floor.rps), 'p50 ms': floor.p50, 'p99 ms': floor.p99, errors: floor.errors },
  });
  console.log(`ratio: Enamel serves ${(real.rps / floor.rps).toFixed(2)}× the bare route's throughput; p99 ${(real.p99 / Math.max(floor.p99, 1)).toFixed(1)}× its latency`);
  console.log(`server memory (this process: server and load generator): idle ${idle}; under load ${real.memory}`);
}

export async function run(): Promise<void> {
  await onEachDatabase('api_user', (label, _env, open) => measure(label, open));
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
