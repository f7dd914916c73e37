import type { z } from 'zod';

// Free of zod at run time (types only): the web's form kit imports it next to the schemas it is given.

type Issue = z.core.$ZodIssue;

/** Refinements name their message with `params: { kind }` (see the schemas in this package). */
const CUSTOM_KINDS = ['time_zone', 'currency', 'decimal', 'positive', 'gtin', 'date', 'date_time', 'nul', 'nothing_to_change'] as const;
type CustomKind = (typeof CUSTOM_KINDS)[number];
const CUSTOM_KIND_SET = new Set<string>(CUSTOM_KINDS);

/** The message keys a validation failure is told with (the `validation` messages of the API and of the web). */
export type ValidationMessageKey =
  | 'validation.required'
  | 'validation.invalid_type'
  | 'validation.email'
  | 'validation.too_short'
  | 'validation.too_long'
  | 'validation.unknown_field'
  | 'validation.invalid_value'
  | 'validation.invalid'
  | `validation.${CustomKind}`;

/** One message about a field, to translate: its key and the key's parameters (`{{min}}`, `{{max}}`). */
export interface ValidationMessage {
  key: ValidationMessageKey;
  params?: Record<string, string | number>;
}

/** Messages per field, keyed by the dotted path of the field (`items.0.quantity`; `_` for the body itself). */
export type ValidationMessages = Record<string, ValidationMessage[]>;

/** The value at a path of some data, or undefined when the path leads nowhere. */
export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}

/** Where a JSON value holds a NUL character (U+0000), in a string or a key: PostgreSQL text cannot store it. */
export function nulPaths(value: unknown, path: PropertyKey[] = []): PropertyKey[][] {
  if (typeof value === 'string') return value.includes('\u0000') ? [path] : [];
  if (value === null || typeof value !== 'object') return [];
  const out: PropertyKey[][] = [];
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) out.push([...path, key]);
    else out.push(...nulPaths(child, [...path, Array.isArray(value) ? Number(key) : key]));
  }
  return out;
}

/**
 * A request part (body, query, params) checked against its schema the way the API checks it: the
 * schema's issues, and a NUL character anywhere in the data refused (PostgreSQL cannot store one,
 * and no field of ours means it). The web checks a form's body with the same function before sending it.
 */
export function checkRequest<S extends z.ZodType>(schema: S, data: unknown): { success: true; data: z.output<S> } | { success: false; issues: Issue[] } {
  const nul: Issue[] = nulPaths(data).map((path) => ({ code: 'custom', path, message: 'NUL character', params: { kind: 'nul' }, input: undefined }));
  const result = schema.safeParse(data);
  if (result.success && !nul.length) return { success: true, data: result.data };
  const onNul = new Set(nul.map((i) => i.path.join('.')));
  const others = result.success ? [] : result.error.issues.filter((i) => !onNul.has(i.path.join('.')));
  return { success: false, issues: [...nul, ...others] };
}

/** Maps zod issues to localisable field messages, keyed by the dotted path of the field. */
export function issuesToFieldErrors(issues: readonly Issue[], missingValue: (path: PropertyKey[]) => boolean): ValidationMessages {
  const out: ValidationMessages = {};
  const add = (field: string, entry: ValidationMessage) => {
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
        add(field, { key: kind && CUSTOM_KIND_SET.has(kind) ? (`validation.${kind as CustomKind}` as const) : 'validation.invalid' });
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

/** A schema whose input is `Input` (a request body's type), for code that takes a contract's schema without importing zod. */
export type InputSchema<Input> = z.ZodType<unknown, Input>;

/** What a schema takes (a request body as sent, before the schema's defaults and transforms). */
export type InputOf<S extends z.ZodType> = z.input<S>;
