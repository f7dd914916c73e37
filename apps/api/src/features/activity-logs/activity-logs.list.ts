import { eq } from 'drizzle-orm';
import { activityLogListContract, type ListRow } from '@enamel/contracts';
import { activityLogs, dentalPractices } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

export type ActivityLogRow = ListRow<typeof activityLogListContract>;

export const activityLogList = bindList(activityLogListContract, {
  columns: {
    id: activityLogs.id,
    created_at: activityLogs.createdAt,
    user_id: activityLogs.userId,
    user_email: activityLogs.userEmail,
    dental_practice_id: activityLogs.dentalPracticeId,
    dental_practice_name: dentalPractices.name,
    action: activityLogs.action,
    subject: activityLogs.subject,
    subject_id: activityLogs.subjectId,
    ip: activityLogs.ip,
  },
  extra: { before: activityLogs.before, after: activityLogs.after },
  from: (db, fields) => db.select(fields).from(activityLogs).leftJoin(dentalPractices, eq(dentalPractices.id, activityLogs.dentalPracticeId)).$dynamic(),
  tiebreaker: activityLogs.id,
});
