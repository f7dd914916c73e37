/**
 * `npm run bench -- sync`: the Open Dental connector end to end on PostgreSQL (the target: 10,000 procedure-log rows
 * ≤ 30 s, then a run with no changes ≤ 2 s). An Open Dental database (Open Dental's tables) is created on the MySQL /
 * MariaDB server of BENCH_MYSQL_URL (or TEST_MYSQL_URL, else mysql://root@127.0.0.1:3306/test) and filled with 10,000
 * rows over the seeded catalog's CDT codes (most complete, some treatment-planned on scheduled appointments, some
 * deleted); `runSync` reads them and sends them in batches to a listening Enamel over HTTP, as `npm run sync -- open-dental`
 * does. Afterwards the ledger must be exact (every stock level, lot and rollup equal to its movements).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import mysql from 'mysql2/promise';
import { eq, sql } from 'drizzle-orm';
import { procedureCodes, procedureTemplates, products, type DatabaseHandle } from '@enamel/db';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/env.ts';
import { OPEN_DENTAL_TABLES, openDental } from '../apps/api/src/features/integrations/index.ts';
import { seedRoles } from '../apps/api/src/features/roles/roles.seed.ts';
import { seedCatalog } from '../apps/api/src/features/seeder/seeder.service.ts';
import { findLedgerDifferences } from '../apps/api/src/features/stock/ledger-check.ts';
import { receive } from '../apps/api/src/features/stock/ledger.ts';
import { enamelApiAt } from '../apps/api/src/sync/enamel-http.ts';
import { roles } from '@enamel/db';
import { runSync } from '../apps/api/src/sync/run-sync.ts';
import { createPractice, createUser } from '../apps/api/test/factories.ts';
import { onEachDatabase } from './bench-databases.ts';

const ROWS = Number(process.env.BENCH_SYNC_ROWS ?? 10_000);
const MYSQL_URL = process.env.BENCH_MYSQL_URL ?? process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

/** An API token for the sync, as `npm run sync` is given one: created over HTTP by the signed-in user, in `practiceId`. */
async function syncToken(base: string, email: string, password: string, roleId: number, practiceId: number): Promise<string> {
  const csrf = await fetch(`${base}/api/csrf-cookie`);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(csrf.headers.get('set-cookie') ?? '')![1]!;
  const login = await fetch(`${base}/login`, { method: 'POST', headers: { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf }, body: JSON.stringify({ email, password }) });
  if (login.status !== 200) throw new Error(`bench login failed: ${login.status}`);
  const set = login.headers.getSetCookie().join(';');
  const token = /XSRF-TOKEN=([^;]+)/.exec(set)?.[1] ?? xsrf;
  const cookie = `enamel_session=${/enamel_session=([^;]+)/.exec(set)![1]!}; XSRF-TOKEN=${token}`;
  const created = await fetch(`${base}/api/api-token/create`, {
    method: 'POST',
    headers: { cookie, 'x-xsrf-token': decodeURIComponent(token), 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Bench sync', role_id: roleId, dental_practice_ids: [practiceId] }),
  });
  if (created.status !== 201) throw new Error(`bench token failed: ${created.status} ${await created.text()}`);
  return ((await created.json()) as { secret: string }).secret;
}

/** Open Dental's tables in a fresh database with ROWS procedure-log rows over `codes`. */
async function openDentalDatabase(codes: string[]) {
  const name = `enamel_od_bench_${process.pid}`;
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(MYSQL_URL);
  url.pathname = `/${name}`;
  const od = await mysql.createConnection({ uri: url.toString() });
  for (const ddl of OPEN_DENTAL_TABLES) await od.query(ddl);
  await od.query('INSERT INTO procedurecode (ProcCode, Descript) VALUES ?', [codes.map((c) => [c, `Code ${c}`])]);
  await od.query("INSERT INTO provider (Abbr, FName, LName) VALUES ('DOK', 'Ada', 'Okafor'), ('DBE', 'Ben', 'Eze')");
  await od.query("INSERT INTO appointment (PatNum, AptStatus, AptDateTime, DateTStamp) VALUES (1, 1, '2027-03-01 09:00:00', '2025-01-01 00:00:00')");
  const rows: unknown[][] = [];
  for (let i = 0; i < ROWS; i++) {
    const status = i % 20 === 0 ? 1 : i % 50 === 1 ? 6 : 2; // 5 % planned on the appointment, 2 % deleted, the rest complete
    // Procedures in the order they were done (about 33 a day over 300 days), as a practice's log grows: a sync applies
    // changes as they happen, so procedure dates follow the change stamps (a backdated one re-closes later days).
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor((i * 300) / ROWS) * 86_400_000).toISOString().slice(0, 10);
    const stamp = new Date(Date.UTC(2025, 0, 1) + i * 1000).toISOString().slice(0, 19).replace('T', ' ');
    rows.push([i + 1, status === 1 ? 1 : 0, day, status, (i % codes.length) + 1, (i % 2) + 1, stamp]);
  }
  for (let i = 0; i < rows.length; i += 2000) await od.query('INSERT INTO procedurelog (PatNum, AptNum, ProcDate, ProcStatus, CodeNum, ProvNum, DateTStamp) VALUES ?', [rows.slice(i, i + 2000)]);
  return { url: url.toString(), drop: async () => { await od.query(`DROP DATABASE IF EXISTS ${name}`); await od.end(); } };
}

async function benchOne(label: string, database: DatabaseHandle) {
  const { db } = database;
  await database.migrate();
  await seedRoles(db);
  const actor = { userId: null, email: null, ip: 'bench', userAgent: 'bench' };
  await seedCatalog(db, actor);
  const practice = await createPractice(db);
  const user = await createUser(db, { role: 'Super Admin', email: `bench-sync-${Date.now()}@example.test` });
  // Codes with a template (their items are what a sync consumes), and plenty of every product on the shelf.
  const templated = await db.selectDistinct({ code: procedureCodes.code }).from(procedureTemplates).innerJoin(procedureCodes, eq(procedureCodes.id, procedureTemplates.procedureCodeId)).where(eq(procedureTemplates.status, 'active'));
  const codes = templated.map((c) => c.code).slice(0, 25);
  const all = await db.select({ id: products.id }).from(products);
  await db.transaction(async (tx) => {
    for (const p of all) await receive(tx, { practiceId: practice.id, userId: user.id }, { productId: p.id, quantity: '1000000', unitCost: '0.2500', lotNumber: null, expiryDate: null });
  });
  const od = await openDentalDatabase(codes);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-bench-sync-'));
  const app = await buildApp({ config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', NODE_ENV: 'production' }), database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const [manager] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Practice Manager'));
    const api = enamelApiAt({ baseUrl: base, token: await syncToken(base, user.email, user.password, manager!.id, practice.id) });
    const sync = () => runSync({ source: openDental, sourceUrl: od.url, practiceId: practice.id, api, batchSize: 500, lagSeconds: 0 });
    let started = performance.now();
    const first = await sync();
    const firstSeconds = (performance.now() - started) / 1000;
    const [counted] = await db.execute<{ n: number }>(sql`select count(*)::int as n from procedures where dental_practice_id = ${practice.id}`).then((r) => ((r as { rows?: unknown }).rows ?? r) as Array<{ n: number }>);
    const differences = await findLedgerDifferences(db);
    started = performance.now();
    const second = await sync();
    const secondSeconds = (performance.now() - started) / 1000;
    console.log(`${label}: first sync ${first.read} rows in ${first.batches} batches: ${firstSeconds.toFixed(1)} s (target ≤ 30 s) — ${first.applied} applied, ${first.unchanged} unchanged, ${first.unknown} unknown code, ${first.skipped} skipped; ${Number(counted?.n)} procedures recorded`);
    console.log(`${label}: ledger after the sync: ${differences.length === 0 ? 'exact (check:ledger clean)' : `${differences.length} DIFFERENCE(S)`}`);
    console.log(`${label}: second run, no changes: ${second.read} rows read, ${second.applied} applied in ${secondSeconds.toFixed(2)} s (target ≤ 2 s)`);
    if (differences.length) process.exitCode = 1;
  } finally {
    await app.close();
    await od.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  await onEachDatabase('sync', async (label, _env, open) => {
    const database = await open();
    try {
      await benchOne(label, database);
    } finally {
      await database.close();
    }
  }, { embedded: false, skipped: 'the target is PostgreSQL' });
}
