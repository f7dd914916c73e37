import { createMongoAbility, type MongoAbility } from '@casl/ability';
import type { AbilityRule, Action, Subject } from '@enamel/contracts';
import { api } from './api.ts';
import { onSessionCleared } from './session.ts';

export type AppAbility = MongoAbility<[Action, Subject]>;

/**
 * The interface's permission rules. The UI only hides what the user may not do; the server enforces every
 * rule. Starts empty and is filled after login and on every user refresh (docs/client-contract.md#abilities).
 */
export const ability: AppAbility = createMongoAbility<AppAbility>([]);

export async function loadAbilities(): Promise<void> {
  const { data } = await api.get<AbilityRule[]>('/api/abilities');
  ability.update(Array.isArray(data) ? data : []);
}

export function resetAbilities(): void {
  ability.update([]);
}

// A sign-out empties the rules (the auth store does not import this module: the login screen has no rules).
onSessionCleared(resetAbilities);
