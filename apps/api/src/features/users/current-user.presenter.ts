import { eq } from 'drizzle-orm';
import { isLocale, type CurrentUser } from '@enamel/contracts';
import { roles, userRoles, type Database } from '@enamel/db';
import type { AuthUser } from '../../core/sessions.ts';

/** The only place a user row becomes the JSON the client sees as "the current user". */
export async function presentCurrentUser(db: Database, user: AuthUser): Promise<CurrentUser> {
  const roleRows = await db
    .select({ name: roles.name })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, user.id))
    .orderBy(roles.name);
  return {
    id: user.id,
    name: [user.firstname, user.lastname].filter(Boolean).join(' '),
    firstname: user.firstname,
    lastname: user.lastname,
    email: user.email,
    locale: isLocale(user.locale) ? user.locale : 'en',
    roles: roleRows.map((r) => r.name),
  };
}

/** "Ada Lovelace King" → firstname "Ada", lastname "Lovelace King". */
export function splitName(name: string): { firstname: string; lastname: string } {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const space = trimmed.indexOf(' ');
  return space < 0 ? { firstname: trimmed, lastname: '' } : { firstname: trimmed.slice(0, space), lastname: trimmed.slice(space + 1) };
}
