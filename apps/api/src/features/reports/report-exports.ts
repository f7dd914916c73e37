import { and, desc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { REPORT_FILTER_PARAMS, REPORT_FILTERS, reportExportListContract, type ReportExportFormat, type ReportFilters, type ReportId } from '@enamel/contracts';
import { dentalPractices, reportExports, type Database } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

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

/** Remembers an export in the user's recent exports, keeping the latest KEPT_EXPORTS. */
export async function recordExport(
  db: Database,
  entry: { userId: number; practiceId: number; report: ReportId; format: ReportExportFormat; filters: ReportFilters; names: Record<string, string>; rows: number },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(reportExports).values({
      userId: entry.userId,
      dentalPracticeId: entry.practiceId,
      report: entry.report,
      format: entry.format,
      filters: exportFilters(entry.report, entry.filters),
      filterNames: entry.names,
      rowCount: entry.rows,
    });
    const kept = tx.select({ id: reportExports.id }).from(reportExports).where(eq(reportExports.userId, entry.userId)).orderBy(desc(reportExports.createdAt), desc(reportExports.id)).limit(KEPT_EXPORTS);
    await tx.delete(reportExports).where(and(eq(reportExports.userId, entry.userId), notInArray(reportExports.id, kept)));
  });
}

/** The reader's own exports, of the practices they may still read reports of. */
export function exportScope(userId: number, practices: 'all' | number[]): SQL | undefined {
  const mine = eq(reportExports.userId, userId);
  if (practices === 'all') return mine;
  return practices.length ? and(mine, inArray(reportExports.dentalPracticeId, practices)) : sql`false`;
}

/** The Reports list's recent exports: which report, practice, filters, format, rows and when (server-mode list). */
export const reportExportList = bindList(reportExportListContract, {
  columns: {
    id: reportExports.id,
    report: reportExports.report,
    format: reportExports.format,
    dental_practice_id: reportExports.dentalPracticeId,
    dental_practice_name: dentalPractices.name,
    row_count: reportExports.rowCount,
    created_at: reportExports.createdAt,
  },
  extra: { filters: reportExports.filters, filter_names: reportExports.filterNames },
  from: (db, fields) => db.select(fields).from(reportExports).innerJoin(dentalPractices, eq(dentalPractices.id, reportExports.dentalPracticeId)).$dynamic(),
  tiebreaker: reportExports.id,
});
