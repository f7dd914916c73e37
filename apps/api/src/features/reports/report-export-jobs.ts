import crypto from 'node:crypto';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { REPORT_EXPORT_KEEP_DAYS, REPORT_EXPORT_MAX_BYTES, reportExportBodySchema, type Locale, type ReportExportBody, type ReportExportFormat } from '@enamel/contracts';
import { reportExports, type Database } from '@enamel/db';
import type { Deps } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { MessageKey } from '../../core/i18n.ts';
import { dropExportFile, ExportTooLarge, storeExportFile } from './report-export-files.ts';
import { ACTIVE_STATUSES, exportFilters, recordExport, STALE_EXPORT_MS } from './report-exports.ts';
import { reportFile } from './report-file.ts';
import { filterNames } from './report-words.ts';
import { openExport } from './reports.ts';

/** The queue background exports go through (any instance may prepare one). */
export const REPORT_EXPORT_QUEUE = 'report-export';
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
  const stale = new Date(Date.now() - STALE_EXPORT_MS);
  await db
    .update(reportExports)
    .set({ status: 'failed', failure: 'report.export.interrupted', finishedAt: new Date() })
    .where(and(eq(reportExports.userId, input.userId), eq(reportExports.requestKey, key), inArray(reportExports.status, ACTIVE_STATUSES), lt(sql`coalesce(${reportExports.heartbeatAt}, ${reportExports.createdAt})`, stale)));
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
  await deps.jobs.send(REPORT_EXPORT_QUEUE, { exportId: id });
  deps.jobs.wake(REPORT_EXPORT_QUEUE);
  return { id, created: true };
}

/** Starts this instance's worker of background exports. */
export async function workReportExports(deps: Pick<Deps, 'db' | 'jobs'>, log: FastifyBaseLogger): Promise<void> {
  await deps.jobs.work<{ exportId: number }>(REPORT_EXPORT_QUEUE, async ({ data }) => runReportExport(deps.db, data.exportId, log), { expireInSeconds: 60 * 60 });
}

/** Why an export failed, as a message key and its parameters. */
function failureOf(err: unknown): { key: MessageKey; params: Record<string, string | number> } {
  if (err instanceof ExportTooLarge) return { key: 'report.export.too_large', params: { max: REPORT_EXPORT_MAX_BYTES / 1024 / 1024 } };
  const field = err instanceof AppError ? Object.values(err.fieldErrors ?? {})[0]?.[0] : undefined;
  if (field) return { key: field.key, params: field.params ?? {} };
  return { key: 'report.export.failed', params: {} };
}

/**
 * Prepares a queued export: claimed (queued → running, so a job handed over twice runs once), the report opened
 * again with the filters as applied when it was asked for, written as a direct download would be, into the
 * database a part at a time, with the rows written saved on the export every PROGRESS_ROWS rows or second. Succeeded, its file
 * is kept REPORT_EXPORT_KEEP_DAYS; failed, it keeps why and no file.
 */
export async function runReportExport(db: Database, exportId: number, log: FastifyBaseLogger): Promise<void> {
  const [job] = await db
    .update(reportExports)
    .set({ status: 'running', heartbeatAt: new Date() })
    .where(and(eq(reportExports.id, exportId), eq(reportExports.status, 'queued')))
    .returning();
  if (!job) return;
  try {
    const format = job.format as ReportExportFormat;
    const body = reportExportBodySchema.parse({ report: job.report, dental_practice_id: job.dentalPracticeId, ...job.filters, format });
    const open = await openExport(db, body);
    const { names, practice } = await filterNames(db, open.meta.filters);
    await db.update(reportExports).set({ rowCount: open.count, heartbeatAt: new Date() }).where(eq(reportExports.id, exportId));
    let written = 0;
    let saved = Date.now();
    const onRow = async () => {
      written++;
      if (written % PROGRESS_ROWS !== 0 && Date.now() - saved < PROGRESS_MS) return;
      saved = Date.now();
      await db.update(reportExports).set({ rowsWritten: written, heartbeatAt: new Date() }).where(eq(reportExports.id, exportId));
    };
    const file = reportFile(open, { format, locale: (job.locale ?? 'en') as Locale, practice, names, onRow });
    const size = await storeExportFile(db, exportId, file.body);
    await db
      .update(reportExports)
      .set({ status: 'succeeded', rowsWritten: written, fileSize: size, finishedAt: new Date(), heartbeatAt: new Date(), expiresAt: sql`now() + make_interval(days => ${REPORT_EXPORT_KEEP_DAYS})` })
      .where(eq(reportExports.id, exportId));
  } catch (err) {
    const { key, params } = failureOf(err);
    if (key === 'report.export.failed') log.error({ err, reportExport: exportId }, 'report export failed');
    await dropExportFile(db, exportId);
    await db.update(reportExports).set({ status: 'failed', failure: key, failureParams: params, finishedAt: new Date(), heartbeatAt: new Date() }).where(eq(reportExports.id, exportId));
  }
}
