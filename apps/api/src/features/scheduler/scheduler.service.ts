import os from 'node:os';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DueRunResult, Locale, SchedulerJobUpdate } from '@enamel/contracts';
import { schedulerJobs, schedulerRuns, type Database } from '@enamel/db';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import type { Deps } from '../../core/context.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { translate, type MessageKey } from '../../core/i18n.ts';
import { defineJob, errorText, RunFailure, runTable, type JobDefinition } from '../../core/jobs/index.ts';
import { cronProblem, lastSlot } from './scheduler-cron.ts';
import { ARCHIVE_JOB, jobKind, SCHEDULER_JOB_KINDS, type LogLine, type SchedulerJobKind } from './scheduler-handlers.ts';

type SchedulerDeps = Pick<Deps, 'db' | 'config' | 'jobs' | 'mailer' | 'database'>;
type Job = typeof schedulerJobs.$inferSelect;

/** This process, as named in a run's history. */
const INSTANCE = `${os.hostname()}:${process.pid}`;
/** A run still queued or running this long past its time limit was interrupted (its instance stopped). */
const GRACE_SECONDS = 60;

export const queueOf = (name: string) => `scheduler-${name}`;

/** Scheduler runs in the job grammar: stale past their job's own time limit and a grace minute. */
export const schedulerRunRows = runTable(schedulerRuns, {
  staleAfterSeconds: sql`(select ${schedulerJobs.timeLimitSeconds} + ${GRACE_SECONDS} from ${schedulerJobs} where ${schedulerJobs.id} = ${schedulerRuns.jobId})`,
  interrupted: 'scheduler.run_interrupted',
});

/** The jobs the server knows, each with its default schedule, created on a first start (an edit is kept). */
export async function seedSchedulerJobs(db: Database): Promise<void> {
  await db
    .insert(schedulerJobs)
    .values(SCHEDULER_JOB_KINDS.map((k) => ({ name: k.name, cron: k.defaultCron, timeLimitSeconds: k.timeLimitSeconds })))
    .onConflictDoNothing();
}

/** Each scheduler job kind as a job of the grammar: its queue, a payload (a run's id, none when the cron fired), its work. */
export const schedulerQueueJobs: readonly JobDefinition[] = SCHEDULER_JOB_KINDS.map((kind) =>
  defineJob({
    queue: queueOf(kind.name),
    payload: z.object({ runId: z.number().int().optional() }),
    expireInSeconds: kind.timeLimitSeconds + GRACE_SECONDS,
    handler: ({ runId }, { deps }) => handleJob(deps, kind, runId),
  }),
);

/**
 * Hands the enabled jobs' cron expressions to pg-boss's schedules (the queue's timekeeper sends a due job once
 * across all instances). Every instance does this at start, after its workers; it is idempotent.
 */
export async function syncSchedules(deps: SchedulerDeps): Promise<void> {
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
  const claimed = await schedulerRunRows.claim(deps.db, runId, { instance: INSTANCE });
  if (!claimed) return;
  const lines: LogLine[] = [];
  const began = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RunFailure('scheduler.time_limit', { seconds: job.timeLimitSeconds })), job.timeLimitSeconds * 1000);
  });
  const done = () => ({ durationMs: Math.round(performance.now() - began), log: lines.slice(0, 500) });
  try {
    await Promise.race([kind.run({ deps, options: job.options, log: (key, params) => lines.push(params ? { key, params } : { key }) }), limit]);
    await schedulerRunRows.succeed(deps.db, runId, done());
  } catch (err) {
    const known = err instanceof RunFailure;
    await schedulerRunRows.fail(deps.db, runId, known ? err : { key: 'scheduler.run_failed' }, done(), known ? undefined : errorText(err));
  } finally {
    clearTimeout(timer);
  }
}

/** A run's log in the reader's language (lines of runs older than the keys are shown as they were written). */
export function runLog(locale: Locale, lines: readonly LogLine[]): string[] {
  return lines.map((line) => (typeof line === 'string' ? line : translate(locale, line.key as MessageKey, line.params ?? {})));
}

/** Why a run failed, in the reader's language, with the error's own text after it. */
export function runError(locale: Locale, run: { failure: string | null; failureParams: Record<string, string | number> | null; error: string | null }): string | null {
  if (!run.failure) return run.error;
  const why = translate(locale, run.failure as MessageKey, run.failureParams ?? {});
  return run.error ? `${why}: ${run.error}` : why;
}

/** Runs left queued or running by an instance that stopped are marked failed (they run again at their next slot). */
export async function failInterruptedRuns(db: Database): Promise<number> {
  return schedulerRunRows.failStale(db);
}


/**
 * `POST /api/run-scheduler`: every enabled job whose latest cron time has no run yet is run now — one run per
 * job and slot however many requests or instances ask at once (the unique index on job and slot decides who
 * queues it) — then waits up to `waitSeconds` for them and answers each due job's run as it stands.
 */
export async function runDueJobs(deps: SchedulerDeps, waitSeconds: number, locale: Locale): Promise<DueRunResult[]> {
  await failInterruptedRuns(deps.db);
  const now = new Date();
  const due: Array<{ job: Job; runId: number; started: boolean; slot: Date }> = [];
  for (const job of await deps.db.select().from(schedulerJobs).where(eq(schedulerJobs.enabled, true)).orderBy(schedulerJobs.id)) {
    if (!jobKind(job.name)) continue;
    const slot = lastSlot(job.cron, deps.config.timeZone, now);
    const [created] = await deps.db.insert(schedulerRuns).values({ jobId: job.id, slot, trigger: 'manual' }).onConflictDoNothing().returning({ id: schedulerRuns.id });
    if (created) {
      await schedulerQueueJobs.find((j) => j.queue === queueOf(job.name))!.send(deps, { runId: created.id });
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
      error: runError(locale, run),
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
