import { sql } from 'drizzle-orm';
import { permissions, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';

export interface PermissionRow {
  id: number;
  name: string;
  action: string;
  subject: string;
  conditions: Record<string, unknown> | null;
  fields: string[] | null;
  inverted: boolean;
  roles: string;
}

const roleNames = sql<string>`coalesce((select string_agg(r.name, ', ' order by r.name) from role_permissions rp join roles r on r.id = rp.role_id where rp.permission_id = ${sql.raw('"permissions"."id"')}), '')`;

export const permissionList: ListDefinition<PermissionRow> = {
  path: '/api/admin/list/permissions',
  columns: {
    id: { type: 'number', expr: permissions.id, sort: true, filter: true },
    name: { type: 'string', expr: permissions.name, sort: true, filter: true, search: true },
    action: { type: 'string', expr: permissions.action, sort: true, filter: true, search: true },
    subject: { type: 'string', expr: permissions.subject, sort: true, filter: true, search: true },
    inverted: { type: 'bool', expr: permissions.inverted, filter: true },
    roles: { type: 'string', expr: roleNames, filter: true, search: true },
  },
  defaultSort: { field: 'name', direction: 'asc' },
  tiebreaker: permissions.id,
  query: (db: Database) =>
    db
      .select({
        id: permissions.id,
        name: permissions.name,
        action: permissions.action,
        subject: permissions.subject,
        conditions: permissions.conditions,
        fields: permissions.fields,
        inverted: permissions.inverted,
        roles: roleNames,
      })
      .from(permissions)
      .$dynamic(),
};
