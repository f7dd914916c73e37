import type { TFunction } from 'i18next';
import { checkRequest, issuesToFieldErrors, valueAt, type InputSchema } from '@enamel/contracts';
import type { FieldErrors } from '../core/errors.ts';

/** A contract's zod body schema, taking `Body`. */
export type BodySchema<Body> = InputSchema<Body>;

/**
 * A form's request with the contract's body schema: `toBody` maps the form's values (text, mostly) to
 * the body the API takes; the body is checked with the schema the API checks it with, and sent only
 * when it passes. Made by `contractCall`, which types the body by the schema.
 */
export interface ContractCall<Values, Result> {
  /** The messages that refuse the values' body, or the request sending it. */
  prepare: (values: Values, t: TFunction) => { refused: FieldErrors } | { send: () => Promise<Result> };
}

export function contractCall<Values, Body, Result>(schema: BodySchema<Body>, toBody: (values: Values) => NoInfer<Body>, send: (body: NoInfer<Body>) => Promise<Result>): ContractCall<Values, Result> {
  return {
    prepare: (values, t) => {
      const body = toBody(values);
      const refused = bodyFieldErrors(schema, body, t);
      return refused ? { refused } : { send: () => send(body) };
    },
  };
}

/**
 * Checks whose answer depends on the runtime: the time zones and currencies known are the JavaScript
 * engine's (Intl), and a browser's list may lack one the server's has. The form never refuses what the
 * server accepts, so these are left to the server (its 422 shows the same way).
 */
const SERVER_JUDGES = new Set(['time_zone', 'currency']);

/**
 * What the API would answer a body with, in the interface language: per-field messages (the server's own
 * `validation.*` messages, from the same zod issues by the same mapping), or null when the body passes.
 */
export function bodyFieldErrors(schema: BodySchema<unknown>, body: unknown, t: TFunction): FieldErrors | null {
  const result = checkRequest(schema, body);
  if (result.success) return null;
  const issues = result.issues.filter((issue) => !(issue.code === 'custom' && SERVER_JUDGES.has((issue.params as { kind?: string } | undefined)?.kind ?? '')));
  if (issues.length === 0) return null;
  const messages = issuesToFieldErrors(issues, (path) => valueAt(body, path) === undefined);
  return Object.fromEntries(Object.entries(messages).map(([field, list]) => [field, list.map((m) => t(m.key, m.params ?? {}))]));
}
