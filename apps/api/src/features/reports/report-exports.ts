import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { REPORT_FILTER_PARAMS, REPORT_FILTERS, reportExportListContract, type Locale, type ReportExport, type ReportExportFormat, type ReportExportStatus, type ReportFilters, type ReportId } from '@enamel/contracts';
import { dentalPractices, reportExports, type Database } from '@enamel/db';
import { notFound } from '../../core/errors.ts';
import { translate, type MessageKey } from '../../core/i18n.ts';
import { runTable } from '../../core/jobs/index.ts';
import { bindList } from '../../core/list-engine.ts';
import type { Tx } from '../../core/transaction.ts';

/** A background export still to finish. */
export const ACTIVE_STATUSES: ReportExportStatus[] = ['queued', 'running'];
/** Background exports' run rows: their heart beats about once a second while they run; silent 5 minutes, their process is gone. */
export const exportRuns = runTable(reportExports, { staleAfterSeconds: 5 * 60, interrupted: 'report.export.interrupted' });

/** How many exports a user's history keeps (older ones go as new ones come). */
export const KEPT_EXPORTS = 50;

/** The query parameters of the filters a report read, as applied: what Generate needs to show it again. */
export function exportFilters(report: ReportId, filters: ReportFilters): Record<string, string> {
  const out: Record<string, string> = {};
  for (const filter of REPORT_FILTERS[report])
    for (const param of REPORT_FILTER_PARAMS[filter]) {
      const value = filters[param];
      if (value !== null && value !== undefined && !(param === 'view' && value === 'summary')) out[param] = String(value);
    }
  // The other practices of a report over several (the first is the export's own practice).
  if (filters.practice_ids.length > 1) out.practice_ids = filters.practice_ids.slice(1).join(',');
  return out;
}

/** An export to remember: a direct download, or a background one with its status and the reader's language. */
export interface ExportEntry {
  userId: number;
  practiceId: number;
  report: ReportId;
  format: ReportExportFormat;
  filters: ReportFilters;
  names: Record<string, string>;
  rows: number;
  background?: { locale: Locale; requestKey: string };
}

/**
 * Remembers an export in the user's recent exports, keeping the latest KEPT_EXPORTS (an export still being
 * prepared is never dropped). A background export joins queued, unless an identical one of the same user is
 * already queued or running: then nothing is added and null is answered (the partial unique index decides, so
 * it holds for requests racing each other). Answers the new export's id.
 */
export async function recordExport(db: Database, entry: ExportEntry): Promise<number | null> {
  const write = async (tx: Tx) => {
    const [made] = await tx
      .insert(reportExports)
      .values({
        userId: entry.userId,
        dentalPracticeId: entry.practiceId,
        report: entry.report,
        format: entry.format,
        filters: exportFilters(entry.report, entry.filters),
        filterNames: entry.names,
        rowCount: entry.rows,
        ...(entry.background ? { background: true, status: 'queued', locale: entry.background.locale, requestKey: entry.background.requestKey, heartbeatAt: new Date() } : {}),
      })
      .onConflictDoNothing()
      .returning({ id: reportExports.id });
    if (!made) return null;
    const kept = tx.select({ id: reportExports.id }).from(reportExports).where(eq(reportExports.userId, entry.userId)).orderBy(desc(reportExports.createdAt), desc(reportExports.id)).limit(KEPT_EXPORTS);
    await tx.delete(reportExports).where(and(eq(reportExports.userId, entry.userId), notInArray(reportExports.id, kept), notInArray(reportExports.status, ACTIVE_STATUSES)));
    return made.id;
  };
  return db.transaction(write);
}

/** The reader's own exports, of the practices they may still read reports of. */
export function exportScope(userId: number, practices: 'all' | number[]): SQL | undefined {
  const mine = eq(reportExports.userId, userId);
  if (practices === 'all') return mine;
  return practices.length ? and(mine, inArray(reportExports.dentalPracticeId, practices)) : sql`false`;
}

/** The Reports list's recent exports: which report, practice, filters, format, rows and when (server-mode list). */
export const reportExportList = bindList(reportExportListContract, {
  table: reportExports,
  columns: {
    dental_practice_name: dentalPractices.name,
  },
  extra: {
    filters: reportExports.filters,
    filter_names: reportExports.filterNames,
    file_size: reportExports.fileSize,
    failure: reportExports.failure,
    failure_params: reportExports.failureParams,
    heartbeat_at: reportExports.heartbeatAt,
  },
  joins: [{ inner: dentalPractices, on: eq(dentalPractices.id, reportExports.dentalPracticeId) }],
  tiebreaker: reportExports.id,
  present: (row) => presentExport(row as unknown as StoredExport),
});

/** A recent export as the list query reads it. */
interface StoredExport extends Omit<ReportExport, 'created_at' | 'finished_at' | 'expires_at' | 'failure' | 'status'> {
  status: string;
  failure: string | null;
  failure_params: Record<string, string | number> | null;
  created_at: Date | string;
  heartbeat_at: Date | string | null;
  finished_at: Date | string | null;
  expires_at: Date | string | null;
}

/** A recent export as the API shows it, with its failure still a message key (see `translateFailure`). */
export type PresentedExport = ReportExport & { failure_params: Record<string, string | number> | null };

const iso = (value: Date | string | null) => (value === null ? null : value instanceof Date ? value.toISOString() : new Date(value).toISOString());

/**
 * A stored export as the API shows it: one still queued or running past the stale rule of its run rows
 * was left by a process that stopped (failed, interrupted); a finished one whose file is past its keeping time has
 * expired.
 */
export function presentExport(row: StoredExport, now = Date.now()): PresentedExport {
  const { heartbeat_at, ...rest } = row;
  const viewed = exportRuns.view({ status: row.status, failure: row.failure }, heartbeat_at ?? row.created_at, now);
  let status = viewed.status as ReportExportStatus;
  const failure = viewed.failure;
  if (status === 'succeeded' && row.expires_at !== null && new Date(row.expires_at).getTime() <= now) status = 'expired';
  return { ...rest, status, failure, created_at: iso(row.created_at)!, finished_at: iso(row.finished_at), expires_at: iso(row.expires_at), file_size: row.file_size === null ? null : Number(row.file_size) };
}

/** An export's failure in the reader's language (its message key and parameters as stored). */
export function translateFailure(row: PresentedExport, locale: Locale): ReportExport {
  const { failure_params, ...rest } = row;
  return { ...rest, failure: row.failure ? translate(locale, row.failure as MessageKey, { id: row.id, ...failure_params }) : null };
}

/** One of the reader's own exports, of the practices they may read reports of (every one it covers); 404 otherwise. */
export async function findExport(db: Database, id: number, userId: number, practices: 'all' | number[]): Promise<PresentedExport> {
  const [row] = await reportExportList.query(db).where(and(eq(reportExports.id, id), exportScope(userId, practices))).limit(1);
  if (!row) throw notFound();
  const found = presentExport(row as unknown as StoredExport);
  const covered = [found.dental_practice_id, ...(found.filters.practice_ids ?? '').split(',').filter(Boolean).map(Number)];
  if (practices !== 'all' && covered.some((p) => !practices.includes(p))) throw notFound();
  return found;
}
