import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CreateUserBody, UpdateUserBody } from '@enamel/contracts';
import { dentalPractices, permissions, rolePermissions, roles, sessions, userPractices, userRoles, users, type Database, type UserRow } from '@enamel/db';
import type { AppAbility } from '../../core/abilities.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { hashPassword } from '../../core/passwords.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { checkNewPassword } from '../auth/auth.service.ts';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export async function findUser(db: Database, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

async function practicesOf(db: Database | Tx, userId: number): Promise<number[]> {
  const rows = await db.select({ id: userPractices.dentalPracticeId }).from(userPractices).where(eq(userPractices.userId, userId));
  return rows.map((r) => r.id);
}

/** A scoped manager sees a user who shares one of their practices; 404 otherwise (do not reveal). */
export async function ensureUserVisible(db: Database, ability: AppAbility, action: 'read' | 'update' | 'delete', userId: number) {
  const scope = practiceScope(ability, action, 'User');
  if (scope === 'all') return;
  const theirs = await practicesOf(db, userId);
  if (!theirs.some((id) => scope.includes(id))) throw new AppError('not_found');
}

/** Roles may only be granted by someone who holds every right in them. */
async function checkGrantable(db: Database, ability: AppAbility, roleIds: number[]) {
  if (!roleIds.length) return;
  const found = await db.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
  if (found.length !== new Set(roleIds).size) throw invalid('role_ids', 'users.unknown_role');
  const granted = await db
    .select({ action: permissions.action, subject: permissions.subject, conditions: permissions.conditions })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds));
  for (const p of granted) {
    const action = p.action as Parameters<AppAbility['can']>[0];
    const subject = p.subject as Parameters<AppAbility['rulesFor']>[1];
    const rules = ability.rulesFor(action, subject).filter((r) => !r.inverted);
    const ok = p.conditions ? rules.length > 0 : rules.some((r) => !r.conditions);
    if (!ok) throw invalid('role_ids', 'users.role_too_powerful');
  }
}

/** The practices a user ends with: the requested ones (which must be in the actor's scope) plus those the actor cannot see. */
async function resolvePractices(db: Database, ability: AppAbility, requested: number[], current: number[]): Promise<number[]> {
  const wanted = [...new Set(requested)];
  if (wanted.length) {
    const found = await db.select({ id: dentalPractices.id }).from(dentalPractices).where(inArray(dentalPractices.id, wanted));
    if (found.length !== wanted.length) throw invalid('dental_practice_ids', 'users.unknown_practice');
  }
  const scope = practiceScope(ability, 'update', 'User');
  if (scope === 'all') return wanted;
  if (wanted.some((id) => !scope.includes(id))) throw invalid('dental_practice_ids', 'users.practice_outside_scope');
  if (!wanted.length && !current.some((id) => !scope.includes(id))) throw invalid('dental_practice_ids', 'users.practice_outside_scope');
  return [...new Set([...current.filter((id) => !scope.includes(id)), ...wanted])];
}

async function assertEmailFree(db: Database, email: string, exceptId?: number) {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email.toLowerCase()), exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (taken) throw invalid('email', 'auth.email_taken');
}

async function setLinks(tx: Tx, userId: number, roleIds: number[], practiceIds: number[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(userPractices).where(eq(userPractices.userId, userId));
  if (roleIds.length) await tx.insert(userRoles).values([...new Set(roleIds)].map((roleId) => ({ userId, roleId })));
  if (practiceIds.length) await tx.insert(userPractices).values(practiceIds.map((dentalPracticeId) => ({ userId, dentalPracticeId })));
}

export async function createUser(db: Database, ability: AppAbility, actor: Actor, body: CreateUserBody): Promise<UserRow> {
  checkNewPassword(body.password, body.password_confirmation);
  await assertEmailFree(db, body.email);
  await checkGrantable(db, ability, body.role_ids);
  const practiceIds = await resolvePractices(db, ability, body.dental_practice_ids, []);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ firstname: body.firstname, lastname: body.lastname, email: body.email, locale: body.locale, status: body.status, passwordHash })
      .returning();
    await setLinks(tx, row!.id, body.role_ids, practiceIds);
    await recordActivity(tx, actor, {
      action: 'create',
      subject: 'User',
      subjectId: row!.id,
      practiceId: practiceIds[0] ?? null,
      after: { ...row!, role_ids: body.role_ids, dental_practice_ids: practiceIds },
    });
    return row!;
  });
}

export async function updateUser(db: Database, ability: AppAbility, actor: Actor, id: number, body: UpdateUserBody): Promise<UserRow> {
  if (body.password !== undefined) checkNewPassword(body.password, body.password_confirmation ?? '');
  if (id === actor.userId && body.status === 'inactive') throw invalid('status', 'users.self_deactivate');
  await assertEmailFree(db, body.email, id);
  await checkGrantable(db, ability, body.role_ids);
  const current = await practicesOf(db, id);
  const practiceIds = await resolvePractices(db, ability, body.dental_practice_ids, current);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const beforeRoles = (await tx.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, id))).map((r) => r.id).sort();
    const values = { firstname: body.firstname, lastname: body.lastname, email: body.email, locale: body.locale, status: body.status, ...(passwordHash ? { passwordHash } : {}) };
    const [after] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
    await setLinks(tx, id, body.role_ids, practiceIds);
    // A new password or a deactivation signs the user out everywhere.
    if (passwordHash || body.status === 'inactive') await tx.delete(sessions).where(eq(sessions.userId, id));
    const diff = changes(
      { ...before, role_ids: beforeRoles, dental_practice_ids: [...current].sort() },
      { ...after!, role_ids: [...new Set(body.role_ids)].sort(), dental_practice_ids: [...practiceIds].sort() },
    );
    await recordActivity(tx, actor, { action: 'update', subject: 'User', subjectId: id, practiceId: practiceIds[0] ?? null, ...diff });
    return after!;
  });
}

/** The notes' delete: the user is deactivated (restorable) and signed out. */
export async function deactivateUser(db: Database, actor: Actor, id: number): Promise<UserRow> {
  if (id === actor.userId) throw invalid('id', 'users.self_deactivate');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const [after] = await tx.update(users).set({ status: 'inactive' }).where(eq(users.id, id)).returning();
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordActivity(tx, actor, { action: 'deactivate', subject: 'User', subjectId: id, ...changes(before, after!) });
    return after!;
  });
}
