import type { FastifyRequest } from 'fastify';
import { activityLogs, type Database } from '@enamel/db';

/** Who did it, from where. */
export interface Actor {
  userId: number | null;
  email: string | null;
  ip: string;
  userAgent: string | null;
}

/** What the log shows as the actor of a request made with an API token. */
export function tokenActorName(tokenName: string, creatorEmail: string): string {
  return `token ‹${tokenName}› (created by ${creatorEmail})`.slice(0, 254);
}

/** The actor of a request: the user, or the API token (its creator's id kept for ownership). */
export function actorOf(request: FastifyRequest, fallbackEmail?: string): Actor {
  const token = request.apiToken;
  return {
    userId: request.user?.id ?? null,
    email: token && request.user ? tokenActorName(token.name, request.user.email) : (request.user?.email ?? fallbackEmail ?? null),
    ip: request.ip,
    userAgent: request.headers['user-agent']?.slice(0, 500) ?? null,
  };
}

export interface ActivityEntry {
  action: string;
  subject: string;
  subjectId?: string | number | null;
  practiceId?: number | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
}

/** Secrets never reach the log, whatever table they come from. */
const REDACTED = new Set(['passwordHash', 'password_hash', 'tokenHash', 'token_hash', 'password', 'current_password', 'password_confirmation', 'secret']);

function clean(values: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!values) return null;
  return Object.fromEntries(
    Object.entries(values)
      .filter(([k]) => !REDACTED.has(k))
      .map(([k, v]) => [k, v instanceof Date ? v.toISOString() : v]),
  );
}

/** The stored row of one entry by `actor`. */
function activityRow(actor: Actor, entry: ActivityEntry) {
  return {
    userId: actor.userId,
    userEmail: actor.email,
    dentalPracticeId: entry.practiceId ?? null,
    action: entry.action,
    subject: entry.subject,
    subjectId: entry.subjectId === undefined || entry.subjectId === null ? null : String(entry.subjectId),
    before: clean(entry.before),
    after: clean(entry.after),
    ip: actor.ip,
    userAgent: actor.userAgent,
  };
}

export async function recordActivity(db: Pick<Database, 'insert'>, actor: Actor, entry: ActivityEntry): Promise<void> {
  await activityInsert(db, actor, entry);
}

/** The insert of one entry, to run alone (awaited) or inside another write's statement (its `.getSQL()`, a data-modifying CTE). */
export function activityInsert(db: Pick<Database, 'insert'>, actor: Actor, entry: ActivityEntry) {
  return db.insert(activityLogs).values(activityRow(actor, entry));
}

/** For updates: only the fields that changed, before and after. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>) {
  const keys = Object.keys(after).filter((k) => k !== 'updatedAt' && JSON.stringify(before[k]) !== JSON.stringify(after[k]));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** Many entries by one actor in one insert per 500 (a bulk command logs each record it changed). */
export async function recordActivities(db: Pick<Database, 'insert'>, actor: Actor, entries: readonly ActivityEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 500) {
    await db.insert(activityLogs).values(entries.slice(i, i + 500).map((entry) => activityRow(actor, entry)));
  }
}
