import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

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

/** Like fastify-type-provider-zod's compiler, but keeps the raw zod issues (we translate them). */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = schema.safeParse(data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues, data) };
  };

export function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let node = data;
  for (const key of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<PropertyKey, unknown>)[key];
  }
  return node;
}
