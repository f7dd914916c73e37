import { eq } from 'drizzle-orm';
import { activityLogListContract, type ListRow } from '@enamel/contracts';
import { activityLogs, dentalPractices } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type ActivityLogRow = ListRow<typeof activityLogListContract>;

export const activityLogList = bindList(activityLogListContract, {
  table: activityLogs,
  columns: {
    dental_practice_name: dentalPractices.name,
  },
  extra: { before: activityLogs.before, after: activityLogs.after },
  joins: [{ left: dentalPractices, on: eq(dentalPractices.id, activityLogs.dentalPracticeId) }],
  tiebreaker: activityLogs.id,
});
