import { sql } from 'drizzle-orm';
import { permissionListContract } from '@enamel/contracts';
import { permissions } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';

const roleNames = sql<string>`coalesce((select string_agg(r.name, ', ' order by r.name) from role_permissions rp join roles r on r.id = rp.role_id where rp.permission_id = ${sql.raw('"permissions"."id"')}), '')`;

export const permissionList = bindList(permissionListContract, {
  table: permissions,
  columns: {
    roles: roleNames,
  },
  extra: { conditions: permissions.conditions, fields: permissions.fields },
  tiebreaker: permissions.id,
});
