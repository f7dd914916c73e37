import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Action, Subject, AbilityRule } from '@enamel/contracts';
import { permissions, rolePermissions, userPractices, userRoles, type Database } from '@enamel/db';
import type { Tx } from './transaction.ts';


export type AppAbility = MongoAbility<[Action, Subject | Record<string, unknown>]>;

/** Placeholder a stored rule may use in its conditions for "the user's practices". */
export const USER_PRACTICES = '${user.practiceIds}';

function interpolate(value: unknown, practiceIds: number[]): unknown {
  if (value === USER_PRACTICES) return practiceIds;
  if (Array.isArray(value)) return value.map((v) => interpolate(v, practiceIds));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolate(v, practiceIds)]));
  }
  return value;
}

/** The user's rules: the union of their roles' permissions, with practice placeholders filled in. */
export async function loadRules(db: Database | Tx, userId: number): Promise<AbilityRule[]> {
  const [roleRows, practices] = await Promise.all([
    db.select({ id: userRoles.roleId }).from(userRoles).where(eq(userRoles.userId, userId)),
    db.select({ id: userPractices.dentalPracticeId }).from(userPractices).where(eq(userPractices.userId, userId)),
  ]);
  return rulesOfRoles(
    db,
    roleRows.map((r) => r.id),
    practices.map((p) => p.id),
  );
}

/** The rules someone holding `roleIds` in `practiceIds` has (what a user would hold after a change). */
export async function rulesOfRoles(db: Database | Tx, roleIds: number[], practiceIds: number[]): Promise<AbilityRule[]> {
  return fillRules((await permissionsOfRoles(db, roleIds)).map((p) => p.permission), practiceIds);
}

export type StoredPermission = Pick<typeof permissions.$inferSelect, 'id' | 'action' | 'subject' | 'conditions' | 'fields' | 'inverted'>;

/** The permissions of each of `roleIds` (one row per role and permission). */
export async function permissionsOfRoles(db: Database | Tx, roleIds: number[]): Promise<Array<{ roleId: number; permission: StoredPermission }>> {
  if (!roleIds.length) return [];
  const rows = await db
    .select({
      roleId: rolePermissions.roleId,
      id: permissions.id,
      action: permissions.action,
      subject: permissions.subject,
      conditions: permissions.conditions,
      fields: permissions.fields,
      inverted: permissions.inverted,
    })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, [...new Set(roleIds)]))
    .orderBy(permissions.id);
  return rows.map(({ roleId, ...permission }) => ({ roleId, permission }));
}

/** Stored permissions as CASL rules for a holder of `practiceIds`: each permission once, placeholders filled. */
export function fillRules(stored: StoredPermission[], practiceIds: number[]): AbilityRule[] {
  const unique = [...new Map(stored.map((p) => [p.id, p])).values()].sort((a, b) => a.id - b.id);
  const sorted = [...new Set(practiceIds)].sort((a, b) => a - b);
  // Inverted rules last: in CASL a later rule wins, so "cannot" overrides "can".
  return unique
    .sort((a, b) => Number(a.inverted) - Number(b.inverted))
    .map((r) => ({
      action: r.action as Action,
      subject: r.subject as Subject,
      ...(r.conditions ? { conditions: interpolate(r.conditions, sorted) as Record<string, unknown> } : {}),
      ...(r.fields?.length ? { fields: r.fields } : {}),
      ...(r.inverted ? { inverted: true } : {}),
    }));
}

/**
 * The only conditions a stored rule may have: "records of these practices", with the practices
 * given as the placeholder or as ids. That is what practiceScope enforces on the server (lists,
 * detail calls); anything else ($where, $regex, other operators or fields) would be evaluated by
 * nothing, or by CASL alone, and is refused when a permission is saved.
 */
export const ruleConditionsSchema = z.strictObject({
  dentalPracticeId: z.strictObject({
    $in: z.union([z.literal(USER_PRACTICES), z.array(z.number().int().positive().max(2_147_483_647)).max(500)]),
  }),
});

/** The practices a rule's conditions (placeholder filled) limit it to; null when it has none or they are of another form. */
export function conditionPractices(conditions: unknown): number[] | null {
  const parsed = z.object({ dentalPracticeId: z.object({ $in: z.array(z.number()) }) }).safeParse(conditions);
  return parsed.success ? parsed.data.dentalPracticeId.$in : null;
}

export function buildAbility(rules: AbilityRule[]): AppAbility {
  return createMongoAbility<[Action, Subject | Record<string, unknown>]>(rules as RawRuleOf<AppAbility>[]);
}

/** Practice ids a user is assigned to (practice-scoped rules are limited to these). */
export async function userPracticeIds(db: Database, userIds: number[]): Promise<Map<number, number[]>> {
  const rows = userIds.length
    ? await db.select().from(userPractices).where(inArray(userPractices.userId, userIds))
    : [];
  const out = new Map<number, number[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r.dentalPracticeId]);
  return out;
}
