import type { Database, DatabaseHandle } from '@enamel/db';
import type { Config } from '../env.ts';
import type { Mailer } from './mail.ts';
import type { AuthUser, Session, SessionStore } from './sessions.ts';
import type { Throttle } from './throttle.ts';
import type { AppAbility } from './abilities.ts';
import type { JobQueue } from './jobs/queue.ts';
import type { AuthCache } from './auth-cache.ts';
import type { ApiTokenPrincipal } from './api-token-auth.ts';

/** What every feature may use: built once in app.ts, reached through `app.deps`. */
export interface Deps {
  db: Database;
  /** Which database runs underneath, and (embedded only) its consistent snapshot for backups. */
  database: Pick<DatabaseHandle, 'kind' | 'snapshot'>;
  config: Config;
  mailer: Mailer;
  sessions: SessionStore;
  /** Sessions, abilities and role names held in process; the database's triggers invalidate them (auth-cache.ts). */
  auth: AuthCache;
  throttle: Throttle;
  limits: AuthLimits;
  /** The database job queue (pg-boss): every background job (src/jobs.ts). */
  jobs: JobQueue;
}

export interface AuthLimits {
  loginPerIp: { max: number; windowSeconds: number };
  loginPerAccount: { max: number; windowSeconds: number };
  forgotPerIp: { max: number; windowSeconds: number };
  forgotPerAccount: { max: number; windowSeconds: number };
  /** Requests one API token may make (API_TOKEN_RATE_LIMIT per minute). */
  apiToken: { max: number; windowSeconds: number };
  /** Backups asked for over HTTP (all users together): each one writes a file. */
  backups: { max: number; windowSeconds: number };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    /** Every route registered, as "METHOD /url" (the permission matrix test checks each is classified). */
    routeTable: string[];
  }
  interface FastifyRequest {
    session: Session | null;
    /** A session cookie was sent but its session is gone (expired, logged out elsewhere). */
    sessionExpired: boolean;
    user: AuthUser | null;
    /** The API token the request came with (`Authorization: Bearer`); `user` is then its creator, `session` null. */
    apiToken: ApiTokenPrincipal | null;
    /** Taken by `abilityFor` from the auth cache (built once per user until a change is announced). */
    ability: AppAbility | null;
  }
}
