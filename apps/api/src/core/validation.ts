import type { z } from 'zod';
import { issuesToFieldErrors as mapIssues } from '@enamel/contracts';
import type { FieldErrors } from './errors.ts';

/**
 * Maps zod issues to our localisable field errors, keyed by the dotted path of the field. The mapping
 * lives in the contracts (the web tells a form's errors with it before sending); its `validation.*`
 * keys are all messages of ours, which the return type (FieldErrors: our message keys) checks.
 */
export function issuesToFieldErrors(issues: readonly z.core.$ZodIssue[], missingValue: (path: PropertyKey[]) => boolean): FieldErrors {
  return mapIssues(issues, missingValue);
}
