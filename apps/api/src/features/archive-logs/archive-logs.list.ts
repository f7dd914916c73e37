import { z } from 'zod';
import { activityLogArchives, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';

export const archiveRowSchema = z.object({
  id: z.number().int(),
  period_start: z.string(),
  period_end: z.string(),
  row_count: z.number().int(),
  size_bytes: z.number().int(),
  checksum: z.string(),
  created_at: z.string(),
});
export type ArchiveRow = z.infer<typeof archiveRowSchema>;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v));

/** The activity-log archives: period, entries, size and checksum (the notes' `archive-logs` list). */
export const archiveList: ListDefinition<ArchiveRow> = {
  path: '/api/admin/list/archive-logs',
  columns: {
    id: { type: 'number', expr: activityLogArchives.id, sort: true, filter: true },
    period_start: { type: 'date', expr: activityLogArchives.periodStart, sort: true, filter: true },
    period_end: { type: 'date', expr: activityLogArchives.periodEnd, sort: true, filter: true },
    row_count: { type: 'number', expr: activityLogArchives.rowCount, sort: true, filter: true },
    size_bytes: { type: 'number', expr: activityLogArchives.sizeBytes, sort: true, filter: true },
    checksum: { type: 'string', expr: activityLogArchives.checksum, filter: true, search: true },
    created_at: { type: 'date', expr: activityLogArchives.createdAt, sort: true, filter: true },
  },
  defaultSort: { field: 'period_start', direction: 'desc' },
  tiebreaker: activityLogArchives.id,
  query: (db: Database) =>
    db
      .select({
        id: activityLogArchives.id,
        period_start: activityLogArchives.periodStart,
        period_end: activityLogArchives.periodEnd,
        row_count: activityLogArchives.rowCount,
        size_bytes: activityLogArchives.sizeBytes,
        checksum: activityLogArchives.checksum,
        created_at: activityLogArchives.createdAt,
      })
      .from(activityLogArchives)
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as ArchiveRow), period_start: iso(row.period_start), period_end: iso(row.period_end), created_at: iso(row.created_at) }),
};
