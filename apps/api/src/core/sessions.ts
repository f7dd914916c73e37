import crypto from 'node:crypto';
import { and, eq, gt, lt, ne } from 'drizzle-orm';
import { sessions, users, type Database, type UserRow } from '@enamel/db';
import { randomToken } from './tokens.ts';
import type { AuthCache, CachedSession } from './auth-cache.ts';

export const SESSION_COOKIE = 'enamel_session';

/** The stored id of a session token: its SHA-256 (hex), the same as tokens.ts's sha256 in one call (every API request hashes one). */
export const sessionId = (token: string): string => crypto.hash('sha256', token, 'hex');
/** Without "remember", a session ends after 2 h idle (and its cookie with the browser). */
export const IDLE_MS = 2 * 60 * 60 * 1000;
/** With "remember", it lasts 30 days from the last visit. */
export const REMEMBER_MS = 30 * 24 * 60 * 60 * 1000;
/** Sliding expiry is written at most once a minute per session. */
const TOUCH_EVERY_MS = 60 * 1000;

export interface Session {
  id: string;
  userId: number;
  remember: boolean;
  expiresAt: Date;
}

export type AuthUser = Pick<UserRow, 'id' | 'firstname' | 'lastname' | 'email' | 'locale' | 'status'>;

export function lifetime(remember: boolean): number {
  return remember ? REMEMBER_MS : IDLE_MS;
}

export class SessionStore {
  /** `cache`: sessions held in process, dropped by the database's invalidations (auth-cache.ts). */
  constructor(
    private readonly db: Database,
    private readonly cache: AuthCache,
  ) {}

  /** Starts a new session (a fresh id each login: no fixation). Returns the cookie value. */
  async create(userId: number, remember: boolean, meta: { ip: string; userAgent: string | undefined }) {
    const token = randomToken();
    const expiresAt = new Date(Date.now() + lifetime(remember));
    const session: Session = { id: sessionId(token), userId, remember, expiresAt };
    await this.db.insert(sessions).values({
      id: session.id,
      userId,
      remember,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 500) ?? null,
      expiresAt,
    });
    return { token, session };
  }

  /** The live session and its active user for a cookie value, sliding its expiry; null when expired or unknown. */
  async resolve(token: string): Promise<{ session: Session; user: AuthUser } | null> {
    const id = sessionId(token);
    const now = Date.now();
    const found = await this.cache.session(id, now, () => this.load(id, new Date(now)));
    if (!found) return null;
    if (now - found.lastSeenAt > TOUCH_EVERY_MS) {
      // Marked first so that concurrent requests write it once; the trigger announces no touch (it only extends).
      found.lastSeenAt = now;
      const expiresAt = new Date(now + lifetime(found.session.remember));
      await this.db.update(sessions).set({ lastSeenAt: new Date(now), expiresAt }).where(eq(sessions.id, id));
      found.session = { ...found.session, expiresAt };
    }
    return { session: found.session, user: found.user };
  }

  /** The session row and its active user, as the database has them now. */
  private async load(id: string, now: Date): Promise<CachedSession | null> {
    const [row] = await this.db
      .select({
        id: sessions.id,
        userId: sessions.userId,
        remember: sessions.remember,
        expiresAt: sessions.expiresAt,
        lastSeenAt: sessions.lastSeenAt,
        user: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email, locale: users.locale, status: users.status },
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(and(eq(sessions.id, id), gt(sessions.expiresAt, now), eq(users.status, 'active')))
      .limit(1);
    if (!row) return null;
    return { session: { id: row.id, userId: row.userId, remember: row.remember, expiresAt: row.expiresAt }, user: row.user, lastSeenAt: row.lastSeenAt.getTime() };
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.id, id));
  }

  /** Ends every session of a user, except optionally the current one (after a password change). */
  async destroyAllForUser(userId: number, exceptId?: string): Promise<void> {
    await this.db
      .delete(sessions)
      .where(exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId));
  }

  async purgeExpired(): Promise<number> {
    const deleted = await this.db.delete(sessions).where(lt(sessions.expiresAt, new Date())).returning({ id: sessions.id });
    return deleted.length;
  }
}
