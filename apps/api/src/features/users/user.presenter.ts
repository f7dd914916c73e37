import { and, asc, eq, inArray } from 'drizzle-orm';
import type { User } from '@enamel/contracts';
import { dentalPractices, roles, userPractices, userRoles, type Database, type UserRow } from '@enamel/db';
import type { AppAbility } from '../../core/abilities.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { userNames } from './current-user.presenter.ts';
import { userActions } from './user.service.ts';

/**
 * The only place a user row becomes the admin's JSON (never the password hash), as `reader`
 * sees it: only the practices in the reader's scope (a user shared with another practice does
 * not reveal it), and whether the reader may change or deactivate the user.
 */
export async function presentUser(db: Database, row: UserRow, reader: AppAbility): Promise<User> {
  const readerPractices = practiceScope(reader, 'read', 'User');
  const [roleRows, actions, practiceRows] = await Promise.all([
    db.select({ id: roles.id, name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, row.id)).orderBy(asc(roles.name)),
    userActions(db, reader, [row.id]),
    db
      .select({ id: dentalPractices.id, name: dentalPractices.name })
      .from(userPractices)
      .innerJoin(dentalPractices, eq(dentalPractices.id, userPractices.dentalPracticeId))
      .where(and(eq(userPractices.userId, row.id), readerPractices === 'all' ? undefined : inArray(userPractices.dentalPracticeId, readerPractices.length ? readerPractices : [-1])))
      .orderBy(asc(dentalPractices.name)),
  ]);
  return {
    id: row.id,
    ...userNames(row),
    locale: row.locale,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    roles: roleRows,
    dental_practices: practiceRows,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    ...(actions.get(row.id) ?? { can_update: false, can_delete: false }),
  };
}
