import os from 'node:os';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { asc, eq, sql } from 'drizzle-orm';
import { openDatabase, procedureCodes, products } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { receive } from '../apps/api/src/features/stock/ledger.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { seedCatalog } from '../apps/api/src/features/seeder/seeder.service.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { createPractice, createUser } from '../apps/api/test/factories.ts';
const ACTOR = { userId: null, email: null, ip: 'bench', userAgent: 'bench' };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-prof-'));
const database = await openDatabase({ dataDir: path.join(dir, 'db') });
const { db } = database;
await database.migrate();
await seedRoles(db);
await seedCatalog(db, ACTOR as never);
const practice = await createPractice(db);
const user = await createUser(db, { role: 'Practice Manager', practiceIds: [practice.id] });
const pool = (await db.select({ id: products.id }).from(products).orderBy(asc(products.id)).limit(40)).map((p) => p.id);
await db.transaction(async (tx) => {
  for (const productId of pool) for (const [lot, expiry] of [['A', '2030-01-31'], ['B', '2031-06-30']] as const)
    await receive(tx, { practiceId: practice.id, userId: user.id }, { productId, quantity: '1000000', unitCost: '0.2500', lotNumber: lot, expiryDate: expiry });
});
const [code] = await db.select({ id: procedureCodes.id }).from(procedureCodes).where(eq(procedureCodes.code, 'D2391'));
const client = (db as any).$client;
const times = new Map<string, number[]>();
let on = false;
for (const m of ['query', 'exec']) {
  const orig = client[m].bind(client);
  client[m] = async (q: string, ...rest: unknown[]) => {
    const t = performance.now();
    try { return await orig(q, ...rest); } finally {
      if (on) { const k = q.replace(/\s+/g, ' ').slice(0, 90); (times.get(k) ?? times.set(k, []).get(k)!).push(performance.now() - t); }
    }
  };
}
const record = (k: string, t: number) => { if (on) { k = k.replace(/\s+/g, ' ').slice(0, 90); (times.get(k) ?? times.set(k, []).get(k)!).push(performance.now() - t); } };
const captured: Array<[string, unknown[]]> = [];
let capture = false;
const origQ = client.query.bind(client);
client.query = async (q: string, params: unknown[], ...r: unknown[]) => { if (capture) captured.push([q, params]); return origQ(q, params, ...r); };
const origTx = client.transaction.bind(client);
client.transaction = (fn: any) => origTx(async (tx: any) => {
  { const o = tx.query.bind(tx); tx.query = async (q: string, params: unknown[], ...r: unknown[]) => { if (capture) captured.push([q, params]); return o(q, params, ...r); }; }
  for (const m of ['query', 'exec']) { const o = tx[m].bind(tx); tx[m] = async (q: string, ...r: unknown[]) => { const t = performance.now(); try { return await o(q, ...r); } finally { record(q, t); } }; }
  const t = performance.now();
  try { return await fn(tx); } finally { record('TX TOTAL', t); }
});
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
for (let i = 0; i < 30; i++) await complete();
if (process.env.ANALYZE) { const { analyzeStaleTables } = await import('../apps/api/src/core/table-statistics.ts'); await db.execute(sql.raw('analyze')); }
on = true;
const N = 150; const t0 = performance.now();
for (let i = 0; i < N; i++) await complete();
const total = (performance.now() - t0) / N;
on = false;
capture = true; await complete(); capture = false;
if (process.env.EXPLAIN) for (const [q, params] of captured) {
  if (!/^\s*(select|with|insert|update)/i.test(q)) continue;
  await origQ('begin');
  try {
    const r = await origQ('explain (analyze, summary) ' + q, params);
    const lines = r.rows.map((x: any) => x['QUERY PLAN']);
    console.log('---', q.replace(/\s+/g, ' ').slice(0, 80)); console.log(lines.filter((l: string) => /Time|^\S/.test(l)).join('\n'));
    if (process.env.EXPLAIN === 'full') console.log(lines.join('\n'));
  } catch (e) { console.log('ERR', (e as Error).message.slice(0, 100)); }
  await origQ('rollback');
}
let sum = 0;
const rows = [...times].map(([k, v]) => { v.sort((a, b) => a - b); const per = v.reduce((a, b) => a + b, 0) / N; sum += per; return { k, n: v.length / N, perCompletionMs: +per.toFixed(2), p50: +v[v.length >> 1]!.toFixed(2) }; }).sort((a, b) => b.perCompletionMs - a.perCompletionMs);
console.table(rows);
console.log('total per completion', total.toFixed(2), 'in db', sum.toFixed(2));
await app.close(); await database.close();
