import { eq, inArray } from 'drizzle-orm';
import { permissions, rolePermissions, roles, type Database } from '@enamel/db';
import { SEEDED_ROLES, permissionConditions, permissionName } from './seeded-roles.ts';

/**
 * Creates the seeded roles and their permissions when missing. A role that exists is
 * left as it is: roles are data, and an administrator's edits survive restarts.
 */
export async function seedRoles(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const all = SEEDED_ROLES.flatMap((r) => r.permissions);
    const names = [...new Set(all.map(permissionName))];
    await tx
      .insert(permissions)
      .values(
        names.map((name) => {
          const p = all.find((x) => permissionName(x) === name)!;
          return { name, action: p.action, subject: p.subject, conditions: permissionConditions(p) };
        }),
      )
      .onConflictDoNothing({ target: permissions.name });
    const permRows = await tx.select({ id: permissions.id, name: permissions.name }).from(permissions).where(inArray(permissions.name, names));
    const idByName = new Map(permRows.map((p) => [p.name, p.id]));

    for (const role of SEEDED_ROLES) {
      const [created] = await tx
        .insert(roles)
        .values({ name: role.name, description: role.description, isSystem: true })
        .onConflictDoNothing({ target: roles.name })
        .returning({ id: roles.id });
      if (!created) continue;
      await tx.insert(rolePermissions).values(role.permissions.map((p) => ({ roleId: created.id, permissionId: idByName.get(permissionName(p))! })));
    }
  });
}

export async function roleIdByName(db: Database, name: string): Promise<number | undefined> {
  const [row] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, name)).limit(1);
  return row?.id;
}
