import { eq, inArray, sql } from 'drizzle-orm';
import type { AbilityRule, CreateUserBody, UpdateUserBody } from '@enamel/contracts';
import { dentalPractices, roles, sessions, userPractices, userRoles, users, type Database, type UserRow } from '@enamel/db';
import { fillRules, permissionsOfRoles, rulesOfRoles, type AppAbility, type StoredPermission } from '../../core/abilities.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { checkNewPassword, hashPassword } from '../../core/passwords.ts';
import { canInPractice, practiceScope } from '../../core/practice-scope.ts';
import { assertUnique } from '../../core/records.ts';
import { coversRights } from '../../core/rights.ts';
import type { Tx } from '../../core/transaction.ts';


export async function findUser(db: Database, id: number): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw new AppError('not_found');
  return row;
}

/** What a user holds: roles (global) and practices. */
interface Access {
  roleIds: number[];
  practiceIds: number[];
}

async function accessOf(db: Database | Tx, userId: number): Promise<Access> {
  const roleRows = await db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId));
  const practiceRows = await db.select({ id: userPractices.dentalPracticeId }).from(userPractices).where(eq(userPractices.userId, userId));
  return { roleIds: roleRows.map((r) => r.id).sort((a, b) => a - b), practiceIds: practiceRows.map((r) => r.id).sort((a, b) => a - b) };
}

/** A scoped manager sees a user who shares one of their practices; 404 otherwise (do not reveal). */
export async function ensureUserVisible(db: Database, ability: AppAbility, userId: number) {
  const scope = practiceScope(ability, 'read', 'User');
  if (scope === 'all') return;
  const { practiceIds } = await accessOf(db, userId);
  if (!practiceIds.some((id) => scope.includes(id))) throw new AppError('not_found');
}

type Refusal = 'users.outside_scope' | 'users.more_rights';

/**
 * An actor may change a user (details, password, roles, practices, status) only if every practice
 * of the user is within the actor's scope for `action` and the user's rights (`rules`: their roles
 * × practices) do not exceed the actor's: roles are global, so anything less would hand the actor
 * the user's rights elsewhere. Returns why not, or null.
 */
function refusal(ability: AppAbility, action: 'update' | 'delete', access: Access, rules: AbilityRule[]): Refusal | null {
  if (access.practiceIds.some((id) => !canInPractice(ability, action, 'User', id))) return 'users.outside_scope';
  if (!coversRights(ability, rules)) return 'users.more_rights';
  return null;
}

/** 403 (nothing changed) when the user is beyond the actor (see refusal). The caller holds the user's row lock. */
async function ensureManageable(tx: Tx, ability: AppAbility, action: 'update' | 'delete', userId: number): Promise<Access> {
  const access = await accessOf(tx, userId);
  const why = refusal(ability, action, access, await rulesOfRoles(tx, access.roleIds, access.practiceIds));
  if (why) throw new AppError('forbidden', why);
  return access;
}

export interface UserActions {
  can_update: boolean;
  can_delete: boolean;
}

/** For each user, whether the reader may change and deactivate them (what the client offers): the same rule as the writes. */
export async function userActions(db: Database, ability: AppAbility, userIds: number[]): Promise<Map<number, UserActions>> {
  const out = new Map<number, UserActions>();
  if (!userIds.length) return out;
  const roleRows = await db.select().from(userRoles).where(inArray(userRoles.userId, userIds));
  const practiceRows = await db.select().from(userPractices).where(inArray(userPractices.userId, userIds));
  const byRole = new Map<number, StoredPermission[]>();
  for (const { roleId, permission } of await permissionsOfRoles(db, roleRows.map((r) => r.roleId))) byRole.set(roleId, [...(byRole.get(roleId) ?? []), permission]);
  const may = { update: ability.can('update', 'User'), delete: ability.can('delete', 'User') };
  for (const id of userIds) {
    const access = { roleIds: roleRows.filter((r) => r.userId === id).map((r) => r.roleId), practiceIds: practiceRows.filter((r) => r.userId === id).map((r) => r.dentalPracticeId) };
    const rules = fillRules(access.roleIds.flatMap((roleId) => byRole.get(roleId) ?? []), access.practiceIds);
    out.set(id, { can_update: may.update && !refusal(ability, 'update', access, rules), can_delete: may.delete && !refusal(ability, 'delete', access, rules) });
  }
  return out;
}

/** Roles may only be granted by someone who holds every right they give in the user's practices. */
async function checkGrantable(tx: Tx, ability: AppAbility, requested: number[], practiceIds: number[]): Promise<number[]> {
  const roleIds = [...new Set(requested)].sort((a, b) => a - b);
  if (roleIds.length) {
    const found = await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, roleIds));
    if (found.length !== roleIds.length) throw invalid('role_ids', 'users.unknown_role');
  }
  if (!coversRights(ability, await rulesOfRoles(tx, roleIds, practiceIds))) throw invalid('role_ids', 'users.role_too_powerful');
  return roleIds;
}

/**
 * The practices a user ends with: the requested ones (which must be in the actor's scope for
 * `action`) plus those the user's record did not show the actor (outside their read scope), since
 * a form can only send back what it was shown. A scoped actor may not leave the user with none.
 */
async function resolvePractices(tx: Tx, ability: AppAbility, action: 'create' | 'update', requested: number[], current: number[]): Promise<number[]> {
  const wanted = [...new Set(requested)];
  if (wanted.length) {
    const found = await tx.select({ id: dentalPractices.id }).from(dentalPractices).where(inArray(dentalPractices.id, wanted));
    if (found.length !== wanted.length) throw invalid('dental_practice_ids', 'users.unknown_practice');
  }
  const allowed = practiceScope(ability, action, 'User');
  if (allowed !== 'all' && wanted.some((id) => !allowed.includes(id))) throw invalid('dental_practice_ids', 'users.practice_outside_scope');
  const shown = practiceScope(ability, 'read', 'User');
  const hidden = shown === 'all' ? [] : current.filter((id) => !shown.includes(id));
  if (allowed !== 'all' && !wanted.length && !hidden.length) throw invalid('dental_practice_ids', 'users.practice_outside_scope');
  return [...new Set([...hidden, ...wanted])].sort((a, b) => a - b);
}

const assertEmailFree = (tx: Tx, email: string, exceptId?: number) => assertUnique(tx, users, sql`lower(${users.email}) = ${email.toLowerCase()}`, 'email', 'auth.email_taken', exceptId);

async function setLinks(tx: Tx, userId: number, roleIds: number[], practiceIds: number[]) {
  await tx.delete(userRoles).where(eq(userRoles.userId, userId));
  await tx.delete(userPractices).where(eq(userPractices.userId, userId));
  if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  if (practiceIds.length) await tx.insert(userPractices).values(practiceIds.map((dentalPracticeId) => ({ userId, dentalPracticeId })));
}

export async function createUser(db: Database, ability: AppAbility, actor: Actor, body: CreateUserBody): Promise<UserRow> {
  checkNewPassword(body.password, body.password_confirmation);
  const passwordHash = await hashPassword(body.password);
  return db.transaction(async (tx) => {
    await assertEmailFree(tx, body.email);
    const practiceIds = await resolvePractices(tx, ability, 'create', body.dental_practice_ids, []);
    const roleIds = await checkGrantable(tx, ability, body.role_ids, practiceIds);
    const [row] = await tx
      .insert(users)
      .values({ firstname: body.firstname, lastname: body.lastname, email: body.email, locale: body.locale, status: body.status, passwordHash })
      .returning();
    await setLinks(tx, row!.id, roleIds, practiceIds);
    await recordActivity(tx, actor, {
      action: 'create',
      subject: 'User',
      subjectId: row!.id,
      practiceId: practiceIds[0] ?? null,
      after: { ...row!, role_ids: roleIds, dental_practice_ids: practiceIds },
    });
    return row!;
  });
}

/**
 * Changes a user. Refused (403, nothing changed) when the user is beyond the actor (see
 * ensureManageable); roles and practices are checked against what the user would hold after.
 */
export async function updateUser(db: Database, ability: AppAbility, actor: Actor, id: number, body: UpdateUserBody): Promise<UserRow> {
  if (body.password !== undefined) checkNewPassword(body.password, body.password_confirmation ?? '');
  if (id === actor.userId && body.status === 'inactive') throw invalid('status', 'users.self_deactivate');
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const current = await ensureManageable(tx, ability, 'update', id);
    await assertEmailFree(tx, body.email, id);
    const practiceIds = await resolvePractices(tx, ability, 'update', body.dental_practice_ids, current.practiceIds);
    const roleIds = await checkGrantable(tx, ability, body.role_ids, practiceIds);
    const values = { firstname: body.firstname, lastname: body.lastname, email: body.email, locale: body.locale, status: body.status, ...(passwordHash ? { passwordHash } : {}) };
    const [after] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
    await setLinks(tx, id, roleIds, practiceIds);
    // A new password or a deactivation signs the user out everywhere.
    if (passwordHash || body.status === 'inactive') await tx.delete(sessions).where(eq(sessions.userId, id));
    const diff = changes(
      { ...before, role_ids: current.roleIds, dental_practice_ids: current.practiceIds },
      { ...after!, role_ids: roleIds, dental_practice_ids: practiceIds },
    );
    await recordActivity(tx, actor, { action: 'update', subject: 'User', subjectId: id, practiceId: practiceIds[0] ?? null, ...diff });
    return after!;
  });
}

/** Delete (docs/product-rules.md#deactivate): the user is deactivated (restorable) and signed out; refused like an update when the user is beyond the actor. */
export async function deactivateUser(db: Database, ability: AppAbility, actor: Actor, id: number): Promise<UserRow> {
  if (id === actor.userId) throw invalid('id', 'users.self_deactivate');
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    await ensureManageable(tx, ability, 'delete', id);
    const [after] = await tx.update(users).set({ status: 'inactive' }).where(eq(users.id, id)).returning();
    await tx.delete(sessions).where(eq(sessions.userId, id));
    await recordActivity(tx, actor, { action: 'deactivate', subject: 'User', subjectId: id, ...changes(before, after!) });
    return after!;
  });
}
