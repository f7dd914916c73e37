import { z } from 'zod';
import { ERROR_CODES, type ErrorCode } from './error-codes.ts';

/** The error answer every route shares (codes and statuses: error-codes.ts, free of zod for the client). */
export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES as [ErrorCode, ...ErrorCode[]]),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  request_id: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;
