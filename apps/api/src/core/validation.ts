import type { z } from 'zod';
import type { FieldErrors } from './errors.ts';
import type { MessageKey } from './i18n.ts';

type Issue = z.core.$ZodIssue;

/** Refinements name their message with `params: { kind }` (see contracts). */
const CUSTOM_KINDS = new Set(['time_zone', 'currency', 'decimal', 'positive', 'gtin', 'date', 'date_time', 'nul', 'nothing_to_change']);

/** Maps zod issues to our localisable field errors, keyed by the dotted path of the field. */
export function issuesToFieldErrors(issues: readonly Issue[], missingValue: (path: PropertyKey[]) => boolean): FieldErrors {
  const out: FieldErrors = {};
  const add = (field: string, entry: FieldErrors[string][number]) => {
    const list = (out[field] ??= []);
    // A format and a refinement may both fail on one value: say it once.
    if (!list.some((e) => e.key === entry.key)) list.push(entry);
  };
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    if (issue.code !== 'unrecognized_keys' && issue.path.length > 0 && missingValue(issue.path)) {
      add(field, { key: 'validation.required' });
      continue;
    }
    switch (issue.code) {
      case 'invalid_type':
        add(field, { key: 'validation.invalid_type' });
        break;
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) <= 1) add(field, { key: 'validation.required' });
        else if (issue.origin === 'string') add(field, { key: 'validation.too_short', params: { min: Number(issue.minimum) } });
        else add(field, { key: 'validation.invalid_value' });
        break;
      case 'too_big':
        if (issue.origin === 'string') add(field, { key: 'validation.too_long', params: { max: Number(issue.maximum) } });
        else add(field, { key: 'validation.invalid_value' });
        break;
      case 'invalid_format':
        add(field, { key: issue.format === 'email' ? 'validation.email' : issue.format === 'date' ? 'validation.date' : issue.format === 'datetime' ? 'validation.date_time' : 'validation.invalid' });
        break;
      case 'unrecognized_keys':
        for (const key of issue.keys) add([...issue.path.map(String), key].join('.'), { key: 'validation.unknown_field' });
        break;
      case 'custom': {
        const kind = (issue.params as { kind?: string } | undefined)?.kind;
        add(field, { key: kind && CUSTOM_KINDS.has(kind) ? (`validation.${kind}` as MessageKey) : 'validation.invalid' });
        break;
      }
      case 'invalid_value':
        add(field, { key: 'validation.invalid_value' });
        break;
      default:
        add(field, { key: 'validation.invalid' });
    }
  }
  return out;
}
