import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq, sql } from 'drizzle-orm';
import { activityLogArchives, activityLogs } from '@enamel/db';
import { archiveActivityLogs } from '../src/features/archive-logs/archive-logs.service.ts';
import { Agent } from './agent.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * Archiving the activity log: entries older than the age setting move, batch by batch, into gzipped NDJSON
 * archives in the database; the live rows go only in the transaction that records the archive; nothing is
 * lost or written twice, even when a batch fails midway or two archivers run at once.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

let tag = 0;
/** `n` entries `daysAgo` days old with a subject of their own, so each test counts only its own. */
async function entries(n: number, daysAgo: number) {
  const subject = `ArchiveTest${++tag}`;
  await t.database.db.execute(sql`
    insert into activity_logs (action, subject, subject_id, after, created_at)
    select 'update', ${subject}, g::text, jsonb_build_object('n', g), now() - make_interval(days => ${daysAgo}) - make_interval(secs => g)
    from generate_series(1, ${n}) g`);
  return subject;
}
const live = async (subject: string) => Number((await t.database.db.select({ n: count() }).from(activityLogs).where(eq(activityLogs.subject, subject)))[0]!.n);

/** Every archived entry of a subject, read back from the archives' gzip. */
async function archived(subject: string) {
  const archives = await t.database.db.select().from(activityLogArchives);
  return archives.flatMap((a) =>
    gunzipSync(a.content)
      .toString('utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { id: number; subject: string; subject_id: string })
      .filter((e) => e.subject === subject),
  );
}

describe('activity-log archives', () => {
  it('moves old entries into archives, batch by batch, and keeps the recent ones', async () => {
    const old = await entries(100, 120);
    const recent = await entries(5, 1);
    const before = await live(old);
    const result = await archiveActivityLogs(t.database.db, { days: 90, batch: 40 });
    expect(result.rows).toBeGreaterThanOrEqual(100);
    expect(await live(old)).toBe(0);
    expect(await live(recent)).toBe(5);
    const back = await archived(old);
    expect(back).toHaveLength(before);
    expect(new Set(back.map((e) => e.subject_id)).size).toBe(100);

    // Listed with their counts; downloaded as the same gzip (checksum), and deleted for good, logged.
    const list = (await admin.get('/api/admin/list/archive-logs?pagesize=100')).json();
    expect(list.data.reduce((s: number, a: { row_count: number }) => s + a.row_count, 0)).toBeGreaterThanOrEqual(100);
    const first = list.data[0] as { id: number; checksum: string; row_count: number };
    const download = await admin.get(`/api/archive-logs/download/${first.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="activity-log-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}-\d+\.ndjson\.gz"/);
    expect(createHash('sha256').update(download.rawPayload).digest('hex')).toBe(first.checksum);
    expect(gunzipSync(download.rawPayload).toString('utf8').trim().split('\n')).toHaveLength(first.row_count);
    expect((await admin.post(`/api/archive-logs/delete/${first.id}`)).statusCode).toBe(200);
    expect((await admin.post(`/api/archive-logs/delete/${first.id}`)).statusCode).toBe(404);
    const [logged] = await t.database.db.select().from(activityLogs).where(and(eq(activityLogs.subject, 'ArchiveLog'), eq(activityLogs.subjectId, String(first.id))));
    expect(logged).toMatchObject({ action: 'delete', before: expect.objectContaining({ rowCount: first.row_count, checksum: first.checksum }) });
  });

  it('a batch that fails midway leaves everything as it was', async () => {
    const old = await entries(30, 200);
    const db = t.database.db;
    const before = Number((await db.select({ n: count() }).from(activityLogArchives))[0]!.n);
    // The delete of this batch fails after its archive row was written: both must roll back.
    await db.execute(sql.raw(`create or replace function refuse_archive_delete() returns trigger language plpgsql as $$ begin raise exception 'disk on fire'; end $$`));
    await db.execute(sql.raw(`create trigger refuse_archive_delete before delete on activity_logs for each row when (old.subject = '${old}') execute function refuse_archive_delete()`));
    try {
      await expect(archiveActivityLogs(db, { days: 90, batch: 1_000 })).rejects.toThrow();
    } finally {
      await db.execute(sql.raw('drop trigger refuse_archive_delete on activity_logs'));
    }
    expect(await live(old)).toBe(30);
    expect(Number((await db.select({ n: count() }).from(activityLogArchives))[0]!.n)).toBe(before);
    expect(await archived(old)).toEqual([]);
    // The next run archives them once.
    await archiveActivityLogs(db, { days: 90 });
    expect(await live(old)).toBe(0);
    expect(await archived(old)).toHaveLength(30);
  });

  it('two archivers at once archive every entry exactly once', async () => {
    const old = await entries(250, 150);
    await Promise.all([archiveActivityLogs(t.database.db, { days: 90, batch: 25 }), archiveActivityLogs(t.database.db, { days: 90, batch: 25 })]);
    const back = await archived(old);
    expect(back).toHaveLength(250);
    expect(new Set(back.map((e) => e.id)).size).toBe(250);
    expect(await live(old)).toBe(0);
  });

  it('only those with the permission see, download or delete archives', async () => {
    const manager = await signInAs(t, { role: 'Practice Manager' });
    expect((await manager.get('/api/admin/list/archive-logs')).statusCode).toBe(403);
    expect((await manager.get('/api/archive-logs/download/1')).statusCode).toBe(403);
    expect((await manager.post('/api/archive-logs/delete/1')).statusCode).toBe(403);
    expect((await admin.get('/api/archive-logs/download/0')).statusCode).toBe(422);
    expect((await admin.get(`/api/archive-logs/download/${2 ** 52}`)).statusCode).toBe(404);
  });
});

