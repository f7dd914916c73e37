import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { ApiToken, CreateApiTokenBody } from '@enamel/contracts';
import { apiTokenPractices, apiTokens, dentalPractices, roles, users, type ApiTokenRow, type Database } from '@enamel/db';
import { rulesOfRoles, type AppAbility } from '../../core/abilities.ts';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { newApiTokenSecret } from '../../core/api-token-auth.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { practiceScope } from '../../core/practice-scope.ts';
import { coversRights } from '../../core/rights.ts';

/** Whether the reader sees (or may act on) a token: their own, or one whose practices are all in their scope for `action`. */
function within(ability: AppAbility, action: 'read' | 'delete', userId: number, token: { createdBy: number; practiceIds: number[] }): boolean {
  if (token.createdBy === userId) return true;
  const scope = practiceScope(ability, action, 'ApiToken');
  return scope === 'all' || (token.practiceIds.length > 0 && token.practiceIds.every((id) => scope.includes(id)));
}

const statusOf = (row: Pick<ApiTokenRow, 'revokedAt' | 'expiresAt'>, now: number): ApiToken['status'] =>
  row.revokedAt ? 'revoked' : row.expiresAt && row.expiresAt.getTime() <= now ? 'expired' : 'active';

/** Tokens as a reader sees them (never their secret: it is not stored). */
async function present(db: Database, rows: ApiTokenRow[]): Promise<ApiToken[]> {
  if (!rows.length) return [];
  const ids = rows.map((r) => r.id);
  const [links, roleRows, creators] = await Promise.all([
    db
      .select({ tokenId: apiTokenPractices.apiTokenId, id: dentalPractices.id, name: dentalPractices.name })
      .from(apiTokenPractices)
      .innerJoin(dentalPractices, eq(dentalPractices.id, apiTokenPractices.dentalPracticeId))
      .where(inArray(apiTokenPractices.apiTokenId, ids))
      .orderBy(dentalPractices.name),
    db.select({ id: roles.id, name: roles.name }).from(roles).where(inArray(roles.id, [...new Set(rows.map((r) => r.roleId ?? 0))])),
    db.select({ id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email }).from(users).where(inArray(users.id, [...new Set(rows.map((r) => r.createdBy))])),
  ]);
  const now = Date.now();
  return rows.map((row) => {
    const creator = creators.find((u) => u.id === row.createdBy)!;
    const role = roleRows.find((r) => r.id === row.roleId);
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      role: role ? { id: role.id, name: role.name } : null,
      dental_practices: links.filter((l) => l.tokenId === row.id).map((l) => ({ id: l.id, name: l.name })),
      created_by: { id: creator.id, name: `${creator.firstname} ${creator.lastname}`.trim(), email: creator.email },
      created_at: row.createdAt.toISOString(),
      expires_at: row.expiresAt?.toISOString() ?? null,
      last_used_at: row.lastUsedAt?.toISOString() ?? null,
      last_used_ip: row.lastUsedIp ?? null,
      revoked_at: row.revokedAt?.toISOString() ?? null,
      status: statusOf(row, now),
    };
  });
}

async function practicesOf(db: Pick<Database, 'select'>, ids: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (!ids.length) return out;
  const rows = await db.select().from(apiTokenPractices).where(inArray(apiTokenPractices.apiTokenId, ids));
  for (const r of rows) out.set(r.apiTokenId, [...(out.get(r.apiTokenId) ?? []), r.dentalPracticeId]);
  return out;
}

/** Every token the reader may see, newest first. */
export async function listApiTokens(db: Database, ability: AppAbility, userId: number): Promise<ApiToken[]> {
  const rows = await db.select().from(apiTokens).orderBy(apiTokens.createdAt, apiTokens.id);
  const practices = await practicesOf(db, rows.map((r) => r.id));
  const visible = rows.filter((row) => within(ability, 'read', userId, { createdBy: row.createdBy, practiceIds: practices.get(row.id) ?? [] }));
  return (await present(db, visible)).reverse();
}

/**
 * Creates a token acting with `role_id` in `dental_practice_ids`: the practices must be in the creator's scope for
 * ApiToken, and the role's rights there must not exceed the creator's (coversRights, the rule of user grants), checked
 * for every practice. Returns the secret, which is shown this once and never stored.
 */
export async function createApiToken(db: Database, ability: AppAbility, actor: Actor & { userId: number }, body: CreateApiTokenBody): Promise<{ token: ApiToken; secret: string }> {
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt.getTime() <= Date.now()) throw invalid('expires_at', 'tokens.expiry_past');
  const practiceIds = [...new Set(body.dental_practice_ids)].sort((a, b) => a - b);
  const { secret, hash, prefix } = newApiTokenSecret();
  const row = await db.transaction(async (tx) => {
    const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.id, body.role_id)).for('share');
    if (!role) throw invalid('role_id', 'users.unknown_role');
    const found = await tx.select({ id: dentalPractices.id }).from(dentalPractices).where(inArray(dentalPractices.id, practiceIds)).for('share');
    if (found.length !== practiceIds.length) throw invalid('dental_practice_ids', 'users.unknown_practice');
    const scope = practiceScope(ability, 'create', 'ApiToken');
    if (scope !== 'all' && practiceIds.some((id) => !scope.includes(id))) throw invalid('dental_practice_ids', 'users.practice_outside_scope');
    // Read inside the transaction, after the locks: the role's permissions as they are now.
    const rules = await rulesOfRoles(tx, [role.id], practiceIds);
    for (const id of practiceIds) {
      if (!coversRights(ability, rules.map((r) => (r.conditions ? { ...r, conditions: { dentalPracticeId: { $in: [id] } } } : r)))) {
        throw invalid('role_id', 'tokens.role_too_powerful');
      }
    }
    const [created] = await tx
      .insert(apiTokens)
      .values({ name: body.name, tokenHash: hash, prefix, roleId: role.id, createdBy: actor.userId, expiresAt })
      .returning();
    await tx.insert(apiTokenPractices).values(practiceIds.map((dentalPracticeId) => ({ apiTokenId: created!.id, dentalPracticeId })));
    await recordActivity(tx, actor, {
      action: 'create',
      subject: 'ApiToken',
      subjectId: created!.id,
      practiceId: practiceIds[0] ?? null,
      after: { name: created!.name, prefix, role_id: role.id, dental_practice_ids: practiceIds, expires_at: expiresAt },
    });
    return created!;
  });
  const [token] = await present(db, [row]);
  return { token: token!, secret };
}

/** Revokes a token at once (every instance drops it: the database announces its hash). Revoking a revoked token is a 409. */
export async function revokeApiToken(db: Database, ability: AppAbility, actor: Actor & { userId: number }, id: number): Promise<ApiToken> {
  const row = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(apiTokens).where(eq(apiTokens.id, id)).for('update');
    if (!before) throw new AppError('not_found');
    const practiceIds = (await practicesOf(tx, [id])).get(id) ?? [];
    if (!within(ability, 'read', actor.userId, { createdBy: before.createdBy, practiceIds })) throw new AppError('not_found');
    if (!within(ability, 'delete', actor.userId, { createdBy: before.createdBy, practiceIds })) throw new AppError('forbidden');
    if (before.revokedAt) throw new AppError('conflict', 'tokens.already_revoked');
    const [after] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date(), revokedBy: actor.userId })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning();
    await recordActivity(tx, actor, { action: 'revoke', subject: 'ApiToken', subjectId: id, practiceId: practiceIds[0] ?? null, before: { name: before.name, prefix: before.prefix } });
    return after!;
  });
  return (await present(db, [row]))[0]!;
}
