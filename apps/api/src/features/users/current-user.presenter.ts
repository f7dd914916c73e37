import { eq } from 'drizzle-orm';
import { isLocale, type CurrentUser } from '@enamel/contracts';
import { roles, userRoles, type Database } from '@enamel/db';
import type { AuthUser } from '../../core/sessions.ts';

/** A user's name as shown ("Ada Lovelace"), with its two parts and the email, as every presenter of a user starts. */
export function userNames(user: { firstname: string; lastname: string; email: string }) {
  return { name: fullName(user), firstname: user.firstname, lastname: user.lastname, email: user.email };
}

/** "Ada" + "Lovelace" → "Ada Lovelace" (either part may be empty). */
export function fullName(user: { firstname: string; lastname: string }): string {
  return [user.firstname, user.lastname].filter(Boolean).join(' ');
}

/** The only place a user row becomes the JSON the client sees as "the current user". */
export async function presentCurrentUser(db: Database, user: AuthUser): Promise<CurrentUser> {
  return currentUserOf(user, await userRoleNames(db, user.id));
}

/** The current user's JSON from the user and the names of their roles (GET /api/user takes these from the auth cache). */
export function currentUserOf(user: AuthUser, roleNames: string[]): CurrentUser {
  return {
    id: user.id,
    ...userNames(user),
    locale: isLocale(user.locale) ? user.locale : 'en',
    roles: roleNames,
  };
}

/** The names of a user's roles, in name order. */
export async function userRoleNames(db: Database, userId: number): Promise<string[]> {
  const roleRows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId))
    .orderBy(roles.name);
  return roleRows.map((r) => r.name);
}

/** "Ada Lovelace King" → firstname "Ada", lastname "Lovelace King". */
export function splitName(name: string): { firstname: string; lastname: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0 ? { firstname: trimmed, lastname: '' } : { firstname: trimmed.slice(0, space), lastname: trimmed.slice(space + 1) };
}
