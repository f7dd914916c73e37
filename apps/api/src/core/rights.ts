import { subject as asSubject } from '@casl/ability';
import type { AbilityRule, Action, Subject } from '@enamel/contracts';
import { conditionPractices, type AppAbility } from './abilities.ts';

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value]);

/**
 * Whether `actor` holds every right that `rules` (another user's rules, practices filled in)
 * grant. Each allowing rule must be allowed by the actor for every record it applies to: the
 * records of each practice its `dentalPracticeId.$in` names, or every record when it has no
 * conditions (or conditions of another form); with at least the same fields. Forbidding rules
 * only take rights away and are not compared. It answers "no" whenever a "cannot" of the
 * actor might bite, so it errs on the side of refusing.
 *
 * Used before anyone changes a user (the user's rights must not exceed the actor's) and for
 * grants (what the user would hold after the change).
 */
export function coversRights(actor: AppAbility, rules: readonly AbilityRule[]): boolean {
  return rules.every((rule) => {
    if (rule.inverted) return true;
    const practices = rule.conditions ? conditionPractices(rule.conditions) : null;
    const records: Array<number | null> = practices ?? [null];
    return list(rule.action).every((action) =>
      list(rule.subject).every((subject) => records.every((practiceId) => allows(actor, action, subject, practiceId, rule.fields))),
    );
  });
}

/**
 * Whether the actor may do `action` on every record of `subject` in practice `practiceId`
 * (`null`: on every record at all), for every field in `fields` (undefined: for all fields).
 * CASL's rules for the pair come highest priority first; the first that applies decides.
 */
function allows(actor: AppAbility, action: Action, subject: Subject, practiceId: number | null, fields: string[] | undefined): boolean {
  const record = practiceId === null ? null : asSubject(subject, { dentalPracticeId: practiceId });
  for (const rule of actor.possibleRulesFor(action, subject)) {
    // true / false: whether the rule applies to the record; null: it applies to some records
    // (any conditional rule for "every record", conditions of another form for a practice).
    const applies = !rule.conditions ? true : record && conditionPractices(rule.conditions) ? rule.matchesConditions(record as never) : null;
    if (rule.inverted) {
      if (applies !== false) return false;
      continue;
    }
    if (applies !== true) continue;
    if (!rule.fields || (fields !== undefined && fields.every((field) => rule.matchesField(field)))) return true;
  }
  return false;
}
