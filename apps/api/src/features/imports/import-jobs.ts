import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { importJobs, type Database } from '@enamel/db';
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
/** Upload and error files are removed after this long. */
const KEEP_FILES_MS = 7 * 24 * 60 * 60 * 1000;

export function importDir(dataDir: string): string {
  return path.join(dataDir, 'imports');
}
export const uploadFile = (dataDir: string, job: Pick<ImportJob, 'id' | 'format'>) => path.join(importDir(dataDir), `${job.id}.${job.format}`);
export const errorsFile = (dataDir: string, id: string) => path.join(importDir(dataDir), `${id}.errors.jsonl`);

export function newJobId(): string {
  return crypto.randomUUID();
}

/**
 * Runs import jobs in the background, one at a time per process (the embedded database is one connection,
 * and a 100,000-row write should not compete with another). Live progress is kept in memory: while the
 * write's transaction runs, the job row cannot be updated.
 */
export class ImportRunner {
  private chain: Promise<void> = Promise.resolve();
  private readonly live = new Map<string, Partial<ImportJob>>();
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Live numbers of a job running in this process, over the stored row. */
  view(job: ImportJob): ImportJob {
    const live = this.live.get(job.id);
    if (live) return { ...job, ...live };
    if (RUNNING.includes(job.status) && Date.now() - (job.heartbeatAt ?? job.updatedAt).getTime() > STALE_MS) {
      return { ...job, status: 'failed', failure: 'import.interrupted' };
    }
    return job;
  }

  isLive(id: string): boolean {
    return this.live.has(id);
  }

  private enqueue(id: string, task: () => Promise<void>) {
    this.live.set(id, {});
    this.chain = this.chain.then(async () => {
      try {
        if (!this.closed) await task();
      } catch (err) {
        this.log.error({ err, importJob: id }, 'import job crashed');
      } finally {
        this.live.delete(id);
      }
    });
  }

  /** Waits for the job at work (server shutdown, tests). */
  async close(): Promise<void> {
    this.closed = true;
    await this.chain;
  }

  async idle(): Promise<void> {
    await this.chain;
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
    await this.save(job.id, {
      status: 'failed',
      failure: known ? err.key : fallback,
      failureParams: known ? err.params : { jobId: job.id },
      progress: 100,
      finishedAt: new Date(),
    });
    fs.rmSync(uploadFile(this.dataDir, job), { force: true });
  }

  /** The importing user's practices for the kind's subject, read from their rules when the job runs. */
  private async contextOf(job: ImportJob, kind: AnyImportKind): Promise<ImportContext> {
    const ability = buildAbility(await loadRules(this.db, job.userId));
    return { userId: job.userId, practiceIds: practiceScope(ability, 'import', kind.subject) };
  }

  /** Phase one: read and check every row; nothing is written to the catalog. */
  validate(job: ImportJob) {
    this.enqueue(job.id, async () => {
      const kind = importKind(job.kind)!;
      this.live.set(job.id, { status: 'validating' });
      await this.save(job.id, { status: 'validating' });
      let lastSave = Date.now();
      try {
        const report = await validateFile({
          kind,
          db: this.db,
          context: await this.contextOf(job, kind),
          format: job.format as FileFormat,
          file: uploadFile(this.dataDir, job),
          errorsFile: errorsFile(this.dataDir, job.id),
          onProgress: async (p) => {
            this.progress(job.id, p);
            if (Date.now() - lastSave > 1000) {
              lastSave = Date.now();
              await this.save(job.id, { rowsRead: p.rowsRead, validRows: p.validRows, invalidRows: p.invalidRows, errorCount: p.errorCount, progress: p.progress });
            }
          },
        });
        await this.save(job.id, {
          status: 'validated',
          rowsRead: report.rowsRead,
          validRows: report.validRows,
          invalidRows: report.invalidRows,
          errorCount: report.errorCount,
          progress: 100,
          unknownColumns: report.unknownColumns,
          missingColumns: report.missingColumns,
          errors: report.firstErrors,
        });
      } catch (err) {
        await this.fail(job, err, 'import.unreadable');
      }
    });
  }

  /** Phase two: the valid rows in one transaction, and one activity-log entry. */
  write(job: ImportJob, actor: Actor) {
    this.enqueue(job.id, async () => {
      const kind = importKind(job.kind)!;
      this.live.set(job.id, { status: 'importing', progress: 0 });
      await this.save(job.id, { status: 'importing', progress: 0 });
      try {
        const skip = await invalidRowsOf(errorsFile(this.dataDir, job.id));
        const context = await this.contextOf(job, kind);
        const totals = await this.db.transaction(async (tx) => {
          const result = await writeFile({
            kind,
            tx,
            context,
            format: job.format as FileFormat,
            file: uploadFile(this.dataDir, job),
            skip,
            expected: job.validRows,
            onProgress: (written) => this.progress(job.id, { progress: Math.min(99, Math.floor((written / Math.max(1, job.validRows)) * 100)) }),
          });
          await recordActivity(tx, actor, {
            action: 'import',
            subject: kind.subject,
            subjectId: job.id,
            after: { file: job.fileName, kind: kind.name, rows: result.rows, created: result.created, updated: result.updated, skipped: job.invalidRows },
          });
          return result;
        });
        await this.save(job.id, { status: 'done', created: totals.created, updated: totals.updated, progress: 100, finishedAt: new Date() });
        fs.rmSync(uploadFile(this.dataDir, job), { force: true });
      } catch (err) {
        await this.fail(job, err, 'import.write_failed');
      }
    });
  }
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function findJob(db: Database, id: string, userId: number): Promise<ImportJob | undefined> {
  const [job] = await db.select().from(importJobs).where(and(eq(importJobs.id, id), eq(importJobs.userId, userId)));
  return job;
}

/** Old uploads and error files go, and with them the jobs. */
export async function sweepOldJobs(db: Database, dataDir: string): Promise<void> {
  const before = new Date(Date.now() - KEEP_FILES_MS);
  const old = await db.delete(importJobs).where(lt(importJobs.createdAt, before)).returning({ id: importJobs.id, format: importJobs.format });
  for (const job of old) {
    fs.rmSync(uploadFile(dataDir, job), { force: true });
    fs.rmSync(errorsFile(dataDir, job.id), { force: true });
  }
}

export type { AnyImportKind };
