import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { checkRequest } from '@enamel/contracts';

export { valueAt } from '@enamel/contracts';

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
 * character (see checkRequest in the contracts, which the web's forms run too).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const result = checkRequest(schema, data);
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.issues, data) };
  };
