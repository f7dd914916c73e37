import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { nulPaths } from '@enamel/contracts';

/** A request that failed its zod schema; keeps the issues and the data for the error handler. */
export class RequestValidationError extends Error {
  readonly statusCode = 422;
  constructor(
    readonly issues: readonly z.core.$ZodIssue[],
    readonly data: unknown,
  ) {
    super('Request validation failed');
  }
}

/**
 * Like fastify-type-provider-zod's compiler, but keeps the raw zod issues (we translate them). Every
 * request part it validates (body, query, params) is also refused when any text in it holds a NUL
 * character: PostgreSQL cannot store one, and no field of ours means it.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const nul: z.core.$ZodIssue[] = nulPaths(data).map((path) => ({ code: 'custom', path, message: 'NUL character', params: { kind: 'nul' }, input: undefined }));
    const result = schema.safeParse(data);
    if (result.success && !nul.length) return { value: result.data };
    const onNul = new Set(nul.map((i) => i.path.join('.')));
    const others = result.success ? [] : result.error.issues.filter((i) => !onNul.has(i.path.join('.')));
    return { error: new RequestValidationError([...nul, ...others], data) };
  };

export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}
