import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../../core/context.ts';
import { importJobFiles, importJobs, type Database } from '@enamel/db';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import type { MessageKey } from '../../core/i18n.ts';
import type { AnyImportKind, ImportContext } from '../../core/import/kind.ts';
import { buildAbility, loadRules } from '../../core/abilities.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { ImportFileError, invalidRowsOf, validateFile, writeFile, type Progress } from '../../core/import/pipeline.ts';
import type { FileFormat } from '../../core/import/readers.ts';
import { importKind } from './kinds/index.ts';

export type ImportJob = typeof importJobs.$inferSelect;
export type JobStatus = 'queued' | 'validating' | 'validated' | 'importing' | 'done' | 'failed' | 'cancelled';
export const RUNNING: readonly string[] = ['queued', 'validating', 'importing'];

/** A job that has not beaten its heart for this long, and is not running here, was left by a process that died. */
const STALE_MS = 10 * 60 * 1000;
/** Jobs and their files are removed after this long. */
const KEEP_FILES_MS = 7 * 24 * 60 * 60 * 1000;

export function importDir(dataDir: string): string {
  return path.join(dataDir, 'imports');
}

export function newJobId(): string {
  return crypto.randomUUID();
}

/** The queues an import's two steps go through: any instance may run either. */
export const VALIDATE_QUEUE = 'import-validate';
export const WRITE_QUEUE = 'import-write';

interface WriteJob {
  jobId: string;
  actor: Actor;
}

/**
 * Runs import jobs from the database job queue: an upload is stored in the database and validated by whichever
 * instance takes the job, and the valid rows are written the same way, so progress, files and results belong to
 * no one instance and survive a restart. Progress is saved on the job row about once a second; while the rows are
 * written, the embedded database's one connection is inside the write's transaction, so there the live numbers
 * of the write are kept in memory by the process doing it (the only process on that database).
 */
export class ImportRunner {
  private readonly live = new Map<string, Partial<ImportJob>>();

  constructor(
    private readonly deps: Pick<Deps, 'db' | 'jobs' | 'config'>,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** Starts this instance's workers of both steps. */
  async start(): Promise<void> {
    await this.deps.jobs.work<{ jobId: string }>(VALIDATE_QUEUE, async ({ data }) => this.runValidation(data.jobId), { expireInSeconds: 60 * 60 });
    await this.deps.jobs.work<WriteJob>(WRITE_QUEUE, async ({ data }) => this.runWrite(data.jobId, data.actor), { expireInSeconds: 60 * 60 });
  }

  /** Live numbers of a write running in this process, over the stored row; a job whose process died, as failed. */
  view(job: ImportJob): ImportJob {
    const live = this.live.get(job.id);
    if (live) return { ...job, ...live };
    if (RUNNING.includes(job.status) && Date.now() - (job.heartbeatAt ?? job.updatedAt).getTime() > STALE_MS) {
      return { ...job, status: 'failed', failure: 'import.interrupted' };
    }
    return job;
  }

  /** Stores an upload with its job (one transaction) and queues its validation. */
  async accept(values: typeof importJobs.$inferInsert, upload: Buffer): Promise<ImportJob> {
    const job = await this.db.transaction(async (tx) => {
      const [created] = await tx.insert(importJobs).values(values).returning();
      await tx.insert(importJobFiles).values({ jobId: created!.id, name: 'upload', content: upload });
      return created!;
    });
    await this.deps.jobs.send(VALIDATE_QUEUE, { jobId: job.id });
    this.deps.jobs.wake(VALIDATE_QUEUE);
    return job;
  }

  /** Queues the write of a job the caller has claimed (validated → importing). */
  async write(job: ImportJob, actor: Actor): Promise<void> {
    await this.deps.jobs.send(WRITE_QUEUE, { jobId: job.id, actor });
    this.deps.jobs.wake(WRITE_QUEUE);
  }

  private async save(id: string, values: Partial<typeof importJobs.$inferInsert>) {
    await this.db.update(importJobs).set({ ...values, heartbeatAt: new Date() }).where(eq(importJobs.id, id));
  }

  private progress(id: string, p: Progress | Partial<ImportJob>) {
    const { rowsRead, validRows, invalidRows, errorCount, progress } = p as Partial<ImportJob>;
    this.live.set(id, { ...this.live.get(id), ...definedOnly({ rowsRead, validRows, invalidRows, errorCount, progress }) });
  }

  private async fail(job: ImportJob, err: unknown, fallback: MessageKey) {
    const known = err instanceof ImportFileError;
    if (!known) this.log.error({ err, importJob: job.id }, 'import job failed');
    await this.db.transaction(async (tx) => {
      await tx
        .update(importJobs)
        .set({ status: 'failed', failure: known ? err.key : fallback, failureParams: known ? err.params : { jobId: job.id }, progress: 100, finishedAt: new Date(), heartbeatAt: new Date() })
        .where(eq(importJobs.id, job.id));
      await tx.delete(importJobFiles).where(and(eq(importJobFiles.jobId, job.id), eq(importJobFiles.name, 'upload')));
    });
  }

  /** The importing user's practices for the kind's subject, read from their rules when the job runs. */
  private async contextOf(job: ImportJob, kind: AnyImportKind): Promise<ImportContext> {
    const ability = buildAbility(await loadRules(this.db, job.userId));
    return { userId: job.userId, practiceIds: practiceScope(ability, 'import', kind.subject) };
  }

  /** Copies the job's stored files to this instance's disk for the streaming readers; removed after the step. */
  private async materialise(job: ImportJob, names: Array<'upload' | 'errors'>): Promise<{ upload: string; errors: string; remove(): void }> {
    const dir = path.join(importDir(this.deps.config.dataDir), `${job.id}.work`);
    fs.mkdirSync(dir, { recursive: true });
    const upload = path.join(dir, `upload.${job.format}`);
    const errors = path.join(dir, 'errors.jsonl');
    const files = await this.db.select().from(importJobFiles).where(and(eq(importJobFiles.jobId, job.id), inArray(importJobFiles.name, names)));
    for (const file of files) fs.writeFileSync(file.name === 'upload' ? upload : errors, file.content);
    return { upload, errors, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
  }

  /** Step one: read and check every row; nothing is written to the catalog. Claimed first, so it runs once. */
  private async runValidation(id: string): Promise<void> {
    const [job] = await this.db.update(importJobs).set({ status: 'validating', heartbeatAt: new Date() }).where(and(eq(importJobs.id, id), eq(importJobs.status, 'queued'))).returning();
    if (!job) return;
    const kind = importKind(job.kind)!;
    const files = await this.materialise(job, ['upload']);
    let lastSave = Date.now();
    try {
      const report = await validateFile({
        kind,
        db: this.db,
        context: await this.contextOf(job, kind),
        format: job.format as FileFormat,
        file: files.upload,
        errorsFile: files.errors,
        onProgress: async (p) => {
          if (Date.now() - lastSave > 1000) {
            lastSave = Date.now();
            await this.save(job.id, { rowsRead: p.rowsRead, validRows: p.validRows, invalidRows: p.invalidRows, errorCount: p.errorCount, progress: p.progress });
          }
        },
      });
      const errors = fs.existsSync(files.errors) ? fs.readFileSync(files.errors) : Buffer.alloc(0);
      await this.db.transaction(async (tx) => {
        await tx.insert(importJobFiles).values({ jobId: job.id, name: 'errors', content: errors }).onConflictDoUpdate({ target: [importJobFiles.jobId, importJobFiles.name], set: { content: errors } });
        await tx
          .update(importJobs)
          .set({
            status: 'validated',
            rowsRead: report.rowsRead,
            validRows: report.validRows,
            invalidRows: report.invalidRows,
            errorCount: report.errorCount,
            progress: 100,
            unknownColumns: report.unknownColumns,
            missingColumns: report.missingColumns,
            errors: report.firstErrors,
            heartbeatAt: new Date(),
          })
          .where(eq(importJobs.id, job.id));
      });
    } catch (err) {
      await this.fail(job, err, 'import.unreadable');
    } finally {
      files.remove();
    }
  }

  /** Step two: the valid rows in one transaction, and one activity-log entry. */
  private async runWrite(id: string, actor: Actor): Promise<void> {
    // Claimed (progress 0 → 1 while importing), so a job handed over twice is written once.
    const [job] = await this.db
      .update(importJobs)
      .set({ progress: 1, heartbeatAt: new Date() })
      .where(and(eq(importJobs.id, id), eq(importJobs.status, 'importing'), eq(importJobs.progress, 0)))
      .returning();
    if (!job) return;
    const kind = importKind(job.kind)!;
    this.live.set(job.id, { status: 'importing', progress: 1 });
    const files = await this.materialise(job, ['upload', 'errors']);
    // On PostgreSQL the progress goes on the row from another pooled connection; the embedded one is in the write.
    const shared = this.deps.config.databaseUrl !== undefined;
    let lastSave = Date.now();
    try {
      const skip = await invalidRowsOf(files.errors);
      const context = await this.contextOf(job, kind);
      const totals = await this.db.transaction(async (tx) => {
        const result = await writeFile({
          kind,
          tx,
          context,
          format: job.format as FileFormat,
          file: files.upload,
          skip,
          expected: job.validRows,
          onProgress: async (written) => {
            const progress = Math.min(99, Math.max(1, Math.floor((written / Math.max(1, job.validRows)) * 100)));
            this.progress(job.id, { progress });
            if (shared && Date.now() - lastSave > 1000) {
              lastSave = Date.now();
              await this.save(job.id, { progress });
            }
          },
        });
        await recordActivity(tx, actor, {
          action: 'import',
          subject: kind.subject,
          subjectId: job.id,
          after: { file: job.fileName, kind: kind.name, rows: result.rows, created: result.created, updated: result.updated, skipped: job.invalidRows },
        });
        await tx.update(importJobs).set({ status: 'done', created: result.created, updated: result.updated, progress: 100, finishedAt: new Date(), heartbeatAt: new Date() }).where(eq(importJobs.id, job.id));
        await tx.delete(importJobFiles).where(and(eq(importJobFiles.jobId, job.id), eq(importJobFiles.name, 'upload')));
        return result;
      });
      this.log.info({ importJob: job.id, ...totals }, 'import written');
    } catch (err) {
      await this.fail(job, err, 'import.write_failed');
    } finally {
      this.live.delete(job.id);
      files.remove();
    }
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
