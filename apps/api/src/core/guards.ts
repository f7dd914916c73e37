import type { FastifyRequest } from 'fastify';
import type { Action, Subject } from '@enamel/contracts';
import { loadRules, type AppAbility } from './abilities.ts';
import { AppError } from './errors.ts';
import type { AuthUser, Session } from './sessions.ts';

/** The signed-in user, or a 401. */
/** The signed-in user (or, with an API token, the token's creator: its rights are the token's), or a 401. */
export function requireUser(request: FastifyRequest): { user: AuthUser; session: Session | null } {
  if (!request.user || (!request.session && !request.apiToken)) throw new AppError('unauthenticated');
  return { user: request.user, session: request.session };
}

/** The signed-in user's ability: built once per user and kept until the database announces a change (auth-cache.ts). */
export async function abilityFor(request: FastifyRequest): Promise<AppAbility> {
  const { user } = requireUser(request);
  // A token's ability is set with it (api-token-auth.ts): its role in its practices, within its creator's rights.
  if (request.apiToken && request.ability) return request.ability;
  const { auth, db } = request.server.deps;
  request.ability ??= await auth.ability(user.id, () => loadRules(db, user.id));
  return request.ability;
}

/** A preHandler that answers 401 without a session and 403 when no rule allows the action at all. */
export function authorize(action: Action, subject: Subject) {
  return async (request: FastifyRequest) => {
    const ability = await abilityFor(request);
    if (!ability.can(action, subject)) throw new AppError('forbidden');
  };
}

export function authenticated() {
  return async (request: FastifyRequest) => {
    requireUser(request);
  };
}
