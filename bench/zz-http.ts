/**
 * Where a completion's time goes: counts the SQL statements one procedure completion (5 items, through
 * POST /api/procedure/create) sends, grouped by their first words, then runs BENCH_SECONDS (5) of completions
 * on one client so `node --cpu-prof` has a profile to record. Embedded database, a temporary folder.
 *   node --cpu-prof --cpu-prof-dir=/tmp/prof-completion --import tsx bench/completion-profile.ts (the whole run)
 *   PROFILE_DIR=/tmp/prof-completion node --import tsx bench/completion-profile.ts (the load alone)
 */
import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Session } from 'node:inspector/promises';
import { asc, eq } from 'drizzle-orm';
import { openDatabase, procedureCodes, products } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import type { Actor } from '../apps/api/src/core/activity-log.ts';
import { receive } from '../apps/api/src/features/stock/ledger.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { seedCatalog } from '../apps/api/src/features/seeder/seeder.service.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { analyzeStaleTables } from '../apps/api/src/core/table-statistics.ts';
import { createPractice, createUser } from '../apps/api/test/factories.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ACTOR: Actor = { userId: null, email: null, ip: 'bench', userAgent: 'bench' };
/** The statements of one completion, then completions on one client (a CPU profile of them alone under PROFILE_DIR). */
export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-prof-'));
  const database = await openDatabase({ dataDir: path.join(dir, 'db') });
  const { db } = database;
  await database.migrate();
  await seedRoles(db);
  await seedCatalog(db, ACTOR);
  const practice = await createPractice(db);
  const user = await createUser(db, { role: 'Practice Manager', practiceIds: [practice.id] });
  const pool = (await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(40)).map((p) => p.id);
  await db.transaction(async (tx) => {
    for (const productId of pool) {
      for (const [lot, expiry] of [['A', '2030-01-31'], ['B', '2031-06-30']] as const) {
        await receive(tx, { practiceId: practice.id, userId: user.id }, { productId, quantity: '1000000', unitCost: '0.2500', lotNumber: lot, expiryDate: expiry });
      }
    }
  });
  const [code] = await db.select({ id: procedureCodes.id }).from(procedureCodes).where(eq(procedureCodes.code, 'D2391'));

  // Every statement drizzle sends (the transactions' sessions share these options).
  const statements: string[] = [];
  const session = (db as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  session.logger = session.options.logger = { logQuery: (query: string) => statements.push(query) };

  // The planner's statistics of the seeded tables, as the app's start (bootstrap) takes them.
  await analyzeStaleTables(db);
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', NODE_ENV: 'production' }), database, logger: false });
  const csrf = await app.inject({ method: 'GET', url: '/api/csrf-cookie' });
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(csrf.headers['set-cookie']))![1]!;
  const login = await app.inject({ method: 'POST', url: '/login', headers: { cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf }, payload: { email: user.email, password: user.password } });
  const set = ([] as string[]).concat(login.headers['set-cookie'] as string[]).join(';');
  const token = /XSRF-TOKEN=([^;]+)/.exec(set)?.[1] ?? xsrf;
  const headers = { cookie: `enamel_session=${/enamel_session=([^;]+)/.exec(set)![1]}; XSRF-TOKEN=${token}`, 'x-xsrf-token': decodeURIComponent(token) };
  let turn = 0;
  const complete = async () => {
    const items = pool.slice((turn * 5) % 35, ((turn++ * 5) % 35) + 5).map((product_id) => ({ product_id, quantity: '1' }));
    const res = await app.inject({ method: 'POST', url: '/api/procedure/create', headers, payload: { dental_practice_id: practice.id, procedure_code_id: code!.id, performed_at: new Date().toISOString(), provider: 'Dr. Bench', status: 'completed', items } });
    if (res.statusCode !== 201) throw new Error(`HTTP ${res.statusCode} ${res.body}`);
  };
  await complete();
  statements.length = 0;
  await complete();
  const kinds = new Map<string, number>();
  for (const s of statements) {
    const flat = s.replace(/\s+/g, ' ').replace(/"/g, '');
    const verb = /^\s*(\w+)/.exec(flat)?.[1]?.toLowerCase() ?? flat;
    const table = /^\s*(?:insert into|update|delete from) (\w+)/i.exec(flat)?.[1] ?? / from (\w+)/i.exec(flat)?.[1] ?? '';
    const key = `${verb} ${table}${/ for (update|share)/i.exec(flat)?.[0] ?? ''}`;
    kinds.set(key, (kinds.get(key) ?? 0) + 1);
  }
  console.log(`statements for one completion of 5 items (request + answer): ${statements.length}`);
  console.table([...kinds].map(([statement, count]) => ({ statement, count })));
  session.logger = session.options.logger = { logQuery: () => undefined };
  // PROFILE_DIR: a CPU profile of the load alone (without the setup's migrations and seeding).
  const inspector = process.env.PROFILE_DIR ? new Session() : null;
  if (inspector) {
    inspector.connect();
    await inspector.post('Profiler.enable');
    await inspector.post('Profiler.start');
  }
  {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const server: number[] = []; const gaps: number[] = []; let lastFinish = 0;
    app.server.on('request', (req, res) => { const t = performance.now(); if (lastFinish) gaps.push(t - lastFinish); res.on('finish', () => { lastFinish = performance.now(); server.push(lastFinish - t); }); });
    const { default: autocannon } = await import('autocannon');
    let turn2 = 0;
    const r = await autocannon({ url: `${base}/api/procedure/create`, connections: 1, duration: SECONDS,
      requests: [{ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, setupRequest: (req: object) => ({ ...req, body: JSON.stringify({ dental_practice_id: practice.id, procedure_code_id: code!.id, performed_at: new Date().toISOString(), provider: 'Dr. Bench', status: 'completed', items: pool.slice((turn2 * 5) % 35, ((turn2++ * 5) % 35) + 5).map((product_id) => ({ product_id, quantity: '1' })) }) }) }] });
    const med = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(2);
    const mean = (a: number[]) => (a.reduce((x, y) => x + y, 0) / a.length).toFixed(2);
    console.log('HTTP', r.requests.average, '/s; client p50', r.latency.p50, 'mean', r.latency.average, '; server median', med(server), 'mean', mean(server), '; gap finish->next request median', med(gaps), 'mean', mean(gaps));
  }
  const times: number[] = [];
  // CPU time of this process per completion (the database is in it): steadier than wall time on a shared machine.
  const cpuBefore = process.cpuUsage();
  const end = performance.now() + SECONDS * 1000;
  while (performance.now() < end) {
    const start = performance.now();
    await complete();
    times.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuBefore);
  times.sort((a, b) => a - b);
  if (inspector) {
    const { profile } = await inspector.post('Profiler.stop');
    fs.mkdirSync(process.env.PROFILE_DIR!, { recursive: true });
    fs.writeFileSync(path.join(process.env.PROFILE_DIR!, `completions-${Date.now()}.cpuprofile`), JSON.stringify(profile));
  }
  console.log(`${times.length} completions in ${SECONDS}s on one client (inject): ${(times.length / SECONDS).toFixed(1)}/s, p50 ${times[Math.floor(times.length / 2)]!.toFixed(1)} ms, CPU ${((cpu.user + cpu.system) / 1000 / times.length).toFixed(1)} ms per completion`);
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
}



await run();
