import { sql } from 'drizzle-orm';
import { userListContract } from '@enamel/contracts';
import { users } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

// Correlated subqueries name the outer table explicitly (an unqualified "id" would bind to roles.id).
const userId = sql.raw('"users"."id"');
const roleNames = sql<string>`coalesce((select string_agg(r.name, ', ' order by r.name) from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = ${userId}), '')`;
/** The user's practices that the reader may see (a shared user does not reveal the others). */
const practiceNames = (readerPractices: 'all' | number[]) => {
  const visible = readerPractices === 'all' ? sql`` : sql` and up.dental_practice_id in ${readerPractices.length ? readerPractices : [-1]}`;
  return sql<string>`coalesce((select string_agg(p.name, ', ' order by p.name) from user_practices up join dental_practices p on p.id = up.dental_practice_id where up.user_id = ${userId}${visible}), '')`;
};

/** The users list as a reader of `readerPractices` sees it. */
export const userList = (readerPractices: 'all' | number[]) =>
  bindList(userListContract, {
    table: users,
    columns: {
      name: sql<string>`trim(${users.firstname} || ' ' || ${users.lastname})`,
      roles: roleNames,
      dental_practices: practiceNames(readerPractices),
    },
    tiebreaker: users.id,
  });
