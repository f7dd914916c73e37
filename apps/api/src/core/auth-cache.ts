import type { DatabaseHandle, Listener } from '@enamel/db';
import type { AuthUser, Session } from './sessions.ts';
import type { ApiTokenPrincipal } from './api-token-auth.ts';
import type { AbilityRule } from '@enamel/contracts';
import { buildAbility, type AppAbility } from './abilities.ts';

/** The channel the database's triggers announce auth changes on (migration 0020_auth_invalidation). */
export const AUTH_CHANNEL = 'enamel_auth';
/** Entries kept of each kind; the least recently used goes first. */
export const AUTH_CACHE_MAX = 10_000;

/** A live session as the cache holds it: `lastSeenAt` tells when the sliding expiry was last written. */
export interface CachedSession {
  session: Session;
  user: AuthUser;
  lastSeenAt: number;
}

/** A live API token as the cache holds it: its acting user (the creator) and its ability, already intersected. */
export interface CachedToken {
  token: ApiTokenPrincipal;
  user: AuthUser;
  ability: AppAbility;
  /** When "last used" was last written (ms), and from which address. */
  lastUsedAt: number;
  lastUsedIp?: string;
}

interface UserEntry {
  rules?: { rules: AbilityRule[]; ability: AppAbility };
  roleNames?: string[];
}

/** A Map that forgets its least recently used key beyond `max` (a Map iterates in insertion order). */
class Lru<K, V> {
  private readonly map = new Map<K, V>();
  constructor(private readonly max: number) {}
  get(key: K): V | undefined {
    const value = this.map.get(key);
    if (value !== undefined) {
      this.map.delete(key);
      this.map.set(key, value);
    }
    return value;
  }
  set(key: K, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }
  delete(key: K) {
    this.map.delete(key);
  }
  clear() {
    this.map.clear();
  }
  entries() {
    return this.map.entries();
  }
  get size() {
    return this.map.size;
  }
}

/**
 * Sessions (by id: the SHA-256 of the cookie) with their user, and each user's ability rules and role names,
 * held in process so a request does not read them from the database. It serves nothing unless the database's
 * invalidations reach it: while the listener is not listening (starting, failed, reconnecting) every read
 * goes to the database and nothing is kept. Every invalidation bumps a generation; a load that began before
 * one is returned to its request but not kept, so a read racing a change can never outlive it.
 */
export class AuthCache {
  private live = false;
  private generation = 0;
  /** The listener's barrier: every invalidation committed before it was asked for has been applied when it resolves. */
  private sync: () => Promise<void> = async () => undefined;
  private readonly sessions: Lru<string, CachedSession>;
  private readonly users: Lru<number, UserEntry>;
  /** API tokens by hash: dropped with their hash (revocation), their creator's id, or everything. */
  private readonly tokens: Lru<string, CachedToken>;

  constructor(max = AUTH_CACHE_MAX) {
    this.sessions = new Lru(max);
    this.tokens = new Lru(max);
    this.users = new Lru(max);
  }

  get listening(): boolean {
    return this.live;
  }

  get size(): { sessions: number; users: number; tokens: number } {
    return { sessions: this.sessions.size, users: this.users.size, tokens: this.tokens.size };
  }

  /** Listens through `listener`: see `session`. */
  attach(listener: Pick<Listener, 'sync'>) {
    this.sync = () => listener.sync();
  }

  /** The listener's state: each change (lost or regained) drops everything, since payloads may have been missed. */
  setListening(on: boolean) {
    this.flush();
    this.live = on;
  }

  flush() {
    this.generation++;
    this.sessions.clear();
    this.users.clear();
    this.tokens.clear();
  }

  /** A payload from the database: '*', a user id, or a session id. Anything else drops everything. */
  invalidate(payload: string) {
    if (/^[0-9]{1,19}$/.test(payload)) {
      this.generation++;
      const userId = Number(payload);
      this.users.delete(userId);
      for (const [id, entry] of this.sessions.entries()) if (entry.user.id === userId) this.sessions.delete(id);
      for (const [hash, entry] of this.tokens.entries()) if (entry.user.id === userId) this.tokens.delete(hash);
    } else if (/^[0-9a-f]{64}$/.test(payload)) {
      this.generation++;
      this.sessions.delete(payload);
      this.tokens.delete(payload);
    } else {
      this.flush();
    }
  }

  /**
   * The live session `id` (not past its expiry), from the cache or `load`. Each request passes here first and waits
   * for the listener's barrier, so a change committed on another instance before this request arrived is applied
   * before anything is served from the cache (the rest of the request then reads the cache as it stands).
   */
  async session(id: string, now: number, load: () => Promise<CachedSession | null>): Promise<CachedSession | null> {
    return this.throughBarrier(this.sessions, id, (entry) => entry.session.expiresAt.getTime() > now, load);
  }

  /**
   * The live API token whose secret hashes to `hash` (not revoked, not past its expiry, its creator active), from the
   * cache or `load`; waits for the listener's barrier first, as `session` does, so a revocation committed on another
   * instance before this request arrived is never missed.
   */
  async token(hash: string, now: number, load: () => Promise<CachedToken | null>): Promise<CachedToken | null> {
    return this.throughBarrier(this.tokens, hash, (entry) => entry.token.expiresAt === null || entry.token.expiresAt.getTime() > now, load);
  }

  /**
   * One entry of `map` (sessions or tokens): wait for the listener's barrier, serve the cached entry while `fresh`,
   * else `load` it and keep it unless a change was announced meanwhile; an entry that no longer exists is dropped.
   */
  private async throughBarrier<K, V>(map: Lru<K, V>, key: K, fresh: (entry: V) => boolean, load: () => Promise<V | null>): Promise<V | null> {
    let live = this.live;
    if (live) {
      try {
        await this.sync();
      } catch {
        live = false;
      }
    }
    const cached = live && this.live ? map.get(key) : undefined;
    if (cached && fresh(cached)) return cached;
    const started = this.generation;
    const loaded = await load();
    if (loaded && this.live && this.generation === started) map.set(key, loaded);
    else if (!loaded) map.delete(key);
    return loaded;
  }

  /** The user's ability (built from the rules `load` reads), kept per user. */
  async ability(userId: number, load: () => Promise<AbilityRule[]>): Promise<AppAbility> {
    return (await this.forUser(userId, 'rules', async () => {
      const rules = await load();
      return { rules, ability: buildAbility(rules) };
    })).ability;
  }

  /** The user's rules as stored (GET /api/abilities), kept with the ability. */
  async rules(userId: number, load: () => Promise<AbilityRule[]>): Promise<AbilityRule[]> {
    return (await this.forUser(userId, 'rules', async () => {
      const rules = await load();
      return { rules, ability: buildAbility(rules) };
    })).rules;
  }

  /** The names of the user's roles (the current user's JSON). */
  async roleNames(userId: number, load: () => Promise<string[]>): Promise<string[]> {
    return this.forUser(userId, 'roleNames', load);
  }

  private async forUser<K extends keyof UserEntry>(userId: number, key: K, load: () => Promise<NonNullable<UserEntry[K]>>): Promise<NonNullable<UserEntry[K]>> {
    const cached = this.live ? this.users.get(userId)?.[key] : undefined;
    if (cached) return cached;
    const started = this.generation;
    const loaded = await load();
    if (this.live && this.generation === started) {
      const entry = this.users.get(userId) ?? {};
      entry[key] = loaded;
      this.users.set(userId, entry);
    }
    return loaded;
  }
}

/** Starts listening for the database's auth invalidations; the cache serves from the moment LISTEN is in place. */
export async function listenForAuthChanges(database: Pick<DatabaseHandle, 'listen'>, cache: AuthCache): Promise<Listener> {
  const listener = await database.listen(AUTH_CHANNEL, {
    notify: (payload) => cache.invalidate(payload),
    listening: (on) => cache.setListening(on),
  });
  cache.attach(listener);
  return listener;
}
