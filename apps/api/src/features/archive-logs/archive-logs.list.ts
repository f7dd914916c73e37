import { archiveListContract, type ListRow } from '@enamel/contracts';
import { activityLogArchives } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type ArchiveRow = ListRow<typeof archiveListContract>;

/** The activity-log archives: period, entries, size and checksum (the notes' `archive-logs` list). */
export const archiveList = bindList(archiveListContract, {
  columns: {
    id: activityLogArchives.id,
    period_start: activityLogArchives.periodStart,
    period_end: activityLogArchives.periodEnd,
    row_count: activityLogArchives.rowCount,
    size_bytes: activityLogArchives.sizeBytes,
    checksum: activityLogArchives.checksum,
    created_at: activityLogArchives.createdAt,
  },
  from: (db, fields) => db.select(fields).from(activityLogArchives).$dynamic(),
  tiebreaker: activityLogArchives.id,
});
