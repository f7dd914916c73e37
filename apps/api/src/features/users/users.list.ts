import { sql } from 'drizzle-orm';
import { users, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';

export interface UserRow {
  id: number;
  name: string;
  email: string;
  status: string;
  locale: string;
  roles: string;
  dental_practices: string;
  last_login_at: string | null;
  created_at: string;
}

const name = sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})`;
// Correlated subqueries name the outer table explicitly (an unqualified "id" would bind to roles.id).
const userId = sql.raw('"users"."id"');
const roleNames = sql<string>`coalesce((select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}), '')`;
/** The user's practices that the reader may see (a shared user does not reveal the others). */
const practiceNames = (readerPractices: 'all' | number[]) => {
  const visible = readerPractices === 'all' ? sql`` : sql` and up.dental_practice_id in ${readerPractices.length ? readerPractices : [-1]}`;
  return sql<string>`coalesce((select string_agg(p.name, ', ' order by p.name) from user_practices up join dental_practices p on p.id = up.dental_practice_id where up.user_id = ${userId}${visible}), '')`;
};

/** The users list as a reader of `readerPractices` sees it. */
export const userList = (readerPractices: 'all' | number[]): ListDefinition<UserRow> => ({
  path: '/api/admin/list/users',
  columns: {
    id: { type: 'number', expr: users.id, sort: true, filter: true },
    name: { type: 'string', expr: name, sort: true, filter: true, search: true },
    email: { type: 'string', expr: users.email, sort: true, filter: true, search: true },
    status: { type: 'string', expr: users.status, sort: true, filter: true },
    locale: { type: 'string', expr: users.locale, sort: true, filter: true },
    roles: { type: 'string', expr: roleNames, filter: true, search: true },
    dental_practices: { type: 'string', expr: practiceNames(readerPractices), filter: true, search: true },
    last_login_at: { type: 'date', expr: users.lastLoginAt, sort: true, filter: true },
    created_at: { type: 'date', expr: users.createdAt, sort: true, filter: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tiebreaker: users.id,
  query: (db: Database) =>
    db
      .select({
        id: users.id,
        name,
        email: users.email,
        status: users.status,
        locale: users.locale,
        roles: roleNames,
        dental_practices: practiceNames(readerPractices),
        last_login_at: users.lastLoginAt,
        created_at: users.createdAt,
      })
      .from(users)
      .$dynamic(),
  present: (row) => ({
    ...(row as unknown as UserRow),
    last_login_at: row.last_login_at ? new Date(row.last_login_at as string | Date).toISOString() : null,
    created_at: new Date(row.created_at as string | Date).toISOString(),
  }),
});
