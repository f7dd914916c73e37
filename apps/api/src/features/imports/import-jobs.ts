import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../core/context.ts';
import { defineJob, runTable } from '../../core/jobs/index.ts';
import { importJobFiles, importJobs, type Database } from '@enamel/db';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import type { MessageKey } from '../../core/i18n.ts';
import type { AnyImportKind, ImportContext } from '../../core/import/kind.ts';
import { buildAbility, loadRules } from '../../core/abilities.ts';
import { apiTokenAbility } from '../../core/api-token-auth.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { analyzeStaleTables } from '../../core/table-statistics.ts';
import { ImportFileError, invalidRowsOf, validateFile, writeFile, type Progress } from '../../core/import/pipeline.ts';
import type { FileFormat } from '../../core/import/readers.ts';
import { importKind } from './kinds/index.ts';

export type ImportJob = typeof importJobs.$inferSelect;

/** Import jobs' rows in the job grammar: silent 10 minutes (and not running here), their process is gone. */
export const importRuns = runTable(importJobs, { staleAfterSeconds: 10 * 60, interrupted: 'import.interrupted' });
/** Jobs and their files are removed after this long. */
const KEEP_FILES_MS = 7 * 24 * 60 * 60 * 1000;

export function importDir(dataDir: string): string {
  return path.join(dataDir, 'imports');
}

export function newJobId(): string {
  return crypto.randomUUID();
}

const actorSchema = z.object({ userId: z.number().int().nullable(), email: z.string().nullable(), ip: z.string(), userAgent: z.string().nullable() });

/**
 * An import's two steps are jobs of the queue: an upload is stored in the database and validated by whichever
 * instance takes the job, and the valid rows are written the same way, so progress, files and results belong to
 * no one instance and survive a restart. Progress is saved on the job row about once a second; while the rows are
 * written, the embedded database's one connection is inside the write's transaction, so there the live numbers
 * of the write are kept in memory by the process doing it (the only process on that database).
 */
const live = new Map<string, Partial<ImportJob>>();

/** Step one: read and check every row; nothing is written to the catalog. */
export const importValidateJob = defineJob({
  queue: 'import-validate',
  payload: z.object({ jobId: z.string() }),
  expireInSeconds: 60 * 60,
  handler: ({ jobId }, { deps, log }) => runValidation(deps, log, jobId),
});

/** Step two: the valid rows in one transaction, and one activity-log entry. */
export const importWriteJob = defineJob({
  queue: 'import-write',
  payload: z.object({ jobId: z.string(), actor: actorSchema }),
  expireInSeconds: 60 * 60,
  handler: ({ jobId, actor }, { deps, log }) => runWrite(deps, log, jobId, actor),
});

/** Live numbers of a write running in this process, over the stored row; a job whose process died, as failed. */
export function viewImport(job: ImportJob): ImportJob {
  const running = live.get(job.id);
  if (running) return { ...job, ...running };
  return importRuns.view(job, job.heartbeatAt ?? job.updatedAt);
}

/** Stores an upload with its job (one transaction) and queues its validation. */
export async function acceptImport(deps: Pick<Deps, 'db' | 'jobs'>, values: typeof importJobs.$inferInsert, upload: Buffer): Promise<ImportJob> {
  const job = await deps.db.transaction(async (tx) => {
    const [created] = await tx.insert(importJobs).values({ ...values, status: 'queued', stage: 'validate' }).returning();
    await tx.insert(importJobFiles).values({ jobId: created!.id, name: 'upload', content: upload });
    return created!;
  });
  await importValidateJob.send(deps, { jobId: job.id });
  return job;
}

/**
 * The user's choice on a validated job (stage validate, succeeded): the write of its valid rows queued (stage write),
 * or nothing (stage cancelled, its upload dropped). Guarded, so two choices at once make one; undefined when the
 * job no longer waits.
 */
export async function chooseImport(deps: Pick<Deps, 'db' | 'jobs'>, job: ImportJob, mode: 'valid' | 'none', actor: Actor): Promise<ImportJob | undefined> {
  const cancel = mode === 'none';
  const [chosen] = await deps.db
    .update(importJobs)
    .set(cancel ? { stage: 'cancelled', finishedAt: new Date(), heartbeatAt: new Date() } : { stage: 'write', status: 'queued', progress: 0, heartbeatAt: new Date() })
    .where(and(eq(importJobs.id, job.id), eq(importJobs.stage, 'validate'), eq(importJobs.status, 'succeeded')))
    .returning();
  if (!chosen) return undefined;
  if (cancel) await dropUpload(deps.db, job.id);
  else await importWriteJob.send(deps, { jobId: job.id, actor });
  return chosen;
}

type ImportDeps = Pick<Deps, 'db' | 'config'>;

function progress(id: string, p: Progress | Partial<ImportJob>) {
  const { rowsRead, validRows, invalidRows, errorCount, progress } = p as Partial<ImportJob>;
  live.set(id, { ...live.get(id), ...definedOnly({ rowsRead, validRows, invalidRows, errorCount, progress }) });
}

async function fail(deps: ImportDeps, log: FastifyBaseLogger, job: ImportJob, err: unknown, fallback: MessageKey) {
  const known = err instanceof ImportFileError;
  if (!known) log.error({ err, importJob: job.id }, 'import job failed');
  await deps.db.transaction(async (tx) => {
    await importRuns.fail(tx, job.id, known ? { key: err.key, params: err.params ?? {} } : { key: fallback, params: { jobId: job.id } }, { progress: 100 });
    await tx.delete(importJobFiles).where(and(eq(importJobFiles.jobId, job.id), eq(importJobFiles.name, 'upload')));
  });
}

/**
 * The importing user's practices for the kind's subject, read from their rules when the job runs; for an upload made
 * with an API token, the token's rights as they are now (none once it is revoked or expired).
 */
async function contextOf(deps: ImportDeps, job: ImportJob, kind: AnyImportKind): Promise<ImportContext> {
  const ability = job.apiTokenId ? await apiTokenAbility(deps.db, job.apiTokenId) : buildAbility(await loadRules(deps.db, job.userId));
  return { userId: job.userId, practiceIds: practiceScope(ability, 'import', kind.subject) };
}

/** Copies the job's stored files to this instance's disk for the streaming readers; removed after the step. */
async function materialise(deps: ImportDeps, job: ImportJob, names: Array<'upload' | 'errors'>): Promise<{ upload: string; errors: string; remove(): void }> {
  const dir = path.join(importDir(deps.config.dataDir), `${job.id}.work`);
  fs.mkdirSync(dir, { recursive: true });
  const upload = path.join(dir, `upload.${job.format}`);
  const errors = path.join(dir, 'errors.jsonl');
  const files = await deps.db.select().from(importJobFiles).where(and(eq(importJobFiles.jobId, job.id), inArray(importJobFiles.name, names)));
  for (const file of files) fs.writeFileSync(file.name === 'upload' ? upload : errors, file.content);
  return { upload, errors, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** Step one, claimed first (queued → running), so it runs once. */
async function runValidation(deps: ImportDeps, log: FastifyBaseLogger, id: string): Promise<void> {
  const { db } = deps;
  const job = await importRuns.claim(db, id, {}, eq(importJobs.stage, 'validate'));
  if (!job) return;
  const kind = importKind(job.kind)!;
  const files = await materialise(deps, job, ['upload']);
  let lastSave = Date.now();
  try {
    const report = await validateFile({
      kind,
      db,
      context: await contextOf(deps, job, kind),
      format: job.format as FileFormat,
      file: files.upload,
      errorsFile: files.errors,
      onProgress: async (p) => {
        if (Date.now() - lastSave > 1000) {
          lastSave = Date.now();
          await importRuns.beat(db, job.id, { rowsRead: p.rowsRead, validRows: p.validRows, invalidRows: p.invalidRows, errorCount: p.errorCount, progress: p.progress });
        }
      },
    });
    const errors = fs.existsSync(files.errors) ? fs.readFileSync(files.errors) : Buffer.alloc(0);
    await db.transaction(async (tx) => {
      await tx.insert(importJobFiles).values({ jobId: job.id, name: 'errors', content: errors }).onConflictDoUpdate({ target: [importJobFiles.jobId, importJobFiles.name], set: { content: errors } });
      // Succeeded, the validation waits for the user's choice (finished_at is set once the job is over).
      await importRuns.succeed(tx, job.id, {
        rowsRead: report.rowsRead,
        validRows: report.validRows,
        invalidRows: report.invalidRows,
        errorCount: report.errorCount,
        progress: 100,
        unknownColumns: report.unknownColumns,
        missingColumns: report.missingColumns,
        errors: report.firstErrors,
        finishedAt: null,
      });
    });
  } catch (err) {
    await fail(deps, log, job, err, 'import.unreadable');
  } finally {
    files.remove();
  }
}

/** Step two, claimed (queued → running in stage write), so a job handed over twice is written once. */
async function runWrite(deps: ImportDeps, log: FastifyBaseLogger, id: string, actor: Actor): Promise<void> {
  const { db } = deps;
  const job = await importRuns.claim(db, id, { progress: 1 }, eq(importJobs.stage, 'write'));
  if (!job) return;
  const kind = importKind(job.kind)!;
  live.set(job.id, { status: 'running', progress: 1 });
  const files = await materialise(deps, job, ['upload', 'errors']);
  // On PostgreSQL the progress goes on the row from another pooled connection; the embedded one is in the write.
  const shared = deps.config.databaseUrl !== undefined;
  let lastSave = Date.now();
  try {
    const skip = await invalidRowsOf(files.errors);
    const context = await contextOf(deps, job, kind);
    const totals = await db.transaction(async (tx) => {
      const result = await writeFile({
        kind,
        tx,
        context,
        format: job.format as FileFormat,
        file: files.upload,
        skip,
        expected: job.validRows,
        onProgress: async (written) => {
          const percent = Math.min(99, Math.max(1, Math.floor((written / Math.max(1, job.validRows)) * 100)));
          progress(job.id, { progress: percent });
          if (shared && Date.now() - lastSave > 1000) {
            lastSave = Date.now();
            await importRuns.beat(db, job.id, { progress: percent });
          }
        },
      });
      await recordActivity(tx, actor, {
        action: 'import',
        subject: kind.subject,
        subjectId: job.id,
        after: { file: job.fileName, kind: kind.name, rows: result.rows, created: result.created, updated: result.updated, skipped: job.invalidRows },
      });
      await importRuns.succeed(tx, job.id, { created: result.created, updated: result.updated, progress: 100 });
      await tx.delete(importJobFiles).where(and(eq(importJobFiles.jobId, job.id), eq(importJobFiles.name, 'upload')));
      return result;
    });
    log.info({ importJob: job.id, ...totals }, 'import written');
    await refreshStatistics(db, log);
  } catch (err) {
    await fail(deps, log, job, err, 'import.write_failed');
  } finally {
    live.delete(job.id);
    files.remove();
  }
}

/**
 * A large import can grow a table (and the ledger's rollups) far past what the planner last counted, and the
 * embedded database has no autovacuum: the stale tables are analyzed once the import is written (one catalog query
 * when nothing grew). The import has succeeded by then; a failure here is logged, never reported as the import's.
 */
async function refreshStatistics(db: Database, log: FastifyBaseLogger): Promise<void> {
  try {
    const analyzed = await analyzeStaleTables(db);
    if (analyzed.length) log.info({ analyzed }, 'statistics refreshed after an import');
  } catch (err) {
    log.warn({ err }, 'statistics could not be refreshed after an import');
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function findJob(db: Database, id: string, userId: number): Promise<ImportJob | undefined> {
  const [job] = await db.select().from(importJobs).where(and(eq(importJobs.id, id), eq(importJobs.userId, userId)));
  return job;
}

/** Old jobs go, and their stored files with them (and a file an older version kept on disk). */
export async function sweepOldJobs(db: Database, dataDir: string): Promise<void> {
  const before = new Date(Date.now() - KEEP_FILES_MS);
  const old = await db.delete(importJobs).where(lt(importJobs.createdAt, before)).returning({ id: importJobs.id, format: importJobs.format });
  for (const job of old) {
    fs.rmSync(path.join(importDir(dataDir), `${job.id}.${job.format}`), { force: true });
    fs.rmSync(path.join(importDir(dataDir), `${job.id}.errors.jsonl`), { force: true });
  }
}

/** An import job's stored row errors (JSON lines), empty when it has none. */
export async function storedErrors(db: Database, id: string): Promise<Buffer> {
  const [file] = await db.select({ content: importJobFiles.content }).from(importJobFiles).where(and(eq(importJobFiles.jobId, id), eq(importJobFiles.name, 'errors')));
  return file?.content ?? Buffer.alloc(0);
}

/** Drops a job's upload (imported nothing: cancelled). */
export async function dropUpload(db: Database, id: string): Promise<void> {
  await db.delete(importJobFiles).where(and(eq(importJobFiles.jobId, id), eq(importJobFiles.name, 'upload')));
}

export type { AnyImportKind };
