import { bigint, bigserial, boolean, jsonb, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from './common.ts';
import { users } from './users.ts';

export const roles = pgTable(
  'roles',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 80 }).notNull(),
    description: text('description'),
    isSystem: boolean('is_system').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('roles_name_idx').on(t.name)],
);

/**
 * A CASL rule stored as data. `conditions` may hold the placeholder
 * "${user.practiceIds}", replaced by the user's practice ids when abilities are built.
 */
export const permissions = pgTable(
  'permissions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: varchar('name', { length: 120 }).notNull(),
    action: varchar('action', { length: 16 }).notNull(),
    subject: varchar('subject', { length: 40 }).notNull(),
    conditions: jsonb('conditions').$type<Record<string, unknown> | null>(),
    fields: jsonb('fields').$type<string[] | null>(),
    inverted: boolean('inverted').notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex('permissions_name_idx').on(t.name)],
);

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: bigint('permission_id', { mode: 'number' })
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id, { onDelete: 'cascade' }),
    roleId: bigint('role_id', { mode: 'number' }).notNull().references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);
