import type { AbilityRule, Action, Subject } from '@enamel/contracts';
import { conditionPractices, type AppAbility } from './abilities.ts';

const list = <T>(value: T | readonly T[]): readonly T[] => (Array.isArray(value) ? value : [value as T]);

/**
 * Whether `actor` holds every right that `rules` (another user's rules, practices filled in)
 * grant. Each allowing rule must be allowed by the actor for every record it applies to: the
 * records of each practice its `dentalPracticeId.$in` names, or every record when it has no
 * conditions (or conditions of another form); with at least the same fields. The user's
 * "cannot" rules only take rights away and are not compared. Any "cannot" of the actor that may
 * touch the same records counts against the actor, whatever its place among their rules: the
 * answer errs on the side of "no".
 *
 * Used before anyone changes a user (the user's rights must not exceed the actor's) and for
 * grants (what the user would hold after the change).
 */
export function coversRights(actor: AppAbility, rules: readonly AbilityRule[]): boolean {
  const actorRules = actor.rules as readonly AbilityRule[];
  return rules.every((rule) => {
    if (rule.inverted) return true;
    const practices = rule.conditions ? conditionPractices(rule.conditions) : null;
    const records: Array<number | null> = practices ?? [null];
    return list(rule.action).every((action) =>
      list(rule.subject).every((subject) => records.every((practiceId) => allows(actorRules, action, subject, practiceId, rule.fields))),
    );
  });
}

/**
 * Whether `rules` allow `action` on every record of `subject` in practice `practiceId`
 * (`null`: on every record at all), for every field in `fields` (undefined: all fields).
 */
function allows(rules: readonly AbilityRule[], action: Action, subject: Subject, practiceId: number | null, fields: string[] | undefined): boolean {
  const touches = (rule: AbilityRule) =>
    list(rule.action).some((a) => a === action || a === 'manage' || action === 'manage') &&
    list(rule.subject).some((s) => s === subject || s === 'all' || subject === 'all');
  if (rules.some((rule) => rule.inverted && touches(rule) && appliesTo(rule, practiceId) !== false)) return false;
  return rules.some(
    (rule) =>
      !rule.inverted &&
      list(rule.action).some((a) => a === action || a === 'manage') &&
      list(rule.subject).some((s) => s === subject || s === 'all') &&
      appliesTo(rule, practiceId) === true &&
      (!rule.fields || (fields !== undefined && fields.every((field) => rule.fields!.includes(field)))),
  );
}

/** Whether a rule applies to the records of practice `practiceId` (`null`: to every record); null when only to some. */
function appliesTo(rule: AbilityRule, practiceId: number | null): boolean | null {
  if (!rule.conditions) return true;
  const practices = conditionPractices(rule.conditions);
  if (!practices || practiceId === null) return null;
  return practices.includes(practiceId);
}
