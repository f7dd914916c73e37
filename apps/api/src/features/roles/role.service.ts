import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PermissionBody, RoleBody, RoleDetail } from '@enamel/contracts';
import { permissions, rolePermissions, roles, userRoles, type Database } from '@enamel/db';
import { ruleConditionsSchema } from '../../core/abilities.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';

type RoleRow = typeof roles.$inferSelect;
type PermissionRow = typeof permissions.$inferSelect;

export async function presentRole(db: Database, row: RoleRow): Promise<RoleDetail> {
  const [perms, holders] = await Promise.all([
    db.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, row.id)).orderBy(asc(rolePermissions.permissionId)),
    db.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, row.id)),
  ]);
  return { id: row.id, name: row.name, description: row.description, is_system: row.isSystem, permission_ids: perms.map((p) => p.id), users_count: Number(holders[0]?.n ?? 0) };
}

export function presentPermission(row: PermissionRow) {
  return { id: row.id, name: row.name, action: row.action, subject: row.subject, conditions: row.conditions ?? null, fields: row.fields ?? null, inverted: row.inverted };
}

async function findRole(db: Database, id: number): Promise<RoleRow> {
  const [row] = await db.select().from(roles).where(eq(roles.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}
export { findRole };

async function checkRole(db: Database, body: RoleBody, exceptId?: number) {
  const [taken] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, body.name.toLowerCase()), exceptId ? ne(roles.id, exceptId) : undefined));
  if (taken) throw invalid('name', 'roles.name_taken');
  const wanted = [...new Set(body.permission_ids)];
  if (wanted.length) {
    const found = await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.id, wanted));
    if (found.length !== wanted.length) throw invalid('permission_ids', 'roles.unknown_permission');
  }
  return wanted;
}

export async function saveRole(db: Database, actor: Actor, body: RoleBody, id?: number): Promise<RoleRow> {
  const permissionIds = await checkRole(db, body, id);
  return db.transaction(async (tx) => {
    let before: (RoleRow & { permission_ids?: number[] }) | undefined;
    let row: RoleRow;
    if (id) {
      const [found] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
      if (!found) throw new AppError('not_found');
      const old = await tx.select({ id: rolePermissions.permissionId }).from(rolePermissions).where(eq(rolePermissions.roleId, id));
      before = { ...found, permission_ids: old.map((p) => p.id).sort((a, b) => a - b) };
      [row] = (await tx.update(roles).set({ name: body.name, description: body.description ?? null }).where(eq(roles.id, id)).returning()) as [RoleRow];
      await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, id));
    } else {
      [row] = (await tx.insert(roles).values({ name: body.name, description: body.description ?? null }).returning()) as [RoleRow];
    }
    if (permissionIds.length) await tx.insert(rolePermissions).values(permissionIds.map((permissionId) => ({ roleId: row.id, permissionId })));
    const after = { ...row, permission_ids: [...permissionIds].sort((a, b) => a - b) };
    await recordActivity(tx, actor, before ? { action: 'update', subject: 'Role', subjectId: row.id, ...changes(before, after) } : { action: 'create', subject: 'Role', subjectId: row.id, after });
    return row;
  });
}

export async function deleteRole(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(roles).where(eq(roles.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const holders = Number((await tx.select({ n: count() }).from(userRoles).where(eq(userRoles.roleId, id)))[0]?.n ?? 0);
    if (holders > 0) throw new AppError('conflict', 'roles.in_use', undefined, { count: holders });
    await tx.delete(roles).where(eq(roles.id, id));
    await recordActivity(tx, actor, { action: 'delete', subject: 'Role', subjectId: id, before });
  });
}

/** A rule's conditions must be of the one form the ability engine enforces (see ruleConditionsSchema). */
function checkConditions(body: PermissionBody) {
  if (body.conditions && !ruleConditionsSchema.safeParse(body.conditions).success) throw invalid('conditions', 'permissions.conditions');
}

export async function savePermission(db: Database, actor: Actor, body: PermissionBody, id?: number): Promise<PermissionRow> {
  checkConditions(body);
  const [taken] = await db
    .select({ id: permissions.id })
    .from(permissions)
    .where(and(eq(sql`lower(${permissions.name})`, body.name.toLowerCase()), id ? ne(permissions.id, id) : undefined));
  if (taken) throw invalid('name', 'permissions.name_taken');
  const values = { name: body.name, action: body.action, subject: body.subject, conditions: body.conditions ?? null, fields: body.fields?.length ? body.fields : null, inverted: body.inverted };
  return db.transaction(async (tx) => {
    if (!id) {
      const [row] = await tx.insert(permissions).values(values).returning();
      await recordActivity(tx, actor, { action: 'create', subject: 'Permission', subjectId: row!.id, after: row! });
      return row!;
    }
    const [before] = await tx.select().from(permissions).where(eq(permissions.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const [row] = await tx.update(permissions).set(values).where(eq(permissions.id, id)).returning();
    await recordActivity(tx, actor, { action: 'update', subject: 'Permission', subjectId: id, ...changes(before, row!) });
    return row!;
  });
}

export async function deletePermission(db: Database, actor: Actor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(permissions).where(eq(permissions.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const users = await tx.select({ name: roles.name }).from(rolePermissions).innerJoin(roles, eq(roles.id, rolePermissions.roleId)).where(eq(rolePermissions.permissionId, id)).orderBy(asc(roles.name));
    if (users.length) throw new AppError('conflict', 'permissions.in_use', undefined, { roles: users.map((r) => r.name).join(', ') });
    await tx.delete(permissions).where(eq(permissions.id, id));
    await recordActivity(tx, actor, { action: 'delete', subject: 'Permission', subjectId: id, before });
  });
}
