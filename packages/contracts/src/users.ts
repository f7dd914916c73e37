import { z } from 'zod';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './auth-limits.ts';
import { LOCALES } from './locales.ts';
import { STATUSES } from './dental-practices.ts';

const ids = z.array(z.number().int().positive()).max(500);

const userFields = {
  firstname: z.string().trim().min(1).max(NAME_MAX),
  lastname: z.string().trim().max(NAME_MAX).default(''),
  email: z.string().trim().min(1).max(EMAIL_MAX).email(),
  locale: z.enum(LOCALES).default('en'),
  status: z.enum(STATUSES).default('active'),
  role_ids: ids,
  dental_practice_ids: ids,
};

/** POST /api/user/create */
export const createUserBodySchema = z.strictObject({
  ...userFields,
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX),
  password_confirmation: z.string().max(PASSWORD_MAX),
});
export type CreateUserBody = z.infer<typeof createUserBodySchema>;

/** POST /api/user/update (id in the body: docs/client-contract.md#paths) or /api/user/update/{id}; password optional. */
export const updateUserBodySchema = z.strictObject({
  id: z.number().int().positive().optional(),
  ...userFields,
  password: z.string().min(PASSWORD_MIN).max(PASSWORD_MAX).optional(),
  password_confirmation: z.string().max(PASSWORD_MAX).optional(),
});
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

/** POST /api/user/delete: deactivates (restorable) and ends the user's sessions. */
export const deleteUserBodySchema = z.strictObject({ id: z.number().int().positive() });

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  locale: z.string(),
  status: z.enum(STATUSES),
  roles: z.array(z.object({ id: z.number().int(), name: z.string() })),
  dental_practices: z.array(z.object({ id: z.number().int(), name: z.string() })),
  last_login_at: z.string().nullable(),
  created_at: z.string(),
  /** Whether the reader may change / deactivate this user (practices and rights within theirs). */
  can_update: z.boolean(),
  can_delete: z.boolean(),
});
export type User = z.infer<typeof userSchema>;
