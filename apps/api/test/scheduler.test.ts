import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { activityLogs, passwordResetTokens, schedulerJobs, schedulerRuns, sessions } from '@enamel/db';
import type { DueRunResult, SchedulerJob, SchedulerRun } from '@enamel/contracts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, signInAs, type TestApp } from './test-app.ts';

/**
 * The scheduler: jobs as data with cron expressions read in the installation's time zone, their history,
 * and run-scheduler, which runs each due job once per cron time however many requests ask at once.
 */
let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin({ env: { TIME_ZONE: 'Europe/London' } })));
afterAll(async () => t.close());

async function jobs(): Promise<SchedulerJob[]> {
  const res = await admin.get('/api/admin/list/schedulers');
  expect(res.statusCode).toBe(200);
  return res.json<{ data: SchedulerJob[] }>().data;
}
const job = async (name: string) => (await jobs()).find((j) => j.name === name)!;
const runScheduler = async (agent = admin, wait = 60) => {
  const res = await agent.post('/api/run-scheduler', { wait_seconds: wait });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DueRunResult[] }>().data;
};
const history = async (id: number) => (await admin.get(`/api/scheduler/${id}/runs`)).json<{ data: SchedulerRun[] }>().data;

/** Only the clean-up job on, every minute (so it is always due), the others off; returns it. */
async function onlyCleanUp() {
  for (const j of await jobs()) {
    const body = j.name === 'clean-up' ? { enabled: true, cron: '* * * * *' } : { enabled: false };
    expect((await admin.post(`/api/scheduler/update/${j.id}`, body)).statusCode).toBe(200);
  }
  return job('clean-up');
}

describe('scheduler', () => {
  it('lists the jobs with their schedule, time zone and next run; only a Super Admin reaches them', async () => {
    const list = await jobs();
    expect(list.map((j) => j.name).sort()).toEqual(['archive-activity-logs', 'backup', 'clean-up', 'notification-digest', 'refresh-forecasts', 'stock-alerts']);
    const forecasts = list.find((j) => j.name === 'refresh-forecasts')!;
    expect(forecasts).toMatchObject({ cron: '0 2 * * *', enabled: true, time_zone: 'Europe/London' });
    // Next run: 02:00 in London, after now.
    const next = new Date(forecasts.next_run_at!);
    expect(next.getTime()).toBeGreaterThan(Date.now());
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('02:00');

    const practice = await createPractice(t.database.db);
    const manager = await signInAs(t, { role: 'Practice Manager', practiceIds: [practice.id] });
    expect((await manager.get('/api/admin/list/schedulers')).statusCode).toBe(403);
    expect((await manager.post('/api/run-scheduler', {})).statusCode).toBe(403);
    expect((await manager.post(`/api/scheduler/update/${forecasts.id}`, { enabled: false })).statusCode).toBe(403);
    expect((await new Agent(t.app).post('/api/run-scheduler', {})).statusCode).toBe(401);
  });

  it('refuses a bad schedule with the field and changes nothing; a good one is logged and moves the next run', async () => {
    const before = await job('stock-alerts');
    for (const cron of ['61 * * * *', 'every day', '* * * * * * *', '0 25 * * *']) {
      const res = await admin.post(`/api/scheduler/update/${before.id}`, { cron });
      expect(res.statusCode, cron).toBe(422);
      expect(Object.keys(res.json<{ errors: object }>().errors)).toEqual(['cron']);
    }
    expect((await admin.post(`/api/scheduler/update/${before.id}`, { time_limit_seconds: 0 })).statusCode).toBe(422);
    expect((await admin.post(`/api/scheduler/update/${before.id}`, { name: 'x' })).statusCode).toBe(422);
    expect((await admin.post('/api/scheduler/update/999999', { enabled: false })).statusCode).toBe(404);
    expect(await job('stock-alerts')).toMatchObject({ cron: before.cron, enabled: before.enabled });

    const res = await admin.post(`/api/scheduler/update/${before.id}`, { cron: ' 45   3 * * 1 ' });
    expect(res.statusCode).toBe(200);
    const after = res.json<{ data: SchedulerJob }>().data;
    expect(after.cron).toBe('45 3 * * 1');
    const next = new Date(after.next_run_at!);
    expect(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', hour: '2-digit', minute: '2-digit' }).format(next)).toBe('Mon 03:45');
    const [logged] = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.subject, 'Scheduler'), eq(activityLogs.subjectId, String(before.id))))
      .orderBy(sql`${activityLogs.id} desc`)
      .limit(1);
    expect(logged).toMatchObject({ action: 'update', before: { cron: before.cron }, after: { cron: '45 3 * * 1' } });

    // Switched off: no next run.
    const off = (await admin.post(`/api/scheduler/update/${before.id}`, { enabled: false })).json<{ data: SchedulerJob }>().data;
    expect(off.next_run_at).toBeNull();
  });

  it('run-scheduler runs each due job once per cron time: its run, log and history; asked again, nothing runs twice', async () => {
    const cleanUp = await onlyCleanUp();
    // Work for the clean-up: an expired session, a used reset token.
    const user = await createUser(t.database.db);
    await t.database.db.insert(sessions).values({ id: 'e'.repeat(64), userId: user.id, expiresAt: new Date(Date.now() - 60_000) });
    await t.database.db.insert(passwordResetTokens).values({ userId: user.id, tokenHash: 'f'.repeat(64), expiresAt: new Date(Date.now() + 60_000), usedAt: new Date() });

    const first = await runScheduler();
    expect(first).toHaveLength(1);
    expect(first[0]).toMatchObject({ job: 'clean-up', status: 'succeeded', started: true, error: null });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.id, 'e'.repeat(64)))).toEqual([]);
    expect(await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);

    const runs = await history(cleanUp.id);
    expect(runs[0]).toMatchObject({ id: first[0]!.run_id, trigger: 'manual', status: 'succeeded' });
    expect(runs[0]!.log.join('\n')).toMatch(/1 expired sessions removed/);
    expect(runs[0]!.duration_ms).toBeGreaterThanOrEqual(0);
    if (t.database.kind === 'embedded') {
      // No autovacuum there: the clean-up gives the tables that grew their planner statistics; none is left unanalysed.
      expect(runs[0]!.log.join('\n')).toMatch(/Planner statistics refreshed for [1-9]\d* tables that had grown/);
      const unanalysed = await t.database.db.execute(sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = current_schema() and c.reltuples < 0 and pg_relation_size(c.oid) > 0`);
      expect(Number((unanalysed as { rows: Array<{ n: number }> }).rows[0]?.n)).toBe(0);
    }
    // The log is stored as message keys: each reader reads it in their language; a run from before keeps its text.
    const inSpanish = (await admin.get(`/api/scheduler/${cleanUp.id}/runs`, { 'accept-language': 'es' })).json<{ data: SchedulerRun[] }>().data;
    expect(inSpanish[0]!.log.join('\n')).toMatch(/1 sesiones caducadas eliminadas/);
    const [old] = await t.database.db.insert(schedulerRuns).values({ jobId: cleanUp.id, slot: new Date('2019-01-01T00:00:00Z'), trigger: 'schedule', status: 'succeeded', log: ['3 expired sessions removed'] }).returning();
    expect((await history(cleanUp.id)).find((r) => r.id === old!.id)!.log).toEqual(['3 expired sessions removed']);
    await t.database.db.delete(schedulerRuns).where(eq(schedulerRuns.id, old!.id));
    expect((await job('clean-up')).last_status).toBe('succeeded');
    // The Support page shows each job's last success from the same history.
    const support = (await admin.get('/api/support')).json<{ data: { job_runs: Array<{ job: string; last_status: string | null; last_success_at: string | null }> } }>().data;
    expect(support.job_runs.find((r) => r.job === 'clean-up')).toMatchObject({ last_status: 'succeeded', last_success_at: expect.any(String) });
    expect(support.job_runs.find((r) => r.job === 'refresh-forecasts')).toMatchObject({ last_success_at: null });

    // The same minute's slot has its run: asked again (unless the minute turned), it is answered, not run again.
    const again = await runScheduler();
    if (again[0]!.slot === first[0]!.slot) expect(again[0]).toMatchObject({ run_id: first[0]!.run_id, started: false });
    const slots = await t.database.db.select({ slot: schedulerRuns.slot }).from(schedulerRuns).where(eq(schedulerRuns.jobId, cleanUp.id));
    expect(new Set(slots.map((s) => s.slot.toISOString())).size).toBe(slots.length);
  });

  it('five run-scheduler calls at once run each due job once', async () => {
    const cleanUp = await onlyCleanUp();
    // A job whose cron time is a fixed past minute today: due once, whatever minute the calls land in.
    const alerts = await job('stock-alerts');
    await admin.post(`/api/scheduler/update/${alerts.id}`, { enabled: true, cron: '0 0 1 1 *' });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => runScheduler()));
    const alertRuns = answers.map((a) => a.find((r) => r.job === 'stock-alerts')!);
    expect(new Set(alertRuns.map((r) => r.run_id)).size).toBe(1);
    expect(alertRuns.filter((r) => r.started)).toHaveLength(1);
    const stored = await t.database.db.select().from(schedulerRuns).where(eq(schedulerRuns.jobId, alerts.id));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.status).toBe('succeeded');
    // Each answer names the clean-up's run of its own minute, never two runs of one minute.
    const cleanUps = await t.database.db.select({ slot: schedulerRuns.slot }).from(schedulerRuns).where(eq(schedulerRuns.jobId, cleanUp.id));
    expect(new Set(cleanUps.map((s) => s.slot.toISOString())).size).toBe(cleanUps.length);
  });

  it('a run left running by a stopped instance is marked failed past its time limit, and the job runs again at its next time', async () => {
    const cleanUp = await onlyCleanUp();
    const [stale] = await t.database.db
      .insert(schedulerRuns)
      .values({ jobId: cleanUp.id, slot: new Date('2020-01-01T00:00:00Z'), trigger: 'schedule', status: 'running', startedAt: new Date(Date.now() - 2 * 60 * 60 * 1000), instance: 'gone:1' })
      .returning();
    const answer = await runScheduler();
    const [after] = await t.database.db.select().from(schedulerRuns).where(eq(schedulerRuns.id, stale!.id));
    expect(after).toMatchObject({ status: 'failed' });
    expect(after!.error).toMatch(/interrupted/);
    expect(answer.find((r) => r.job === 'clean-up')!.status).toBe('succeeded');
  });

  it('the backup job takes a backup on the embedded database and says it skips on PostgreSQL', async () => {
    for (const j of await jobs()) await admin.post(`/api/scheduler/update/${j.id}`, j.name === 'backup' ? { enabled: true, cron: '0 0 2 1 *' } : { enabled: false });
    const [run] = await runScheduler();
    expect(run).toMatchObject({ job: 'backup', status: 'succeeded' });
    const [stored] = await history((await job('backup')).id);
    if (t.database.kind === 'embedded') expect(stored!.log.join('\n')).toMatch(/enamel-.*\.tar\.gz: .* MB written/);
    else expect(stored!.log.join('\n')).toMatch(/skipped: a PostgreSQL database/);
  });

  it('the archive job archives entries older than its own age setting; other jobs have no such setting', async () => {
    const archive = await job('archive-activity-logs');
    expect(archive.options).toEqual({});
    expect((await admin.post(`/api/scheduler/update/${(await job('clean-up')).id}`, { archive_after_days: 5 })).statusCode).toBe(422);
    expect((await admin.post(`/api/scheduler/update/${archive.id}`, { archive_after_days: -1 })).statusCode).toBe(422);
    const saved = (await admin.post(`/api/scheduler/update/${archive.id}`, { archive_after_days: 10, enabled: true, cron: '0 0 3 1 *' })).json<{ data: SchedulerJob }>().data;
    expect(saved.options).toEqual({ archive_after_days: 10 });
    for (const j of await jobs()) if (j.name !== 'archive-activity-logs') await admin.post(`/api/scheduler/update/${j.id}`, { enabled: false });
    await t.database.db.execute(sql`insert into activity_logs (action, subject, subject_id, created_at) values
      ('update', 'AgeTest', 'old', now() - interval '11 days'), ('update', 'AgeTest', 'new', now() - interval '9 days')`);
    const [run] = await runScheduler();
    expect(run).toMatchObject({ job: 'archive-activity-logs', status: 'succeeded' });
    const left = await t.database.db.select({ id: activityLogs.subjectId }).from(activityLogs).where(eq(activityLogs.subject, 'AgeTest'));
    expect(left).toEqual([{ id: 'new' }]);
    expect((await history(archive.id))[0]!.log.join('\n')).toMatch(/older than 10 days/);
    await admin.post(`/api/scheduler/update/${archive.id}`, { enabled: false });
  });

  it('a run that throws is marked failed with its error, and the next one runs', async () => {
    // The archive job fails when its table is locked away: simulate by a broken row the job trips on.
    const archive = await job('archive-activity-logs');
    await onlyCleanUp();
    await admin.post(`/api/scheduler/update/${(await job('clean-up')).id}`, { enabled: false });
    await admin.post(`/api/scheduler/update/${archive.id}`, { enabled: true, cron: '0 0 1 1 *' });
    await t.database.db.execute(sql`alter table activity_log_archives add constraint scheduler_test_block check (row_count < 0) not valid`);
    await t.database.db.execute(sql`insert into activity_logs (action, subject, created_at) values ('update', 'SchedulerFail', now() - interval '400 days')`);
    try {
      const [run] = await runScheduler();
      expect(run).toMatchObject({ job: 'archive-activity-logs', status: 'failed' });
      expect(run!.error).toMatch(/scheduler_test_block|check constraint/);
      const [stored] = await history(archive.id);
      expect(stored).toMatchObject({ status: 'failed' });
    } finally {
      await t.database.db.execute(sql`alter table activity_log_archives drop constraint scheduler_test_block`);
    }
    await t.database.db.update(schedulerJobs).set({ enabled: false }).where(eq(schedulerJobs.id, archive.id));
  });
});
