import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from 'vitest';
import { openDatabase, quoteIdent } from '@enamel/db';
import { JobQueue } from '../src/core/jobs/index.ts';
import type { DueRunResult, SchedulerJob } from '@enamel/contracts';
import { withAdminClient, withDatabase } from './global-setup.ts';
import { freePort, runScript, untilReady } from './processes.ts';

/**
 * Several real server processes on one PostgreSQL database (a dental group's instances behind a load
 * balancer): they start together, each due job runs once per cron time whichever instances are asked, no
 * instance is special (kill the one that ran, the next run happens once on another), and a job killed
 * midway is marked failed and runs again at its next time.
 *
 * Only with TEST_DATABASE_URL: several processes on one database need PostgreSQL (the embedded database
 * is one process by its folder lock), and this test makes and drops a database of its own on that server.
 */
const url = process.env.TEST_DATABASE_URL;
const name = `enamel_inst_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
const ADMIN = { email: 'group-admin@example.test', password: 'Tooth-Fairy-2026!' };
const SECRET = 'instances-secret-instances-secret-0123456';

const admin = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => withAdminClient(url!, work);


/** One server process: its port, its name in a run's history (`hostname:pid`), its output, its end. */
interface Instance {
  label: string;
  port: number;
  child: ChildProcess;
  instance: string;
  output: () => string;
  exited: Promise<unknown>;
}

const instances: Instance[] = [];
const dataDirs: string[] = [];

function startServer(label: string, port: number): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-inst-'));
  dataDirs.push(dataDir);
  const { child, output } = runScript('apps/api/src/main.ts', [], {
    DATABASE_URL: withDatabase(url!, name),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: SECRET,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    TIME_ZONE: 'UTC',
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const started: Instance = { label, port, child, instance: `${os.hostname()}:${child.pid}`, output, exited };
  instances.push(started);
  return started;
}

const ready = (s: Instance) => untilReady(s, s.port, 120_000, s.label);

/** A browser in a few lines: keeps its cookies, echoes the XSRF cookie on writes. */
class Client {
  private readonly cookies = new Map<string, string>();
  constructor(readonly server: Instance) {}

  async request<T = unknown>(method: string, url: string, body?: unknown): Promise<{ status: number; body: T; text: string }> {
    const headers: Record<string, string> = { 'x-requested-with': 'XMLHttpRequest', accept: 'application/json' };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const xsrf = this.cookies.get('XSRF-TOKEN');
    if (method !== 'GET' && xsrf) headers['x-xsrf-token'] = xsrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${this.server.port}${url}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const [key, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (value === '' || /max-age=0/i.test(cookie)) this.cookies.delete(key);
      else this.cookies.set(key, value);
    }
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, text };
  }

  async signIn(): Promise<void> {
    expect((await this.request('GET', '/api/csrf-cookie')).status).toBe(204);
    const res = await this.request('POST', '/login', { ...ADMIN, remember: false });
    expect(res.status, res.text).toBe(200);
  }

  async update(id: number, body: object): Promise<void> {
    const res = await this.request('POST', `/api/scheduler/update/${id}`, body);
    expect(res.status, res.text).toBe(200);
  }

  async runScheduler(waitSeconds = 60): Promise<DueRunResult[]> {
    const res = await this.request<{ data: DueRunResult[] }>('POST', '/api/run-scheduler', { wait_seconds: waitSeconds });
    expect(res.status, `${this.server.label}: ${res.text}`).toBe(200);
    return res.body.data;
  }
}

interface RunRow {
  id: number;
  job: string;
  slot: Date;
  trigger: string;
  status: string;
  instance: string | null;
  error: string | null;
  finished_at: Date | null;
}

describe.skipIf(!url)('several server processes on one PostgreSQL database', () => {
  let db: pg.Client;
  beforeAll(async () => {
    await admin((c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`));
    db = new pg.Client({ connectionString: withDatabase(url!, name) });
    await db.connect();
  });
  afterAll(async () => {
    for (const s of instances) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill('SIGKILL');
    await Promise.all(instances.map((s) => s.exited));
    await db?.end().catch(() => undefined);
    await admin((c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const runsOf = async (slot: Date): Promise<RunRow[]> =>
    (
      await db.query<RunRow>(
        `select r.id::int, j.name as job, r.slot, r.trigger, r.status, r.instance, r.error, r.finished_at
           from scheduler_runs r join scheduler_jobs j on j.id = r.job_id where r.slot = $1 order by j.name`,
        [slot],
      )
    ).rows;
  /** The queue's jobs carrying a run: one per run, sent once and worked once. */
  const queueJobs = async (runIds: number[]) =>
    (await db.query<{ run_id: number; state: string }>(`select (data->>'runId')::int as run_id, state from pgboss.job where (data->>'runId')::int = any($1::int[]) order by 1`, [runIds])).rows;
  const completed = (runs: RunRow[]) => runs.map((r) => ({ run_id: r.id, state: 'completed' })).sort((x, y) => x.run_id - y.run_id);
  /** Each job's answer, as "job:run id", so that several instances' answers compare. */
  const named = (answer: DueRunResult[]) => answer.map((r) => `${r.job}:${r.run_id}`).sort();

  it('start together, run each due job once, and carry on when the instance that ran is killed, also midway', { timeout: 180_000 }, async () => {
    onTestFailed(() => {
      for (const s of instances) process.stderr.write(`\n----- ${s.label} (port ${s.port}, ${s.instance}) -----\n${s.output().slice(-8000)}\n`);
    });
    const began = Date.now();

    // 1. Three servers started at the same moment on a fresh database: migrations and seeding under the start lock.
    const ports = [await freePort(), await freePort(), await freePort()];
    const servers = ports.map((port, i) => startServer(`server ${i + 1}`, port));
    await Promise.all(servers.map(ready));
    expect((await db.query('select count(*)::int as n from users')).rows[0].n).toBe(1);
    const startedIn = Date.now() - began;

    const clients = servers.map((s) => new Client(s));
    await Promise.all(clients.map((c) => c.signIn()));

    // Fixed past cron times, each later than the one before (yesterday, UTC, 00:00 then 01:00, 02:00, 03:00):
    // each is the latest time of its cron for the whole test (a minute turning makes no new slot) and pg-boss's
    // cron never fires it, so run-scheduler alone decides who runs it.
    const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
    const at = (hour: number) => ({
      cron: `0 ${hour} ${yesterday.getUTCDate()} ${yesterday.getUTCMonth() + 1} *`,
      slot: new Date(Date.UTC(yesterday.getUTCFullYear(), yesterday.getUTCMonth(), yesterday.getUTCDate(), hour)),
    });
    const [a, b, c, d] = [at(0), at(1), at(2), at(3)];

    const list = await clients[0]!.request<{ data: SchedulerJob[] }>('GET', '/api/admin/list/schedulers');
    expect(list.status, list.text).toBe(200);
    const jobId = (job: string) => list.body.data.find((j) => j.name === job)!.id;
    const due = ['clean-up', 'stock-alerts'];
    for (const j of list.body.data) await clients[0]!.update(j.id, due.includes(j.name) ? { enabled: true, cron: a.cron } : { enabled: false });

    // 2. run-scheduler on all three at once: each due job runs once, and every answer names the same runs.
    const answers = await Promise.all(clients.map((client) => client.runScheduler()));
    for (const answer of answers) {
      expect(answer.map((r) => r.job).sort()).toEqual(due);
      for (const r of answer) expect(r).toMatchObject({ slot: a.slot.toISOString(), status: 'succeeded', error: null });
    }
    expect(named(answers[1]!)).toEqual(named(answers[0]!));
    expect(named(answers[2]!)).toEqual(named(answers[0]!));
    for (const job of due) expect(answers.flat().filter((r) => r.job === job && r.started)).toHaveLength(1);
    const first = await runsOf(a.slot);
    expect(first.map((r) => [r.job, r.status, r.trigger])).toEqual([
      ['clean-up', 'succeeded', 'manual'],
      ['stock-alerts', 'succeeded', 'manual'],
    ]);
    expect(first.map((r) => `${r.job}:${r.id}`)).toEqual(named(answers[0]!));
    for (const r of first) expect(servers.map((s) => s.instance)).toContain(r.instance);
    expect(await queueJobs(first.map((r) => r.id))).toEqual(completed(first));

    // 3. No instance is special: the one that ran the last run is killed; the next time runs once on another.
    const lastRun = [...first].sort((x, y) => x.finished_at!.getTime() - y.finished_at!.getTime()).at(-1)!;
    const victim = servers.find((s) => s.instance === lastRun.instance)!;
    victim.child.kill('SIGKILL');
    await victim.exited;
    const survivors = servers.filter((s) => s !== victim);
    const survivorClients = clients.filter((cl) => cl.server !== victim);
    for (const job of due) await survivorClients[0]!.update(jobId(job), { cron: b.cron });
    const second = await Promise.all(survivorClients.map((client) => client.runScheduler()));
    expect(named(second[1]!)).toEqual(named(second[0]!));
    for (const r of second.flat()) expect(r).toMatchObject({ slot: b.slot.toISOString(), status: 'succeeded' });
    const secondRuns = await runsOf(b.slot);
    expect(secondRuns.map((r) => [r.job, r.status])).toEqual([
      ['clean-up', 'succeeded'],
      ['stock-alerts', 'succeeded'],
    ]);
    for (const r of secondRuns) expect(survivors.map((s) => s.instance)).toContain(r.instance);
    expect(await queueJobs(secondRuns.map((r) => r.id))).toEqual(completed(secondRuns));

    // 4. A job killed midway: the clean-up is held at its first step (an expired session it must delete is
    // locked by this test), the instance running it is killed, and its run is left "running".
    const [{ id: userId }] = (await db.query<{ id: number }>('select id::int from users where email = $1', [ADMIN.email])).rows as [{ id: number }];
    await db.query(`insert into sessions (id, user_id, expires_at) values ($1, $2, now() - interval '1 day')`, ['k'.repeat(64), userId]);
    const holder = new pg.Client({ connectionString: withDatabase(url!, name) });
    await holder.connect();
    let cleanUpRun: RunRow;
    let killedMidway: Instance;
    try {
      await holder.query('begin');
      await holder.query('select id from sessions where id = $1 for update', ['k'.repeat(64)]);
      await survivorClients[0]!.update(jobId('clean-up'), { cron: c.cron });
      const held = await survivorClients[0]!.runScheduler(1);
      expect(held.find((r) => r.job === 'clean-up')).toMatchObject({ slot: c.slot.toISOString(), started: true });
      const waitUntil = Date.now() + 30_000;
      for (;;) {
        cleanUpRun = (await runsOf(c.slot)).find((r) => r.job === 'clean-up')!;
        if (cleanUpRun.status === 'running' || Date.now() > waitUntil) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(cleanUpRun.status).toBe('running');
      killedMidway = survivors.find((s) => s.instance === cleanUpRun.instance)!;
      expect(killedMidway).toBeDefined();
      killedMidway.child.kill('SIGKILL');
      await killedMidway.exited;
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    const last = survivors.find((s) => s !== killedMidway)!;
    const lastClient = survivorClients.find((cl) => cl.server === last)!;

    // Its time limit (and the grace after it) passes — moved back in the database rather than waited for.
    await db.query(`update scheduler_runs set started_at = now() - interval '2 hours' where id = $1`, [cleanUpRun.id]);
    const after = await Promise.all([lastClient.runScheduler(), lastClient.runScheduler()]);
    const [failed] = await runsOf(c.slot);
    expect(failed).toMatchObject({ id: cleanUpRun.id, job: 'clean-up', status: 'failed', instance: killedMidway.instance });
    expect(failed!.error).toMatch(/interrupted/);
    // Its time has its (failed) run: answered, not run a second time, and its queue job was not sent again (pg-boss
    // still counts it active on the dead instance until it expires, and does not retry it).
    for (const answer of after) expect(answer.find((r) => r.job === 'clean-up')).toMatchObject({ run_id: cleanUpRun.id, started: false, status: 'failed' });
    expect(await queueJobs([cleanUpRun.id])).toEqual([{ run_id: cleanUpRun.id, state: 'active' }]);

    // At its next time it runs again, once, on the instance still up.
    await lastClient.update(jobId('clean-up'), { cron: d.cron });
    const next = await Promise.all([lastClient.runScheduler(), lastClient.runScheduler()]);
    const nextRuns = (await runsOf(d.slot)).filter((r) => r.job === 'clean-up');
    expect(nextRuns).toHaveLength(1);
    expect(nextRuns[0]).toMatchObject({ status: 'succeeded', instance: last.instance });
    for (const answer of next) expect(answer.find((r) => r.job === 'clean-up')).toMatchObject({ run_id: nextRuns[0]!.id, status: 'succeeded' });
    expect((await db.query('select count(*)::int as n from sessions where id = $1', ['k'.repeat(64)])).rows[0].n).toBe(0);
    process.stdout.write(`instances test: three servers ready in ${startedIn} ms, whole test ${Date.now() - began} ms\n`);
  });

  it('queues created by several instances at once are created once, without a deadlock', async () => {
    // pg-boss 10's create_queue, run at once for one queue by two instances, deadlocks (a start crashed on it
    // now and then above): JobQueue.ensureQueue takes turns under an advisory lock. Five new queues, three instances.
    const log = pino({ level: 'silent' });
    const handles = await Promise.all([1, 2, 3].map(() => openDatabase({ url: withDatabase(url!, name), poolSize: 3 })));
    const queues: JobQueue[] = [];
    try {
      queues.push(...(await Promise.all(handles.map((h) => JobQueue.start(h, log, { work: false })))));
      const names = ['a', 'b', 'c', 'd', 'e'].map((n) => `race-${n}`);
      const results = await Promise.allSettled(
        queues.map(async (q) => {
          for (const n of names) await q.ensureQueue(n);
        }),
      );
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      expect((await db.query(`select count(*)::int as n from pgboss.queue where name like 'race-%'`)).rows[0].n).toBe(names.length);
    } finally {
      await Promise.all(queues.map((q) => q.stop()));
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
