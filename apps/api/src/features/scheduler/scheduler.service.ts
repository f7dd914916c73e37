import os from 'node:os';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DueRunResult, SchedulerJobUpdate } from '@enamel/contracts';
import { schedulerJobs, schedulerRuns, type Database } from '@enamel/db';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import type { Deps } from '../../core/context.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { cronProblem, lastSlot } from './scheduler-cron.ts';
import { ARCHIVE_JOB, jobKind, SCHEDULER_JOB_KINDS, type SchedulerJobKind } from './scheduler-handlers.ts';

type SchedulerDeps = Pick<Deps, 'db' | 'config' | 'jobs' | 'mailer' | 'database'>;
type Job = typeof schedulerJobs.$inferSelect;

/** This process, as named in a run's history. */
const INSTANCE = `${os.hostname()}:${process.pid}`;
/** A run still queued or running this long past its time limit was interrupted (its instance stopped). */
const GRACE_SECONDS = 60;

export const queueOf = (name: string) => `scheduler-${name}`;

/** The jobs the server knows, each with its default schedule, created on a first start (an edit is kept). */
export async function seedSchedulerJobs(db: Database): Promise<void> {
  await db
    .insert(schedulerJobs)
    .values(SCHEDULER_JOB_KINDS.map((k) => ({ name: k.name, cron: k.defaultCron, timeLimitSeconds: k.timeLimitSeconds })))
    .onConflictDoNothing();
}

/**
 * Starts this instance's workers for every job and hands the enabled jobs' cron expressions to pg-boss's
 * schedules (the queue's timekeeper sends a due job once across all instances). Every instance does this at
 * start; it is idempotent.
 */
export async function startScheduler(deps: SchedulerDeps): Promise<void> {
  for (const kind of SCHEDULER_JOB_KINDS) {
    await deps.jobs.work<{ runId?: number }>(queueOf(kind.name), async ({ data }) => handleJob(deps, kind, data.runId), {
      expireInSeconds: kind.timeLimitSeconds + GRACE_SECONDS,
    });
  }
  for (const job of await deps.db.select().from(schedulerJobs)) await syncSchedule(deps, job);
}

async function syncSchedule(deps: SchedulerDeps, job: Job): Promise<void> {
  if (!jobKind(job.name)) return;
  if (job.enabled) await deps.jobs.boss.schedule(queueOf(job.name), job.cron, {}, { tz: deps.config.timeZone });
  else await deps.jobs.boss.unschedule(queueOf(job.name));
}

/**
 * One job handed over by the queue: a run asked for by run-scheduler (its row exists) or a cron firing,
 * which makes the run of its slot — unless that slot has one already (run-scheduler got there first, or
 * another instance), so a slot runs once.
 */
async function handleJob(deps: SchedulerDeps, kind: SchedulerJobKind, runId: number | undefined): Promise<void> {
  const [job] = await deps.db.select().from(schedulerJobs).where(eq(schedulerJobs.name, kind.name));
  if (!job) return;
  let id = runId;
  if (id === undefined) {
    if (!job.enabled) return;
    const [created] = await deps.db
      .insert(schedulerRuns)
      .values({ jobId: job.id, slot: lastSlot(job.cron, deps.config.timeZone, new Date()), trigger: 'schedule' })
      .onConflictDoNothing()
      .returning({ id: schedulerRuns.id });
    if (!created) return;
    id = created.id;
  }
  await executeRun(deps, kind, job, id);
}

/**
 * Runs one run to its end: claimed first (queued → running, so it runs once), its work raced against the
 * job's time limit, then marked succeeded or failed with its log and error. Only the first outcome is kept:
 * a run that passed its limit stays failed even if its work finishes later.
 */
async function executeRun(deps: SchedulerDeps, kind: SchedulerJobKind, job: Job, runId: number): Promise<void> {
  const [claimed] = await deps.db
    .update(schedulerRuns)
    .set({ status: 'running', startedAt: sql`now()`, instance: INSTANCE })
    .where(and(eq(schedulerRuns.id, runId), eq(schedulerRuns.status, 'queued')))
    .returning({ id: schedulerRuns.id });
  if (!claimed) return;
  const lines: string[] = [];
  const began = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`passed its time limit of ${job.timeLimitSeconds} s`)), job.timeLimitSeconds * 1000);
  });
  let error: string | null = null;
  try {
    await Promise.race([kind.run({ deps, options: job.options, log: (line) => lines.push(line) }), limit]);
  } catch (err) {
    error = errorText(err);
  } finally {
    clearTimeout(timer);
  }
  await deps.db
    .update(schedulerRuns)
    .set({ status: error ? 'failed' : 'succeeded', finishedAt: sql`now()`, durationMs: Math.round(performance.now() - began), log: lines.slice(0, 500), error })
    .where(and(eq(schedulerRuns.id, runId), eq(schedulerRuns.status, 'running')));
}

/**
 * What a failed run's history says: the database's own message, not the query and its parameters that the
 * query builder wraps it in (they may hold anything, binary included).
 */
export function errorText(err: unknown): string {
  const root = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const text = root instanceof Error ? root.message : String(root);
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ' ').slice(0, 2000);
}

/** Runs left queued or running by an instance that stopped are marked failed (they run again at their next slot). */
export async function failInterruptedRuns(db: Database): Promise<number> {
  const failed = await db
    .update(schedulerRuns)
    .set({ status: 'failed', finishedAt: sql`now()`, error: 'interrupted: the server running it stopped before it finished' })
    .where(
      and(
        inArray(schedulerRuns.status, ['queued', 'running']),
        sql`coalesce(${schedulerRuns.startedAt}, ${schedulerRuns.createdAt}) < now() - make_interval(secs => (select ${schedulerJobs.timeLimitSeconds} + ${GRACE_SECONDS} from ${schedulerJobs} where ${schedulerJobs.id} = ${schedulerRuns.jobId}))`,
      ),
    )
    .returning({ id: schedulerRuns.id });
  return failed.length;
}


/**
 * `POST /api/run-scheduler`: every enabled job whose latest cron time has no run yet is run now — one run per
 * job and slot however many requests or instances ask at once (the unique index on job and slot decides who
 * queues it) — then waits up to `waitSeconds` for them and answers each due job's run as it stands.
 */
export async function runDueJobs(deps: SchedulerDeps, waitSeconds: number): Promise<DueRunResult[]> {
  await failInterruptedRuns(deps.db);
  const now = new Date();
  const due: Array<{ job: Job; runId: number; started: boolean; slot: Date }> = [];
  for (const job of await deps.db.select().from(schedulerJobs).where(eq(schedulerJobs.enabled, true)).orderBy(schedulerJobs.id)) {
    if (!jobKind(job.name)) continue;
    const slot = lastSlot(job.cron, deps.config.timeZone, now);
    const [created] = await deps.db.insert(schedulerRuns).values({ jobId: job.id, slot, trigger: 'manual' }).onConflictDoNothing().returning({ id: schedulerRuns.id });
    if (created) {
      await deps.jobs.send(queueOf(job.name), { runId: created.id });
      deps.jobs.wake(queueOf(job.name));
      due.push({ job, runId: created.id, started: true, slot });
      continue;
    }
    const [existing] = await deps.db.select({ id: schedulerRuns.id }).from(schedulerRuns).where(and(eq(schedulerRuns.jobId, job.id), eq(schedulerRuns.slot, slot)));
    if (existing) due.push({ job, runId: existing.id, started: false, slot });
  }
  const ids = due.map((d) => d.runId);
  const deadline = Date.now() + waitSeconds * 1000;
  let runs = await readRuns(deps.db, ids);
  while (runs.some((r) => r.status === 'queued' || r.status === 'running') && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    runs = await readRuns(deps.db, ids);
  }
  const byId = new Map(runs.map((r) => [r.id, r]));
  return due.map(({ job, runId, started, slot }) => {
    const run = byId.get(runId)!;
    return {
      job: job.name,
      slot: slot.toISOString(),
      run_id: runId,
      started,
      status: run.status as DueRunResult['status'],
      started_at: run.startedAt?.toISOString() ?? null,
      finished_at: run.finishedAt?.toISOString() ?? null,
      duration_ms: run.durationMs,
      error: run.error,
    };
  });
}

async function readRuns(db: Database, ids: number[]) {
  if (!ids.length) return [];
  return db.select().from(schedulerRuns).where(inArray(schedulerRuns.id, ids));
}

/** Changes a job's schedule, switch or time limit: validated, logged, and handed to the queue's schedules. */
export async function updateSchedulerJob(deps: SchedulerDeps, actor: Actor, id: number, body: SchedulerJobUpdate): Promise<Job> {
  if (body.cron !== undefined) {
    const problem = cronProblem(body.cron, deps.config.timeZone);
    if (problem) throw invalid('cron', 'scheduler.bad_cron', { detail: problem });
  }
  const updated = await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(schedulerJobs).where(eq(schedulerJobs.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    if (body.archive_after_days !== undefined && before.name !== ARCHIVE_JOB) throw invalid('archive_after_days', 'scheduler.not_an_option');
    const [after] = await tx
      .update(schedulerJobs)
      .set({
        ...(body.cron !== undefined ? { cron: body.cron.trim().replace(/\s+/g, ' ') } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
        ...(body.time_limit_seconds !== undefined ? { timeLimitSeconds: body.time_limit_seconds } : {}),
        ...(body.archive_after_days !== undefined ? { options: { ...before.options, archive_after_days: body.archive_after_days } } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(schedulerJobs.id, id))
      .returning();
    await recordActivity(tx, actor, { action: 'update', subject: 'Scheduler', subjectId: id, ...changes(before, after!) });
    return after!;
  });
  await syncSchedule(deps, updated);
  return updated;
}

/** A job's run history, newest first. */
export async function jobRuns(db: Database, jobId: number, limit: number) {
  const [job] = await db.select({ id: schedulerJobs.id }).from(schedulerJobs).where(eq(schedulerJobs.id, jobId));
  if (!job) throw new AppError('not_found');
  return db.select().from(schedulerRuns).where(eq(schedulerRuns.jobId, jobId)).orderBy(desc(schedulerRuns.id)).limit(limit);
}
