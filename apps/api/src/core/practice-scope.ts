import { subject as asSubject } from '@casl/ability';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Action, Subject } from '@enamel/contracts';
import { dentalPractices, type Database } from '@enamel/db';
import type { AppAbility } from './abilities.ts';
import { AppError } from './errors.ts';
import { abilityFor } from './guards.ts';
import type { Tx } from './transaction.ts';

/**
 * Which practices a user may act in for (action, subject): 'all' when a rule without
 * conditions allows it, else the practice ids named by the rules' `dentalPracticeId.$in`.
 * Lists filter by this before anything else; detail calls check the record against it.
 */
export function practiceScope(ability: AppAbility, action: Action, subject: Subject): 'all' | number[] {
  const ids = new Set<number>();
  for (const rule of ability.rulesFor(action, subject)) {
    if (rule.inverted) continue;
    const conditions = rule.conditions as { dentalPracticeId?: { $in?: unknown } } | undefined;
    if (!conditions) return 'all';
    const list = conditions.dentalPracticeId?.$in;
    if (Array.isArray(list)) for (const id of list) if (typeof id === 'number') ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * For a record of practice `practiceId`: 404 when the user cannot even read that practice's
 * records (do not reveal it exists), 403 when they can read but not do `action`.
 */
export function ensurePracticeAccess(ability: AppAbility, action: Action, subject: Subject, practiceId: number): void {
  const inScope = (scope: 'all' | number[]) => scope === 'all' || scope.includes(practiceId);
  if (!inScope(practiceScope(ability, 'read', subject))) throw new AppError('not_found');
  if (!inScope(practiceScope(ability, action, subject))) throw new AppError('forbidden');
}

/** Whether `action` is allowed on a `subject` record of practice `practiceId` (CASL decides, "cannot" rules included). */
export function canInPractice(ability: AppAbility, action: Action, subject: Subject, practiceId: number): boolean {
  return ability.can(action, asSubject(subject, { dentalPracticeId: practiceId }) as never);
}

/**
 * A preValidation for installation-wide work (the scheduler's jobs touch every practice): only a rule
 * without practice conditions allows it — a manager of some practices may not run or change them.
 */
export function authorizeInstallation(action: Action, subject: Subject) {
  return async (request: FastifyRequest) => {
    const ability = await abilityFor(request);
    if (!ability.can(action, subject) || practiceScope(ability, action, subject) !== 'all') throw new AppError('forbidden');
  };
}

/**
 * Whether `action` on `subject` is allowed in every active practice — what an organisation-wide record (one that
 * affects every practice, e.g. an organisation webhook subscription) needs, the rule of user grants (canInPractice
 * for every practice it would affect). CASL decides per practice ("cannot" rules included); with no active
 * practice, only a rule without practice conditions allows it. In a write's transaction, pass `lock`: the active
 * practices are read with a share lock, so none is activated or deactivated until the write commits.
 */
export async function canInEveryPractice(db: Database | Tx, ability: AppAbility, action: Action, subject: Subject, lock = false): Promise<boolean> {
  if (!ability.can(action, subject)) return false;
  const query = db.select({ id: dentalPractices.id }).from(dentalPractices).where(eq(dentalPractices.status, 'active'));
  const active = lock ? await query.for('share') : await query;
  if (active.length === 0) return practiceScope(ability, action, subject) === 'all';
  return active.every(({ id }) => canInPractice(ability, action, subject, id));
}

/**
 * For an organisation-wide record: 404 when the user cannot read such records in every active practice (do not
 * reveal it exists), 403 when they can read but not do `action` everywhere.
 */
export async function ensureOrganisationAccess(db: Database | Tx, ability: AppAbility, action: Action, subject: Subject, lock = false): Promise<void> {
  if (!(await canInEveryPractice(db, ability, 'read', subject, lock))) throw new AppError('not_found');
  if (action !== 'read' && !(await canInEveryPractice(db, ability, action, subject, lock))) throw new AppError('forbidden');
}
