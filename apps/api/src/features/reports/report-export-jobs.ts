import crypto from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { REPORT_EXPORT_KEEP_DAYS, REPORT_EXPORT_MAX_BYTES, reportExportBodySchema, type Locale, type ReportExportBody, type ReportExportFormat } from '@enamel/contracts';
import { reportExports, type Database } from '@enamel/db';
import type { Deps } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { defineJob, RunFailure } from '../../core/jobs/index.ts';
import { dropExportFile, ExportTooLarge, storeExportFile } from './report-export-files.ts';
import { ACTIVE_STATUSES, exportFilters, exportRuns, recordExport } from './report-exports.ts';
import { reportFile } from './report-file.ts';
import { filterNames } from './report-words.ts';
import { openExport } from './reports.ts';

/** Progress goes on the export's row every this many rows, or after this long (and its heart beats with it). */
const PROGRESS_ROWS = 1000;
const PROGRESS_MS = 1000;

/** One text for an export request: an identical one (same report, practice, filters, format, language) while it runs is the same export. */
function requestKey(body: ReportExportBody, filters: Record<string, string>, locale: Locale): string {
  const sorted = Object.fromEntries(Object.entries(filters).sort(([a], [b]) => a.localeCompare(b)));
  return crypto.createHash('sha256').update(JSON.stringify([body.report, body.dental_practice_id, body.format, locale, sorted])).digest('hex');
}

/**
 * Asks for a report's export in the background: counted first (a 422 past the format's limit, nothing recorded),
 * then committed as a queued export and its job sent (outside the transaction, carrying only the id). An identical
 * request of the same user while one is queued or running answers that one (a double click); one whose process
 * stopped is marked failed first and a new one starts.
 */
export async function requestBackgroundExport(deps: Pick<Deps, 'db' | 'jobs'>, input: { userId: number; locale: Locale; body: ReportExportBody }): Promise<{ id: number; created: boolean }> {
  const { db } = deps;
  const { body } = input;
  const open = await openExport(db, body);
  const { names } = await filterNames(db, open.meta.filters);
  const key = requestKey(body, exportFilters(body.report, open.meta.filters), input.locale);
  await exportRuns.failStale(db, and(eq(reportExports.userId, input.userId), eq(reportExports.requestKey, key)));
  const id = await recordExport(db, {
    userId: input.userId,
    practiceId: body.dental_practice_id,
    report: open.meta.report,
    format: body.format,
    filters: open.meta.filters,
    names,
    rows: open.count,
    background: { locale: input.locale, requestKey: key },
  });
  if (id === null) {
    const [running] = await db
      .select({ id: reportExports.id })
      .from(reportExports)
      .where(and(eq(reportExports.userId, input.userId), eq(reportExports.requestKey, key), inArray(reportExports.status, ACTIVE_STATUSES)));
    // Finished between the insert and this read: ask again.
    if (!running) return requestBackgroundExport(deps, input);
    return { id: running.id, created: false };
  }
  await reportExportJob.send(deps, { exportId: id });
  return { id, created: true };
}

/** A background export: any instance prepares it. */
export const reportExportJob = defineJob({
  queue: 'report-export',
  payload: z.object({ exportId: z.number().int() }),
  expireInSeconds: 60 * 60,
  handler: ({ exportId }, { deps, log }) => runReportExport(deps.db, exportId, log),
});

/** Why an export failed when the reason is the reader's to know (too large, a filter no longer valid). */
function knownFailure(err: unknown): RunFailure | undefined {
  if (err instanceof ExportTooLarge) return new RunFailure('report.export.too_large', { max: REPORT_EXPORT_MAX_BYTES / 1024 / 1024 });
  const field = err instanceof AppError ? Object.values(err.fieldErrors ?? {})[0]?.[0] : undefined;
  if (field) return new RunFailure(field.key, field.params ?? {});
  return undefined;
}

/**
 * Prepares a queued export: claimed (queued → running, so a job handed over twice runs once), the report opened
 * again with the filters as applied when it was asked for, written as a direct download would be, into the
 * database a part at a time, with the rows written saved on the export every PROGRESS_ROWS rows or second. Succeeded, its file
 * is kept REPORT_EXPORT_KEEP_DAYS; failed, it keeps why and no file.
 */
export async function runReportExport(db: Database, exportId: number, log: FastifyBaseLogger): Promise<void> {
  await exportRuns.execute(
    db,
    exportId,
    async (job) => {
      try {
        const format = job.format as ReportExportFormat;
        const body = reportExportBodySchema.parse({ report: job.report, dental_practice_id: job.dentalPracticeId, ...job.filters, format });
        const open = await openExport(db, body);
        const { names, practice } = await filterNames(db, open.meta.filters);
        await exportRuns.beat(db, exportId, { rowCount: open.count });
        let written = 0;
        let saved = Date.now();
        const onRow = async () => {
          written++;
          if (written % PROGRESS_ROWS !== 0 && Date.now() - saved < PROGRESS_MS) return;
          saved = Date.now();
          await exportRuns.beat(db, exportId, { rowsWritten: written });
        };
        const file = reportFile(open, { format, locale: (job.locale ?? 'en') as Locale, practice, names, onRow });
        const size = await storeExportFile(db, exportId, file.body);
        return { rowsWritten: written, fileSize: size, expiresAt: sql`now() + make_interval(days => ${REPORT_EXPORT_KEEP_DAYS})` };
      } catch (err) {
        throw knownFailure(err) ?? err;
      }
    },
    {
      fallback: { key: 'report.export.failed' },
      onFailed: () => dropExportFile(db, exportId),
      log: (err) => log.error({ err, reportExport: exportId }, 'report export failed'),
    },
  );
}
