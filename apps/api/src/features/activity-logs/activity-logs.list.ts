import { eq } from 'drizzle-orm';
import { activityLogs, dentalPractices, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';

export interface ActivityLogRow {
  id: number;
  created_at: string;
  user_id: number | null;
  user_email: string | null;
  dental_practice_id: number | null;
  /** The practice's name today (null for entries of no practice, or of a practice deleted since). */
  dental_practice_name: string | null;
  action: string;
  subject: string;
  subject_id: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

export const activityLogList: ListDefinition<ActivityLogRow> = {
  path: '/api/admin/list/logs',
  columns: {
    id: { type: 'number', expr: activityLogs.id, sort: true, filter: true },
    created_at: { type: 'date', expr: activityLogs.createdAt, sort: true, filter: true },
    user_id: { type: 'number', expr: activityLogs.userId, sort: true, filter: true },
    user_email: { type: 'string', expr: activityLogs.userEmail, sort: true, filter: true, search: true },
    dental_practice_id: { type: 'number', expr: activityLogs.dentalPracticeId, sort: true, filter: true },
    dental_practice_name: { type: 'string', expr: dentalPractices.name, sort: true, filter: true, search: true },
    action: { type: 'string', expr: activityLogs.action, sort: true, filter: true, search: true },
    subject: { type: 'string', expr: activityLogs.subject, sort: true, filter: true, search: true },
    subject_id: { type: 'string', expr: activityLogs.subjectId, filter: true, search: true },
    ip: { type: 'string', expr: activityLogs.ip, filter: true },
  },
  defaultSort: { field: 'created_at', direction: 'desc' },
  tiebreaker: activityLogs.id,
  query: (db: Database) =>
    db
      .select({
        id: activityLogs.id,
        created_at: activityLogs.createdAt,
        user_id: activityLogs.userId,
        user_email: activityLogs.userEmail,
        dental_practice_id: activityLogs.dentalPracticeId,
        dental_practice_name: dentalPractices.name,
        action: activityLogs.action,
        subject: activityLogs.subject,
        subject_id: activityLogs.subjectId,
        before: activityLogs.before,
        after: activityLogs.after,
        ip: activityLogs.ip,
      })
      .from(activityLogs)
      .leftJoin(dentalPractices, eq(dentalPractices.id, activityLogs.dentalPracticeId))
      .$dynamic(),
  present: (row) => ({ ...(row as unknown as ActivityLogRow), created_at: (row.created_at as Date).toISOString() }),
};
