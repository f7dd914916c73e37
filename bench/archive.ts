/**
 * Archiving the activity log at scale (issue 16): 1,000,000 activity-log rows older than the archive age are moved
 * into gzipped NDJSON archives by the archive job's own function, on PostgreSQL (BENCH_DATABASE_URL or
 * TEST_DATABASE_URL; a fresh database, dropped afterwards). Prints rows per second and the peak memory growth
 * (resident set size, sampled every 50 ms) against the goals (≤ 60 s, ≤ 200 MB), and checks that the rows before
 * equal the live rows plus the archived rows after. `BENCH_ARCHIVE_ROWS` sets the count.
 */
import { count, sql } from 'drizzle-orm';
import pg from 'pg';
import { activityLogArchives, activityLogs, openDatabase } from '@enamel/db';
import { archiveActivityLogs } from '../apps/api/src/features/archive-logs/archive-logs.service.ts';

const ROWS = Number(process.env.BENCH_ARCHIVE_ROWS ?? 1_000_000);
const GOAL = { seconds: 60, mb: 200 };

export async function run(): Promise<void> {
  const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!url) {
    console.log('PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL) to measure it');
    return;
  }
  const name = `enamel_bench_archive_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${name}`);
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ url: target.toString() });
  try {
    await handle.migrate();
    const { db } = handle;
    // A year of old entries, shaped like real ones (a user, a subject, before/after values), plus a week of recent.
    await db.execute(sql`
      insert into activity_logs (user_email, action, subject, subject_id, before, after, ip, user_agent, created_at)
      select 'manager' || (g % 40) || '@example.test', (array['create','update','delete','login'])[1 + g % 4], (array['Procedure','Inventory','Product','User'])[1 + g % 4],
             (g % 5000)::text, jsonb_build_object('quantity', g % 17, 'status', 'planned'), jsonb_build_object('quantity', g % 19, 'status', 'completed'),
             '10.0.' || (g % 255) || '.' || (g % 7), 'Mozilla/5.0 (bench)', now() - interval '100 days' - make_interval(secs => g * 30)
      from generate_series(1, ${ROWS}) g`);
    await db.execute(sql`insert into activity_logs (action, subject, created_at) select 'update', 'Recent', now() - make_interval(mins => g) from generate_series(1, 1000) g`);
    await db.execute(sql`analyze activity_logs`);
    const before = Number((await db.select({ n: count() }).from(activityLogs))[0]!.n);

    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
    const started = performance.now();
    const result = await archiveActivityLogs(db);
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    const live = Number((await db.select({ n: count() }).from(activityLogs))[0]!.n);
    const [archived] = await db.select({ rows: sql<string>`coalesce(sum(${activityLogArchives.rowCount}), 0)`, bytes: sql<string>`coalesce(sum(${activityLogArchives.sizeBytes}), 0)` }).from(activityLogArchives);
    const archivedRows = Number(archived!.rows);
    const growthMb = (peak - baseline) / 1024 / 1024;
    console.log(`PostgreSQL: ${result.rows.toLocaleString('en')} rows into ${result.archives} archives in ${seconds.toFixed(1)} s = ${Math.round(result.rows / seconds).toLocaleString('en')} rows/s (goal ≤ ${GOAL.seconds} s ${seconds <= GOAL.seconds ? 'ok' : 'OVER'})`);
    console.log(`  peak memory growth ${growthMb.toFixed(0)} MB (goal ≤ ${GOAL.mb} MB ${growthMb <= GOAL.mb ? 'ok' : 'OVER'}); archives ${(Number(archived!.bytes) / 1024 / 1024).toFixed(1)} MB gzipped`);
    console.log(`  rows before ${before.toLocaleString('en')} = live ${live.toLocaleString('en')} + archived ${archivedRows.toLocaleString('en')}: ${before === live + archivedRows ? 'ok' : 'MISMATCH'}`);
    if (before !== live + archivedRows) process.exitCode = 1;
  } finally {
    await handle.close();
    await admin.query(`drop database if exists ${name}`);
    await admin.end();
  }
}
