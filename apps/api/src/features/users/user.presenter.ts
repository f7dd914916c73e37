import { and, asc, eq, inArray } from 'drizzle-orm';
import type { User } from '@enamel/contracts';
import { dentalPractices, roles, userPractices, userRoles, type Database, type UserRow } from '@enamel/db';

/**
 * The only place a user row becomes the admin's JSON (never the password hash). It names only
 * the practices in the reader's scope (`practiceScope(ability, 'read', 'User')`): a user shared
 * with another practice does not reveal it.
 */
export async function presentUser(db: Pick<Database, 'select'>, row: UserRow, readerPractices: 'all' | number[]): Promise<User> {
  const [roleRows, practiceRows] = await Promise.all([
    db.select({ id: roles.id, name: roles.name }).from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId)).where(eq(userRoles.userId, row.id)).orderBy(asc(roles.name)),
    db
      .select({ id: dentalPractices.id, name: dentalPractices.name })
      .from(userPractices)
      .innerJoin(dentalPractices, eq(dentalPractices.id, userPractices.dentalPracticeId))
      .where(and(eq(userPractices.userId, row.id), readerPractices === 'all' ? undefined : inArray(userPractices.dentalPracticeId, readerPractices.length ? readerPractices : [-1])))
      .orderBy(asc(dentalPractices.name)),
  ]);
  return {
    id: row.id,
    name: [row.firstname, row.lastname].filter(Boolean).join(' '),
    firstname: row.firstname,
    lastname: row.lastname,
    email: row.email,
    locale: row.locale,
    status: row.status === 'inactive' ? 'inactive' : 'active',
    roles: roleRows,
    dental_practices: practiceRows,
    last_login_at: row.lastLoginAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}
