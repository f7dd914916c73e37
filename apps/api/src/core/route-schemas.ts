import { z } from 'zod';
import { errorBodySchema } from '@enamel/contracts';

/** `{id}` path parameter of every record route. */
export const idParams = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

/** The error answers a record route can give (one body shape, see contracts/errors.ts). */
export const recordErrors = { 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema, 419: errorBodySchema, 422: errorBodySchema };

/** `{ success: true, data }`, the single-record answer (docs/client-contract.md#answers). */
export function oneOf<T extends z.ZodType>(schema: T) {
  return z.object({ success: z.literal(true), data: schema });
}
