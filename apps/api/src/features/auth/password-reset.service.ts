import { and, eq, gt, isNull } from 'drizzle-orm';
import { passwordResetTokens, sessions, users } from '@enamel/db';
import { z } from 'zod';
import { isLocale, LOCALES, type Locale } from '@enamel/contracts';
import type { Deps } from '../../core/context.ts';
import { invalid } from '../../core/errors.ts';
import { defineJob } from '../../core/jobs/index.ts';
import { translate } from '../../core/i18n.ts';
import { checkNewPassword, hashPassword } from '../../core/passwords.ts';
import { randomToken, safeEqual, sha256 } from '../../core/tokens.ts';
import { findUserByEmail } from './auth.service.ts';
import { fullName } from '../users/index.ts';

export const RESET_TOKEN_MINUTES = 60;

/**
 * Forgot password, the part done before answering: the throttles and the job queued, the same for any email.
 * Everything that depends on the account happens in the job (`mailResetLink`), so neither the answer nor its
 * timing tells whether the account exists.
 */
export async function requestResetLink(deps: Deps, input: { email: string; ip: string; locale: Locale }): Promise<void> {
  await deps.throttle.hit(`forgot:ip:${input.ip}`, deps.limits.forgotPerIp);
  await deps.throttle.hit(`forgot:account:${input.email.trim().toLowerCase()}`, deps.limits.forgotPerAccount);
  await passwordResetJob.send(deps, { email: input.email, locale: input.locale });
}

/** The reset link's mail: looked up and sent by whichever instance takes the job. */
export const passwordResetJob = defineJob({
  queue: 'password-reset-mail',
  payload: z.object({ email: z.string(), locale: z.enum(LOCALES) }),
  handler: ({ email, locale }, { deps }) => mailResetLink(deps, email, locale),
});

/** Mails a reset link when the account exists and is active, in the user's language (else the request's). Only the newest link works. */
export async function mailResetLink(deps: Deps, email: string, requestLocale: Locale = 'en'): Promise<void> {
  const user = await findUserByEmail(deps, email);
  if (!user || user.status !== 'active') return;
  const token = randomToken(32);
  await deps.db.transaction(async (tx) => {
    await tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    await tx.insert(passwordResetTokens).values({
      userId: user.id,
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60 * 1000),
    });
  });
  const locale = isLocale(user.locale) ? user.locale : requestLocale;
  const link = `${deps.config.appUrl}/reset-password/${token}?email=${encodeURIComponent(user.email)}`;
  const name = fullName(user) || user.email;
  await deps.mailer.send({ to: user.email, subject: translate(locale, 'mail.reset_subject'), text: translate(locale, 'mail.reset_body', { name, link }) });
}

/** Sets a new password from a valid link: single use, 60 minutes, and every session of the user ends. */
export async function resetPassword(deps: Deps, input: { email: string; token: string; password: string; password_confirmation: string }) {
  checkNewPassword(input.password, input.password_confirmation);
  const user = await findUserByEmail(deps, input.email);
  if (!user || user.status !== 'active') throw invalid('email', 'auth.reset_token_invalid');
  const passwordHash = await hashPassword(input.password);
  const done = await deps.db.transaction(async (tx) => {
    const candidates = await tx
      .select()
      .from(passwordResetTokens)
      .where(and(eq(passwordResetTokens.userId, user.id), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
      .for('update');
    const match = candidates.find((c) => safeEqual(c.tokenHash, sha256(input.token)));
    if (!match) return false;
    await tx.update(passwordResetTokens).set({ usedAt: new Date() }).where(eq(passwordResetTokens.id, match.id));
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    return true;
  });
  if (!done) throw invalid('email', 'auth.reset_token_invalid');
  return user.id;
}
