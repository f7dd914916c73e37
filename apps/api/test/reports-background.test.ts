import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, eq, sql } from 'drizzle-orm';
import { REPORT_EXPORT_MAX_ROWS } from '@enamel/contracts';
import { inventories, reportExportFiles, reportExports, userPractices } from '@enamel/db';
import { sweepExpiredExportFiles } from '../src/features/reports/report-export-files.ts';
import { runReportExport } from '../src/features/reports/report-export-jobs.ts';
import { createPractice, createUser } from './factories.ts';
import { day, handMadeLedger } from './ledgers.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';
import type { Agent } from './agent.ts';
import { pdfPages } from './pdf-text.ts';

/**
 * Background exports: a large report is queued, prepared by the job queue with its progress on the export,
 * stored in the database and downloaded with the same content as a direct export; only its reader sees it, an
 * identical request while it runs is the same export, bad input is a 4xx that records nothing, a failure keeps
 * its translated reason, and the clean-up removes files past their keeping time.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

const silent = { error() {}, info() {}, warn() {}, debug() {}, trace() {}, fatal() {}, child: () => silent, level: 'silent' } as never;

/** `n` receipts of the gloves over the last 20 days, straight into the ledger. */
async function manyMovements(practiceId: number, productId: number, n: number) {
  const [inventory] = await t.database.db.select().from(inventories).where(and(eq(inventories.dentalPracticeId, practiceId), eq(inventories.productId, productId)));
  await t.database.db.execute(
    sql`insert into stock_movements (dental_practice_id, inventory_id, product_id, type, quantity, unit_cost, occurred_at)
        select ${practiceId}, ${inventory!.id}, ${productId}, 'receive', 1, 0.5, now() - (g % 20) * interval '1 day' - g * interval '1 second' from generate_series(1, ${n}) g`,
  );
}

/** Polls an export until it has finished, noting each status seen. */
async function untilFinished(agent: Agent, id: number, seen: string[] = []) {
  const end = Date.now() + 60_000;
  for (;;) {
    const res = await agent.get(`/api/reports/exports/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    if (seen.at(-1) !== data.status) seen.push(data.status);
    if (!['queued', 'running'].includes(data.status)) return data;
    if (Date.now() > end) throw new Error(`export ${id} still ${data.status}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}


async function sheetValues(body: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(body as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

/** A practice with 6,004 movement lines in the last 30 days: past the background threshold of every format. */
async function largeReport() {
  const ledger = await handMadeLedger(t, admin);
  await manyMovements(ledger.practice.id, ledger.gloves.id, 6000);
  const filters = { report: 'stock-movements', view: 'lines', dental_practice_id: ledger.practice.id, from: day(-30), to: day(0) };
  const query = new URLSearchParams(Object.entries(filters).map(([k, v]): [string, string] => [k, String(v)])).toString();
  return { ...ledger, filters, query };
}

describe('background report exports', () => {
  it('queues a large export, saves its progress as it runs, and serves the same CSV and XLSX as a direct export', async () => {
    const { practice, filters, query } = await largeReport();
    // Every change of the export's progress, as the database saw it.
    await t.database.db.execute(sql`create table export_progress (export_id bigint, status text, rows_written int)`);
    await t.database.db.execute(sql`create function log_export_progress() returns trigger language plpgsql as $$
      begin insert into export_progress values (new.id, new.status, new.rows_written); return new; end $$`);
    await t.database.db.execute(sql`create trigger export_progress after update on report_exports for each row execute function log_export_progress()`);

    const started = await admin.post('/api/reports/exports', { ...filters, format: 'csv' });
    expect(started.statusCode, started.body).toBe(202);
    const queued = started.json().data;
    expect(queued).toMatchObject({ background: true, status: 'queued', format: 'csv', report: 'stock-movements', dental_practice_id: practice.id, row_count: 6004, rows_written: 0, failure: null });
    const seen: string[] = [];
    const done = await untilFinished(admin, queued.id, seen);
    expect(done).toMatchObject({ status: 'succeeded', rows_written: 6004, row_count: 6004, failure: null });
    expect(seen.at(-1)).toBe('succeeded');
    expect(done.file_size).toBeGreaterThan(100_000);
    expect(Date.parse(done.expires_at) - Date.parse(done.finished_at)).toBeCloseTo(7 * 86_400_000, -5);
    const logged: unknown = await t.database.db.execute(sql`select status, rows_written from export_progress where export_id = ${queued.id}`);
    const progress = (logged as { rows: Array<{ status: string; rows_written: number }> }).rows;
    expect(progress[0]).toEqual({ status: 'running', rows_written: 0 });
    const during = progress.filter((p) => p.status === 'running').map((p) => p.rows_written);
    expect(during).toEqual(expect.arrayContaining([1000, 2000, 3000, 4000, 5000, 6000]));
    expect(during).toEqual([...during].sort((a, b) => a - b));
    expect(progress.at(-1)).toEqual({ status: 'succeeded', rows_written: 6004 });

    const file = await admin.get(`/api/reports/exports/${queued.id}/download`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="stock-movements-${day(0)}.csv"`);
    const direct = await admin.get(`/api/reports/report-data?${query}&format=csv`);
    expect(file.body).toBe(direct.body);
    const lines = file.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines).toHaveLength(1 + 6004 + 1);
    expect(lines.at(-1)).toBe('Total,,,,,,,,3016.2000,');

    // XLSX in the reader's language, typed cells, the same as downloaded directly.
    const xlsx = await admin.post('/api/reports/exports', { ...filters, format: 'xlsx' }, { headers: { 'accept-language': 'fr' } });
    expect(xlsx.statusCode, xlsx.body).toBe(202);
    expect(await untilFinished(admin, xlsx.json().data.id)).toMatchObject({ status: 'succeeded', rows_written: 6004 });
    const stored = await admin.get(`/api/reports/exports/${xlsx.json().data.id}/download`);
    expect(stored.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const ours = await sheetValues(stored.rawPayload);
    expect(ours).toEqual(await sheetValues((await admin.get(`/api/reports/report-data?${query}&format=xlsx`, { 'accept-language': 'fr' })).rawPayload));
    expect(ours).toHaveLength(1 + 6004 + 1);
    expect(ours[0]![0]).toBe('Date');
    expect(ours[1]![1]).toBe('Réception');
    expect(ours.at(-1)![8]).toBe(3016.2);

    // Both show in the recent exports with their status and progress, the newest first.
    const recent = (await admin.get(`/api/admin/list/report-exports?column_filters=${encodeURIComponent(JSON.stringify([{ field: 'dental_practice_id', condition: 'equal', value: practice.id }]))}`)).json().data;
    expect(recent.map((r: { background: boolean; format: string; status: string }) => [r.background, r.format, r.status])).toEqual([
      [false, 'xlsx', 'succeeded'],
      [true, 'xlsx', 'succeeded'],
      [false, 'csv', 'succeeded'],
      [true, 'csv', 'succeeded'],
    ]);
  }, 180_000);

  it('a PDF prepared in the background has the pages of a direct one', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    await manyMovements(practice.id, gloves.id, 1000);
    const filters = { report: 'stock-movements', view: 'lines', dental_practice_id: practice.id, from: day(-30), to: day(0), format: 'pdf' };
    const started = await admin.post('/api/reports/exports', filters);
    expect(started.statusCode, started.body).toBe(202);
    const done = await untilFinished(admin, started.json().data.id);
    expect(done).toMatchObject({ status: 'succeeded', rows_written: 1004 });
    const file = await admin.get(`/api/reports/exports/${done.id}/download`);
    expect(file.headers['content-type']).toBe('application/pdf');
    const ours = await pdfPages(file.rawPayload);
    const { format: _, ...query } = filters;
    const direct = await pdfPages((await admin.get(`/api/reports/report-data?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)])).toString()}&format=pdf`)).rawPayload);
    expect(ours.length).toBeGreaterThan(10);
    expect(ours).toHaveLength(direct.length);
    // The same pages, but for the minute each was generated at.
    const undated = (pages: string[]) => pages.map((page) => page.replace(/Generated .*? (?=Page)/, ''));
    expect(undated(ours)).toEqual(undated(direct));
    expect(ours[0]).toContain('One row per movement');
    expect(ours.at(-1)).toContain('£516.20');
    expect(ours.join(' ').match(/Received/g)!.length).toBe(1001);
  }, 120_000);

  it('a double click is one export: an identical request while it runs answers the running one', async () => {
    const { filters } = await largeReport();
    const [a, b] = await Promise.all([admin.post('/api/reports/exports', { ...filters, format: 'pdf' }), admin.post('/api/reports/exports', { ...filters, format: 'pdf' })]);
    // 6,004 rows: past what a PDF holds, refused before anything is recorded.
    expect([a.statusCode, b.statusCode]).toEqual([422, 422]);
    expect(a.json().errors.format[0]).toContain(`a PDF file holds at most ${REPORT_EXPORT_MAX_ROWS.pdf}`);
    const [first, second] = await Promise.all([admin.post('/api/reports/exports', { ...filters, format: 'xlsx' }), admin.post('/api/reports/exports', { ...filters, format: 'xlsx' })]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 202]);
    expect(first.json().data.id).toBe(second.json().data.id);
    await untilFinished(admin, first.json().data.id);
    // Once it has finished, the same request is a new export; another format is another export at once.
    const again = await admin.post('/api/reports/exports', { ...filters, format: 'xlsx' });
    expect(again.statusCode).toBe(202);
    expect(again.json().data.id).not.toBe(first.json().data.id);
    await untilFinished(admin, again.json().data.id);
    const rows = await t.database.db.select({ id: reportExports.id }).from(reportExports).where(and(eq(reportExports.dentalPracticeId, filters.dental_practice_id), eq(reportExports.background, true)));
    expect(rows).toHaveLength(2);
  }, 120_000);

  it('an identical request finds the one under way only while its process lives: a stale one is marked failed and a new one starts', async () => {
    const practice = await createPractice(t.database.db);
    const body = { report: 'reorder-list', dental_practice_id: practice.id, format: 'csv' };
    const first = await admin.post('/api/reports/exports', body);
    expect(first.statusCode).toBe(202);
    await untilFinished(admin, first.json().data.id);
    // As if its server had stopped midway: running, its heart silent for ten minutes.
    await t.database.db.update(reportExports).set({ status: 'running', heartbeatAt: sql`now() - interval '10 minutes'` }).where(eq(reportExports.id, first.json().data.id));
    const second = await admin.post('/api/reports/exports', body);
    expect(second.statusCode).toBe(202);
    expect(second.json().data.id).not.toBe(first.json().data.id);
    const [old] = await t.database.db.select().from(reportExports).where(eq(reportExports.id, first.json().data.id));
    expect(old).toMatchObject({ status: 'failed', failure: 'report.export.interrupted' });
    expect((await untilFinished(admin, second.json().data.id)).status).toBe('succeeded');
  }, 60_000);

  it('only its reader sees and downloads it, while they may read reports of its practices', async () => {
    const practice = await createPractice(t.database.db);
    const elsewhere = await createPractice(t.database.db);
    const user = await createUser(t.database.db, { role: 'Viewer', practiceIds: [practice.id, elsewhere.id] });
    const { Agent } = await import('./agent.ts');
    const viewer = new Agent(t.app);
    await viewer.login(user.email, user.password);
    const started = await viewer.post('/api/reports/exports', { report: 'inventory-valuation', dental_practice_id: practice.id, practice_ids: String(elsewhere.id), format: 'csv' });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().data.id;
    expect((await untilFinished(viewer, id)).status).toBe('succeeded');
    expect((await viewer.get(`/api/reports/exports/${id}/download`)).statusCode).toBe(200);

    const colleague = await signInAs(t, { role: 'Viewer', practiceIds: [practice.id, elsewhere.id] });
    const stranger = await signInAs(t, { role: 'Practice Manager', practiceIds: [await createPractice(t.database.db).then((p) => p.id)] });
    const staff = await signInAs(t, { role: 'Clinical Staff', practiceIds: [practice.id] });
    for (const agent of [colleague, stranger, admin]) {
      expect((await agent.get(`/api/reports/exports/${id}`)).statusCode).toBe(404);
      const refused = await agent.get(`/api/reports/exports/${id}/download`);
      expect(refused.statusCode).toBe(404);
      expect(refused.headers['content-type']).toMatch(/^application\/json/);
    }
    expect((await staff.get(`/api/reports/exports/${id}`)).statusCode).toBe(403);
    expect((await staff.post('/api/reports/exports', { report: 'inventory-valuation', dental_practice_id: practice.id, format: 'csv' })).statusCode).toBe(403);
    // Nobody exports a practice they may not read.
    expect((await stranger.post('/api/reports/exports', { report: 'inventory-valuation', dental_practice_id: practice.id, format: 'csv' })).statusCode).toBe(404);
    // Taken off the second practice the export covers, its reader no longer sees it either.
    await t.database.db.delete(userPractices).where(and(eq(userPractices.userId, user.id), eq(userPractices.dentalPracticeId, elsewhere.id)));
    expect((await viewer.get(`/api/reports/exports/${id}`)).statusCode).toBe(404);
    expect((await viewer.get(`/api/reports/exports/${id}/download`)).statusCode).toBe(404);
  }, 60_000);

  it('refuses bad ids and parameters with a 4xx and records nothing', async () => {
    const { practice } = await handMadeLedger(t, admin);
    const count = async () => (await t.database.db.select({ id: reportExports.id }).from(reportExports).where(eq(reportExports.dentalPracticeId, practice.id))).length;
    for (const url of ['/api/reports/exports/0', '/api/reports/exports/abc', '/api/reports/exports/-1', '/api/reports/exports/1.5', '/api/reports/exports/0/download', '/api/reports/exports/abc/download']) {
      const res = await admin.get(url);
      expect([400, 422], `${url}: ${res.body}`).toContain(res.statusCode);
    }
    for (const url of ['/api/reports/exports/999999999', '/api/reports/exports/999999999/download']) expect((await admin.get(url)).statusCode, url).toBe(404);
    const base = { report: 'stock-movements', dental_practice_id: practice.id, format: 'csv' };
    const bad: Array<[unknown, number]> = [
      [{}, 422],
      [{ ...base, format: 'json' }, 422],
      [{ ...base, format: 'docx' }, 422],
      [{ ...base, report: 'everything' }, 422],
      [{ ...base, from: day(0), to: day(-5) }, 422],
      [{ ...base, from: '2026-02-30' }, 422],
      [{ ...base, practice_ids: 'a,b' }, 422],
      [{ ...base, dental_practice_id: 999_999_999 }, 404],
      ['text', 422],
    ];
    for (const [body, status] of bad) {
      const res = await admin.post('/api/reports/exports', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(status);
    }
    expect((await admin.post('/api/reports/exports', { ...base, from: day(0), to: day(-5) })).json().errors.from[0]).toBe('The start of the period must not be after its end.');
    expect(await count()).toBe(0);

    // A direct download has no stored file; an export still running has none yet.
    expect((await admin.get(`/api/reports/report-data?report=reorder-list&dental_practice_id=${practice.id}&format=csv`)).statusCode).toBe(200);
    const [direct] = await t.database.db.select({ id: reportExports.id }).from(reportExports).where(eq(reportExports.dentalPracticeId, practice.id));
    expect((await admin.get(`/api/reports/exports/${direct!.id}/download`)).statusCode).toBe(404);
    const adminUser = (await admin.get('/api/user')).json().data;
    const [running] = await t.database.db
      .insert(reportExports)
      .values({ userId: adminUser.id, dentalPracticeId: practice.id, report: 'reorder-list', format: 'pdf', filters: {}, filterNames: {}, rowCount: 10, background: true, status: 'running', locale: 'en', requestKey: 'x', heartbeatAt: new Date() })
      .returning();
    const notReady = await admin.get(`/api/reports/exports/${running!.id}/download`);
    expect(notReady.statusCode).toBe(409);
    expect(notReady.json().message).toBe('This export is still being prepared: download it once it has finished.');
    // Its process gone (no heartbeat for ten minutes), it shows as failed and says why.
    await t.database.db.update(reportExports).set({ heartbeatAt: sql`now() - interval '10 minutes'` }).where(eq(reportExports.id, running!.id));
    expect((await admin.get(`/api/reports/exports/${running!.id}`, { 'accept-language': 'es' })).json().data).toMatchObject({ status: 'failed', failure: 'La exportación se detuvo antes de terminar (el servidor se reinició). Vuelva a exportarla.' });
  }, 60_000);

  it('a job that fails keeps its reason, translated for whoever reads it, and no file', async () => {
    const { practice, gloves } = await handMadeLedger(t, admin);
    const adminUser = (await admin.get('/api/user')).json().data;
    // Asked for when it fitted in a PDF; by the time the job runs the period holds too many rows.
    const [asked] = await t.database.db
      .insert(reportExports)
      .values({ userId: adminUser.id, dentalPracticeId: practice.id, report: 'stock-movements', format: 'pdf', filters: { view: 'lines', from: day(-30), to: day(0) }, filterNames: {}, rowCount: 4, background: true, status: 'queued', locale: 'en', requestKey: 'y', heartbeatAt: new Date() })
      .returning();
    await manyMovements(practice.id, gloves.id, REPORT_EXPORT_MAX_ROWS.pdf);
    await runReportExport(t.database.db, asked!.id, silent);
    const failed = (await admin.get(`/api/reports/exports/${asked!.id}`, { 'accept-language': 'fr' })).json().data;
    expect(failed).toMatchObject({ status: 'failed', file_size: null, row_count: 4 });
    expect(failed.failure).toMatch(/^Ce rapport compte 5004 lignes/);
    expect((await t.database.db.select().from(reportExportFiles).where(eq(reportExportFiles.exportId, asked!.id)))).toEqual([]);
    const refused = await admin.get(`/api/reports/exports/${asked!.id}/download`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('This export has no file to download.');
    // The recent exports say so too, in the reader's language.
    const listed = (await admin.get(`/api/admin/list/report-exports?column_filters=${encodeURIComponent(JSON.stringify([{ field: 'id', condition: 'equal', value: asked!.id }]))}`, { 'accept-language': 'es' })).json().data;
    expect(listed).toEqual([expect.objectContaining({ status: 'failed', failure: expect.stringMatching(/^Este informe tiene 5004 filas/) })]);
    // Run again (a job handed over twice), nothing changes.
    await runReportExport(t.database.db, asked!.id, silent);
    expect((await admin.get(`/api/reports/exports/${asked!.id}`)).json().data.status).toBe('failed');
  }, 60_000);

  it('past its keeping time its file is removed by the clean-up; the export stays, expired', async () => {
    const practice = await createPractice(t.database.db);
    const started = await admin.post('/api/reports/exports', { report: 'reorder-list', dental_practice_id: practice.id, format: 'xlsx' });
    expect(started.statusCode, started.body).toBe(202);
    const id = started.json().data.id;
    await untilFinished(admin, id);
    expect((await admin.get(`/api/reports/exports/${id}/download`)).statusCode).toBe(200);
    expect(await sweepExpiredExportFiles(t.database.db)).toBe(0);
    await t.database.db.update(reportExports).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(reportExports.id, id));
    expect((await admin.get(`/api/reports/exports/${id}`)).json().data.status).toBe('expired');
    const gone = await admin.get(`/api/reports/exports/${id}/download`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe("This export's file has been removed after its keeping time. Export the report again.");
    expect(await sweepExpiredExportFiles(t.database.db)).toBe(1);
    expect(await t.database.db.select().from(reportExportFiles).where(eq(reportExportFiles.exportId, id))).toEqual([]);
    expect((await admin.get(`/api/reports/exports/${id}`)).statusCode).toBe(200);
  }, 60_000);
});
