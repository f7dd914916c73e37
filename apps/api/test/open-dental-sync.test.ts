import crypto from 'node:crypto';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { inventories, procedures } from '@enamel/db';
import { OPEN_DENTAL_TABLES } from '../src/features/integrations/open-dental/mapping.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { enamelApiAt } from '../src/sync/enamel-http.ts';
import { SYNC_SOURCES, runSync } from '../src/sync/run-sync.ts';
import type { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { commit, validated } from './imports-helpers.ts';
import { uid } from './ledgers.ts';
import { listeningAppWithAdmin, signInAs } from './test-app.ts';

/**
 * The Open Dental connector against a real MariaDB/MySQL (TEST_MYSQL_URL; this file creates and drops its own
 * database with Open Dental's tables) and Enamel through the real HTTP stack: first sync, incremental sync after
 * new, amended and deleted rows, a second run that does nothing, unknown codes kept and applied once mapped,
 * stock consumed exactly; the CSV path through the import pipeline; the external-id upsert and delete routes.
 */
const app = listeningAppWithAdmin();
const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const dbName = `enamel_od_${crypto.randomBytes(4).toString('hex')}`;
let od: mysql.Connection;

beforeAll(async () => {
  const admin = await mysql.createConnection({ uri: MYSQL_URL });
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const url = new URL(MYSQL_URL);
  url.pathname = `/${dbName}`;
  od = await mysql.createConnection({ uri: url.toString(), dateStrings: true });
  for (const ddl of OPEN_DENTAL_TABLES) await od.query(ddl);
});
afterAll(async () => {
  await od?.query(`DROP DATABASE IF EXISTS ${dbName}`);
  await od?.end();
});

const sourceUrl = () => {
  const url = new URL(MYSQL_URL);
  url.pathname = `/${dbName}`;
  return url.toString();
};
/** The sync's typed client, carrying a signed-in agent's session (the command itself sends an API token). */
const agentApi = (agent: Agent) =>
  enamelApiAt({ baseUrl: app.base, headers: { cookie: agent.cookieHeader(), 'x-xsrf-token': agent.cookies.get('XSRF-TOKEN')!, 'x-requested-with': 'XMLHttpRequest' } });
const sync = (practiceId: number, agent: Agent = app.admin) =>
  runSync({ source: SYNC_SOURCES['open-dental']!, sourceUrl: sourceUrl(), practiceId, api: agentApi(agent), batchSize: 3, lagSeconds: 0 });

async function onHand(practiceId: number, productId: number) {
  const [row] = await app.t.database.db.select({ onHand: inventories.onHand }).from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  return Number(row?.onHand ?? 0);
}
const external = async (practiceId: number, externalId: string) =>
  (await app.t.database.db.select().from(procedures).where(and(eq(procedures.dentalPracticeId, practiceId), eq(procedures.externalSource, 'open-dental'), eq(procedures.externalId, externalId))))[0];

/** A practice with 100 of a product; code A uses 2 of it (template), code B 5; the CDT codes are unique per test run. */
async function setup(timeZone = 'UTC') {
  const practice = await createPractice(app.t.database.db, { timeZone });
  const created = await app.admin.post('/api/product/create', { name: `Composite ${uid()}`, sku: `CMP-${uid()}`, usage_unit: 'syringe', purchase_unit: 'box', units_per_purchase_unit: 10, purchase_price: '10.00', tracks_lots: false });
  expect([200, 201], created.body).toContain(created.statusCode);
  const product = created.json().data;
  expect((await app.admin.post('/api/inventory/receive', { dental_practice_id: practice.id, product_id: product.id, quantity: '100' })).statusCode).toBe(200);
  const code = async (quantity: string) => {
    const c = (await app.admin.post('/api/procedure-code/create', { code: `D${uid()}`.slice(0, 15).toUpperCase(), name: 'Composite', category: 'restorative' })).json().data;
    const res = await app.admin.post('/api/procedure-template/create', { name: `Kit ${uid()}`, procedure_code_id: c.id, items: [{ product_id: product.id, quantity }] });
    expect(res.statusCode, res.body).toBe(201);
    return c as { id: number; code: string };
  };
  return { practice, product, a: await code('2'), b: await code('5') };
}

let stamp = 0;
/** DateTStamps in order, explicitly (seconds apart, in the past). */
const nextStamp = () => new Date(Date.UTC(2026, 0, 1, 8, 0, 0) + ++stamp * 1000).toISOString().slice(0, 19).replace('T', ' ');

async function odCode(code: string, descript = 'Resin composite') {
  const [res] = await od.query<mysql.ResultSetHeader>('INSERT INTO procedurecode (ProcCode, Descript) VALUES (?, ?)', [code, descript]);
  return res.insertId;
}
async function odProc(fields: { codeNum: number; status: number; date: string; aptNum?: number; provNum?: number }) {
  const [res] = await od.query<mysql.ResultSetHeader>('INSERT INTO procedurelog (PatNum, AptNum, ProcDate, ProcStatus, CodeNum, ProvNum, DateTStamp) VALUES (1, ?, ?, ?, ?, ?, ?)', [
    fields.aptNum ?? 0, fields.date, fields.status, fields.codeNum, fields.provNum ?? 0, nextStamp(),
  ]);
  return res.insertId;
}
const odUpdate = (procNum: number, set: string, values: unknown[] = []) => od.query(`UPDATE procedurelog SET ${set}, DateTStamp = ? WHERE ProcNum = ?`, [...values, nextStamp(), procNum]);

describe('npm run sync -- open-dental against MariaDB', () => {
  it('first sync, a run with no changes, then new, amended and deleted rows: stock exact, unknown codes kept until mapped', async () => {
    await od.query('DELETE FROM procedurelog');
    const { practice, product, a, b } = await setup('Europe/London');
    const [prov] = await od.query<mysql.ResultSetHeader>("INSERT INTO provider (Abbr, FName, LName) VALUES ('DOK', 'Ada', 'Okafor')");
    const [apt] = await od.query<mysql.ResultSetHeader>("INSERT INTO appointment (PatNum, AptStatus, AptDateTime, DateTStamp) VALUES (1, 1, '2027-06-15 09:30:00', '2026-01-01 07:00:00')");
    const codeA = await odCode(a.code);
    const codeB = await odCode(b.code);
    const unknown = await odCode(`X${uid()}`.slice(0, 15), 'Sealant per tooth');
    const done = await odProc({ codeNum: codeA, status: 2, date: '2026-01-10', provNum: prov.insertId });
    const booked = await odProc({ codeNum: codeA, status: 1, date: '2026-01-10', aptNum: apt.insertId });
    const waiting = await odProc({ codeNum: unknown, status: 2, date: '2026-01-11' });
    const existing = await odProc({ codeNum: codeA, status: 4, date: '2020-01-01' });

    const first = await sync(practice.id);
    expect(first).toMatchObject({ read: 4, applied: 2, unchanged: 0, unknown: 1, skipped: 1 });
    expect(first.skippedRows).toEqual([{ external_id: String(existing), reason: 'existing' }]);
    expect(await onHand(practice.id, product.id)).toBe(98);
    const completed = await external(practice.id, String(done));
    expect(completed).toMatchObject({ status: 'completed', provider: 'Ada Okafor', procedureCodeId: a.id });
    expect(completed!.performedAt.toISOString()).toBe('2026-01-10T12:00:00.000Z');
    const planned = await external(practice.id, String(booked));
    // Booked demand: planned at the scheduled appointment's time, in the practice's zone (BST in June).
    expect(planned).toMatchObject({ status: 'planned' });
    expect(planned!.performedAt.toISOString()).toBe('2027-06-15T08:30:00.000Z');

    // The unknown code is listed, not dropped or guessed.
    const overview = (await app.admin.get(`/api/integrations/open-dental?dental_practice_id=${practice.id}`)).json().data;
    expect(overview.unknown_codes).toMatchObject([{ description: 'Sealant per tooth', count: 1 }]);
    expect(overview.cursor).toEqual({ changed_at: expect.any(String), change_id: String(existing) });
    expect(overview.runs.length).toBe(2);

    // Nothing changed: nothing read, nothing sent, nothing applied.
    const again = await sync(practice.id);
    expect(again).toMatchObject({ read: 0, batches: 0, applied: 0 });

    // A new completed row, the booked one completed, the first one deleted, and a completed one amended to code B.
    const fresh = await odProc({ codeNum: codeA, status: 2, date: '2026-01-12' });
    await odUpdate(booked, 'ProcStatus = 2, ProcDate = ?', ['2026-01-12']);
    await odUpdate(done, 'ProcStatus = 6');
    const amended = await odProc({ codeNum: codeA, status: 2, date: '2026-01-13' });
    let after = await sync(practice.id);
    expect(after).toMatchObject({ read: 4, applied: 4, unknown: 0, skipped: 0 });
    // 98 − 2 (fresh) − 2 (booked completed) + 2 (deleted) − 2 (amended, as code A) = 94.
    expect(await onHand(practice.id, product.id)).toBe(94);
    expect(await external(practice.id, String(done))).toBeUndefined();
    expect(await external(practice.id, String(booked))).toMatchObject({ status: 'completed' });
    expect(await external(practice.id, String(fresh))).toMatchObject({ status: 'completed' });
    await odUpdate(amended, 'CodeNum = ?', [codeB]);
    after = await sync(practice.id);
    expect(after).toMatchObject({ read: 1, applied: 1 });
    // Amended from 2 to 5 units: exactly 3 more consumed.
    expect(await onHand(practice.id, product.id)).toBe(91);
    expect(await external(practice.id, String(amended))).toMatchObject({ procedureCodeId: b.id });
    expect(await sync(practice.id)).toMatchObject({ read: 0, applied: 0 });

    // Mapping the unknown code applies the row that waited for it.
    const mapped = await app.admin.post('/api/integrations/open-dental/code-map', { dental_practice_id: practice.id, source_code: overview.unknown_codes[0].source_code, procedure_code_id: b.id });
    expect(mapped.statusCode, mapped.body).toBe(200);
    expect(mapped.json().data).toMatchObject({ applied: 1, unknown: 0 });
    expect(await onHand(practice.id, product.id)).toBe(86);
    expect(await external(practice.id, String(waiting))).toMatchObject({ procedureCodeId: b.id, status: 'completed' });
    expect((await app.admin.get(`/api/integrations/open-dental?dental_practice_id=${practice.id}`)).json().data.unknown_codes).toEqual([]);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  });

  it('rows for a practice the caller may not touch are skipped and reported; a practice of another is a 404 for the batch', async () => {
    const { practice, product, a, b } = await setup();
    const other = await createPractice(app.t.database.db);
    const user = await createUser(app.t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
    const manager = await signInAs(app.t, { role: 'Practice Manager', practiceIds: [practice.id] });
    void user;
    const row = (practiceId: number, id: string) => ({ dental_practice_id: practiceId, external_id: id, action: 'completed', source_code: a.code, performed_at: '2026-02-01 10:00' });
    const res = await manager.post('/api/integrations/open-dental/sync', { dental_practice_id: practice.id, rows: [row(practice.id, 'M1'), row(other.id, 'M2')] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ applied: 1, skipped: 1, skipped_rows: [{ external_id: 'M2', reason: 'practice_not_allowed' }] });
    expect(await external(other.id, 'M2')).toBeUndefined();
    const refused = await manager.post('/api/integrations/open-dental/sync', { dental_practice_id: other.id, rows: [row(other.id, 'M3')] });
    expect(refused.statusCode).toBe(404);
    // Not enough stock for the last rows: the batch is applied again with a savepoint per row, those rows skipped and reported.
    const greedy = await manager.post('/api/integrations/open-dental/sync', { dental_practice_id: practice.id, rows: Array.from({ length: 22 }, (_, i) => ({ ...row(practice.id, `G${i}`), source_code: b.code })) });
    expect(greedy.statusCode, greedy.body).toBe(200);
    // 100 − 2 (M1) = 98 on hand: 19 rows of 5 fit, 3 do not.
    expect(greedy.json().data).toMatchObject({ applied: 19, skipped: 3 });
    expect(greedy.json().data.skipped_rows.map((s: { reason: string }) => s.reason)).toEqual(['stock.shortfall', 'stock.shortfall', 'stock.shortfall']);
    expect(await onHand(practice.id, product.id)).toBe(3);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
    const bad = await manager.post('/api/integrations/open-dental/sync', { dental_practice_id: practice.id, rows: [{ ...row(practice.id, 'M4'), action: 'done' }] });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['rows.0.action']);
  });
});

describe('Open Dental CSV export through the import pipeline', () => {
  it('per-row errors, then all rows applied in one go; the same file again changes nothing', async () => {
    const { practice, product, a } = await setup();
    const header = 'ProcNum,ProcDate,ProcStatus,ProcCode,Descript,Provider,AptDateTime,AptStatus,practice_code';
    const bad = [header, `901,2026-03-01,C,${a.code},,Dr Okafor,,,${practice.code}`, `902,2026-03-02,done,${a.code},,,,,${practice.code}`, `x,2026-03-02,C,${a.code},,,,,${practice.code}`].join('\n');
    const job = await validated(app.admin, 'open-dental-procedure', 'procedurelog.csv', bad);
    expect(job).toMatchObject({ valid_rows: 1, invalid_rows: 2 });
    expect(job.errors.map((e) => [e.row, e.column])).toEqual([[3, 'procstatus'], [4, 'procnum']]);
    expect(await onHand(practice.id, product.id)).toBe(100);

    const good = [header, `901,2026-03-01,C,${a.code},,Dr Okafor,,,${practice.code}`, `903,2026-03-02,TP,${a.code},,,2027-01-05 10:00:00,1,${practice.code}`, `904,2026-03-03,2,ZZ${uid()},Unmapped thing,,,,${practice.code}`].join('\n');
    const ok = await validated(app.admin, 'open-dental-procedure', 'procedurelog.csv', good);
    expect(ok).toMatchObject({ valid_rows: 3, invalid_rows: 0 });
    expect(await commit(app.admin, ok.id, 'valid')).toMatchObject({ status: 'succeeded', created: 2 });
    expect(await onHand(practice.id, product.id)).toBe(98);
    expect(await external(practice.id, '903')).toMatchObject({ status: 'planned' });
    const overview = (await app.admin.get(`/api/integrations/open-dental?dental_practice_id=${practice.id}`)).json().data;
    expect(overview.unknown_codes).toMatchObject([{ description: 'Unmapped thing', count: 1 }]);
    expect(overview.runs[0]).toMatchObject({ via: 'import', applied: 2, unknown: 1 });

    const again = await validated(app.admin, 'open-dental-procedure', 'procedurelog.csv', good);
    expect(await commit(app.admin, again.id, 'valid')).toMatchObject({ status: 'succeeded', created: 0 });
    expect(await onHand(practice.id, product.id)).toBe(98);

    // All or nothing: a shortfall on one row stops the file, and nothing of it stays.
    const greedy = [header, `905,2026-03-04,C,${a.code},,,,,${practice.code}`, ...Array.from({ length: 60 }, (_, i) => `${1000 + i},2026-03-04,C,${a.code},,,,,${practice.code}`)].join('\n');
    const big = await validated(app.admin, 'open-dental-procedure', 'procedurelog.csv', greedy);
    expect((await commit(app.admin, big.id, 'valid')).status).toBe('failed');
    expect(await onHand(practice.id, product.id)).toBe(98);
    expect(await external(practice.id, '905')).toBeUndefined();
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  });
});

describe('external ids on the procedure API', () => {
  it('recording an external id again updates it, compensating stock exactly; deleting by external id gives the stock back', async () => {
    const { practice, product, a } = await setup();
    const body = (quantity: string, status = 'completed') => ({
      dental_practice_id: practice.id, procedure_code_id: a.id, performed_at: '2026-04-01T10:00:00Z', status, items: [{ product_id: product.id, quantity }], external_source: 'pms', external_id: 'E-1',
    });
    const first = await app.admin.post('/api/procedure/create', body('3'));
    expect(first.statusCode, first.body).toBe(201);
    expect(await onHand(practice.id, product.id)).toBe(97);
    const second = await app.admin.post('/api/procedure/create', body('5'));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);
    expect(await onHand(practice.id, product.id)).toBe(95);
    const same = await app.admin.post('/api/procedure/create', body('5'));
    expect(same.json().data.id).toBe(first.json().data.id);
    expect(await onHand(practice.id, product.id)).toBe(95);
    expect((await app.admin.post('/api/procedure/create', body('1', 'planned'))).statusCode).toBe(201);
    expect(await onHand(practice.id, product.id)).toBe(100);
    expect((await app.admin.post('/api/procedure/create', body('4'))).statusCode).toBe(201);
    expect(await onHand(practice.id, product.id)).toBe(96);
    const half = await app.admin.post('/api/procedure/create', { ...body('1'), external_id: undefined });
    expect(half.statusCode).toBe(422);
    expect(Object.keys(half.json().errors)).toEqual(['external_id']);

    const del = await app.admin.request('DELETE', `/api/procedure/external?dental_practice_id=${practice.id}&external_source=pms&external_id=E-1`);
    expect(del.statusCode, del.body).toBe(204);
    expect(await onHand(practice.id, product.id)).toBe(100);
    expect((await app.admin.request('DELETE', `/api/procedure/external?dental_practice_id=${practice.id}&external_source=pms&external_id=E-1`)).statusCode).toBe(404);
    expect(await findLedgerDifferences(app.t.database.db)).toEqual([]);
  });
});
