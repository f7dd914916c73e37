import { z } from 'zod';

/** The secret's recognisable start: `enm_` and 43 URL-safe characters (32 random bytes). */
export const API_TOKEN_PREFIX = 'enm_';
export const API_TOKEN_NAME_MAX = 100;

/** POST /api/api-token/create: the role and practices it acts with (never beyond its creator's rights), an optional expiry. */
export const createApiTokenBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(API_TOKEN_NAME_MAX),
  role_id: z.number().int().positive().max(2_147_483_647),
  dental_practice_ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(500),
  /** An ISO date-time in the future, or null (never expires). */
  expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export type CreateApiTokenBody = z.infer<typeof createApiTokenBodySchema>;

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;

export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the secret (`enm_ab12…`), to tell tokens apart. */
  prefix: z.string(),
  role: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  dental_practices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  created_by: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: z.string().nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to a creation: the token and, this once, its secret. */
export const createdApiTokenSchema = z.object({ success: z.literal(true), data: apiTokenSchema, secret: z.string() });
