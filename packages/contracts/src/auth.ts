import { z } from 'zod';
import { LOCALES } from './locales.ts';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX, PASSWORD_MIN } from './auth-limits.ts';

const email = z.string().trim().min(1).max(EMAIL_MAX).email();
const password = z.string().min(1).max(PASSWORD_MAX);
const newPassword = z.string().min(PASSWORD_MIN).max(PASSWORD_MAX);

/** POST /login */
export const loginBodySchema = z.strictObject({
  email,
  password,
  remember: z.boolean().optional().default(false),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/forget-password */
export const forgotPasswordBodySchema = z.strictObject({ email });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

/** POST /api/reset-password */
export const resetPasswordBodySchema = z.strictObject({
  email,
  token: z.string().min(1).max(200),
  password: newPassword,
  password_confirmation: z.string().max(PASSWORD_MAX),
});
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

/** The signed-in user as the client sees it. */
export const currentUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  locale: z.enum(LOCALES),
  roles: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** GET /api/user */
export const getUserResponseSchema = z.object({ success: z.literal(true), data: currentUserSchema });

/** POST /api/profile: name, email and language of the signed-in user. */
export const updateProfileBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(NAME_MAX),
  email,
  locale: z.enum(LOCALES),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBodySchema>;

/** POST /api/profile/password */
export const changePasswordBodySchema = z.strictObject({
  current_password: password,
  password: newPassword,
  password_confirmation: z.string().max(PASSWORD_MAX),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

/** POST /api/user/verify-password: checks the signed-in user's password (before sensitive steps). */
export const verifyPasswordBodySchema = z.strictObject({ password });

export const messageResponseSchema = z.object({ success: z.boolean(), message: z.string() });
