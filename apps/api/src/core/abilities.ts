import { createMongoAbility, type MongoAbility, type RawRuleOf } from '@casl/ability';
import { eq, inArray } from 'drizzle-orm';
import type { Action, Subject, AbilityRule } from '@enamel/contracts';
import { permissions, rolePermissions, userPractices, userRoles, type Database } from '@enamel/db';

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
export async function loadRules(db: Database, userId: number): Promise<AbilityRule[]> {
  const [rows, practices] = await Promise.all([
    db
      .selectDistinct({
        id: permissions.id,
        action: permissions.action,
        subject: permissions.subject,
        conditions: permissions.conditions,
        fields: permissions.fields,
        inverted: permissions.inverted,
      })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(userRoles.userId, userId))
      .orderBy(permissions.id),
    db.select({ id: userPractices.dentalPracticeId }).from(userPractices).where(eq(userPractices.userId, userId)),
  ]);
  const practiceIds = practices.map((p) => p.id).sort((a, b) => a - b);
  // Inverted rules last: in CASL a later rule wins, so "cannot" overrides "can".
  return rows
    .sort((a, b) => Number(a.inverted) - Number(b.inverted))
    .map((r) => ({
      action: r.action as Action,
      subject: r.subject as Subject,
      ...(r.conditions ? { conditions: interpolate(r.conditions, practiceIds) as Record<string, unknown> } : {}),
      ...(r.fields?.length ? { fields: r.fields } : {}),
      ...(r.inverted ? { inverted: true } : {}),
    }));
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
