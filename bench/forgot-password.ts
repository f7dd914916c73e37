/**
 * POST /api/forget-password for an existing account and for an unknown email, interleaved, one
 * request at a time over HTTP (real stack: CSRF, throttles, the work after the reply). The two
 * medians should be the same: the answer goes out before anything depends on the account.
 */
import { once } from 'node:events';
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import fs from 'node:fs';
import path from 'node:path';
import { openDatabase } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { createUser } from '../apps/api/test/factories.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const UNLIMITED = { max: 1_000_000, windowSeconds: 60 };

/**
 * One email of each kind throughout (each has its own throttle row, updated every time),
 * alternating which goes first so neither always follows the other's work after its reply.
 */
const CLIENT = `
const { parentPort, workerData: w } = require('node:worker_threads');
const ask = async (email) => {
  const started = process.hrtime.bigint();
  const res = await fetch(w.url, { method: 'POST', headers: w.headers, body: JSON.stringify({ email }) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error('forget-password answered ' + res.status);
  return Number(process.hrtime.bigint() - started) / 1e6;
};
(async () => {
  for (let i = 0; i < 20; i++) await ask(i % 2 ? w.existing : w.unknown);
  const times = { existing: [], unknown: [] };
  for (let i = 0; i < w.rounds; i++) {
    for (const which of i % 2 ? ['existing', 'unknown'] : ['unknown', 'existing']) times[which].push(await ask(w[which]));
  }
  parentPort.postMessage(times);
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export async function run(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' });
  const database = process.env.BENCH_DATABASE_URL ? await openDatabase({ url: process.env.BENCH_DATABASE_URL }) : await openDatabase();
  await database.migrate();
  await seedRoles(database.db);
  const app = await buildApp({ config, database, logger: false, limits: { forgotPerIp: UNLIMITED, forgotPerAccount: UNLIMITED } });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const stamp = Date.now();
  const user = await createUser(database.db, { role: 'Viewer', email: `bench-forgot-${stamp}@example.test` });
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const headers = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  // The client runs in a worker thread: in the server's own event loop it would also wait for
  // the work the server does after each reply (the embedded database runs on that thread).
  const worker = new Worker(CLIENT, { eval: true, workerData: { url: `${base}/api/forget-password`, headers, existing: user.email, unknown: `nobody-${stamp}@example.test`, rounds: ROUNDS } });
  const [times] = (await once(worker, 'message')) as [{ existing: number[]; unknown: number[] } | { error: string }];
  await worker.terminate();
  if ('error' in times) throw new Error(times.error);
  const { existing, unknown } = times;
  await app.close();
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`\nPOST /api/forget-password, ${ROUNDS} of each, one at a time (${database.kind} database)`);
  console.table({
    'existing account': { 'median ms': Number(median(existing).toFixed(3)) },
    'unknown email': { 'median ms': Number(median(unknown).toFixed(3)) },
  });
  console.log(`difference of the medians: ${(median(existing) - median(unknown)).toFixed(3)} ms`);
}

if (import.meta.url === `file://${process.argv[1]}`) await run();
