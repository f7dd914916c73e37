import { archiveListContract, type ListRow } from '@enamel/contracts';
import { activityLogArchives } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type ArchiveRow = ListRow<typeof archiveListContract>;

/** The activity-log archives: period, entries, size and checksum (the `archive-logs` list, docs/client-contract.md#lists). */
export const archiveList = bindList(archiveListContract, {
  table: activityLogArchives,
  tiebreaker: activityLogArchives.id,
});
