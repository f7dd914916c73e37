import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AbilityRule } from '@enamel/contracts';
import { API_TOKEN_PREFIX } from '@enamel/contracts';
import { apiTokenPractices, apiTokens, users, type Database } from '@enamel/db';
import type { Deps } from './context.ts';
import { buildAbility, conditionPractices, loadRules, rulesOfRoles, type AppAbility } from './abilities.ts';
import type { CachedToken } from './auth-cache.ts';
import { coversRights } from './rights.ts';
import { randomToken, sha256 } from './tokens.ts';

/** An API token acting on a request (docs/integrations.md#api-tokens). */
export interface ApiTokenPrincipal {
  id: number;
  name: string;
  /** The SHA-256 of the secret: the auth cache's key and the database's notification payload. */
  hash: string;
  creatorId: number;
  roleId: number | null;
  practiceIds: number[];
  expiresAt: Date | null;
}

/** What acts on a request: a signed-in user, or an API token (acting for its creator, `userId`). */
export type Principal = { kind: 'user'; userId: number; key: string } | { kind: 'token'; tokenId: number; userId: number; key: string };

/**
 * The acting principal of a request, or null when nobody is signed in. `key` is stable and distinct per principal
 * (`user:12`, `token:5`): what to scope per-caller state by (rate limits, idempotency keys).
 */
export function principalOf(request: FastifyRequest): Principal | null {
  if (!request.user) return null;
  if (request.apiToken) return { kind: 'token', tokenId: request.apiToken.id, userId: request.user.id, key: `token:${request.apiToken.id}` };
  if (!request.session) return null;
  return { kind: 'user', userId: request.user.id, key: `user:${request.user.id}` };
}

/** A token's secret: the prefix and 32 random bytes, URL-safe. */
export const API_TOKEN_PATTERN = new RegExp(`^${API_TOKEN_PREFIX}[A-Za-z0-9_-]{43}$`);
/** How many characters of the secret are kept to tell tokens apart (`enm_` and 6). */
export const API_TOKEN_SHOWN = API_TOKEN_PREFIX.length + 6;

export function newApiTokenSecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  return { secret, hash: sha256(secret), prefix: secret.slice(0, API_TOKEN_SHOWN) };
}

/**
 * The `Authorization` header as this server reads it: `none` (absent, or another scheme, e.g. a proxy's Basic),
 * `malformed` (Bearer with something that is not one of our secrets), or the secret.
 */
export function bearerOf(request: FastifyRequest): { kind: 'none' } | { kind: 'malformed' } | { kind: 'secret'; secret: string } {
  const header = request.headers.authorization;
  if (typeof header !== 'string' || !/^bearer(\s|$)/i.test(header)) return { kind: 'none' };
  const secret = header.slice(6).trim();
  return API_TOKEN_PATTERN.test(secret) ? { kind: 'secret', secret } : { kind: 'malformed' };
}

/** Whether the request carries a Bearer credential (valid or not): such a request is never a browser's session. */
export const hasBearer = (request: FastifyRequest) => bearerOf(request).kind !== 'none';

/**
 * The token's rules: its role's rules in its practices, each kept only as far as its creator holds it NOW, practice by
 * practice (a rule for practices the creator no longer covers shrinks to those they do, or goes). The creator's rights
 * are compared with `coversRights`, the rule that also bounds user grants.
 */
export function intersectRules(creator: AppAbility, tokenRules: readonly AbilityRule[], practiceIds: number[]): AbilityRule[] {
  const kept: AbilityRule[] = [];
  for (const rule of tokenRules) {
    if (rule.inverted) {
      kept.push(rule);
      continue;
    }
    if (coversRights(creator, [rule])) {
      kept.push(rule);
      continue;
    }
    const practices = rule.conditions ? conditionPractices(rule.conditions) : practiceIds;
    if (!practices) continue;
    const covered = practices.filter((id) => coversRights(creator, [{ ...rule, conditions: { dentalPracticeId: { $in: [id] } } }]));
    if (covered.length) kept.push({ ...rule, conditions: { dentalPracticeId: { $in: covered } } });
  }
  // Inverted rules last: in CASL a later rule wins.
  return kept.sort((a, b) => Number(a.inverted ?? false) - Number(b.inverted ?? false));
}

/** The live token for a secret's hash, as the database has it now: null when unknown, revoked, expired or its creator inactive. */
export async function loadApiToken(deps: Pick<Deps, 'db'>, hash: string, now: Date): Promise<CachedToken | null> {
  return loadToken(deps.db, eq(apiTokens.tokenHash, hash), now);
}

/** A token's ability now, by id (work it started that runs later, e.g. an import): no rights once it is not live. */
export async function apiTokenAbility(db: Database, id: number): Promise<AppAbility> {
  return (await loadToken(db, eq(apiTokens.id, id), new Date()))?.ability ?? buildAbility([]);
}

async function loadToken(db: Database, which: SQL, now: Date): Promise<CachedToken | null> {
  const [row] = await db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      roleId: apiTokens.roleId,
      createdBy: apiTokens.createdBy,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      lastUsedIp: apiTokens.lastUsedIp,
      hash: apiTokens.tokenHash,
      user: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, locale: users.locale, status: users.status },
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.createdBy))
    .where(and(which, isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)), eq(users.status, 'active')))
    .limit(1);
  if (!row) return null;
  const practices = await db.select({ id: apiTokenPractices.dentalPracticeId }).from(apiTokenPractices).where(eq(apiTokenPractices.apiTokenId, row.id));
  const practiceIds = practices.map((p) => p.id).sort((a, b) => a - b);
  const [creatorRules, roleRules] = await Promise.all([loadRules(db, row.createdBy), row.roleId ? rulesOfRoles(db, [row.roleId], practiceIds) : Promise.resolve([])]);
  const rules = intersectRules(buildAbility(creatorRules), roleRules, practiceIds);
  return {
    token: { id: row.id, name: row.name, hash: row.hash, creatorId: row.createdBy, roleId: row.roleId, practiceIds, expiresAt: row.expiresAt },
    user: row.user,
    ability: buildAbility(rules),
    lastUsedAt: row.lastUsedAt?.getTime() ?? 0,
    ...(row.lastUsedIp ? { lastUsedIp: row.lastUsedIp } : {}),
  };
}

/** "Last used" is written at most once a minute per token (and whenever the address changes). */
const TOUCH_EVERY_MS = 60 * 1000;

/** Resolves a secret to its live token through the auth cache, and notes when and from where it was used. */
export async function resolveApiToken(deps: Pick<Deps, 'db' | 'auth'>, secret: string, ip: string): Promise<CachedToken | null> {
  const hash = sha256(secret);
  const now = Date.now();
  const found = await deps.auth.token(hash, now, () => loadApiToken(deps, hash, new Date(now)));
  if (!found) return null;
  if (now - found.lastUsedAt > TOUCH_EVERY_MS || found.lastUsedIp !== ip) {
    found.lastUsedAt = now;
    found.lastUsedIp = ip;
    // The trigger announces no touch: it changes nothing the cache holds.
    await deps.db.update(apiTokens).set({ lastUsedAt: new Date(now), lastUsedIp: ip.slice(0, 64) }).where(eq(apiTokens.id, found.token.id));
  }
  return found;
}
