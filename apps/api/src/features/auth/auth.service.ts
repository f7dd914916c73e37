import { eq, sql } from 'drizzle-orm';
import { users, type UserRow } from '@enamel/db';
import type { Deps } from '../../core/context.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { dummyPasswordHash, verifyPassword } from '../../core/passwords.ts';

export async function findUserByEmail(deps: Deps, email: string): Promise<UserRow | undefined> {
  const [user] = await deps.db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.trim().toLowerCase()))
    .limit(1);
  return user;
}

/**
 * Checks credentials under both throttles (per IP, per account). Unknown email, wrong
 * password and inactive account all answer the same 422, in about the same time.
 */
export async function checkCredentials(deps: Deps, email: string, password: string, ip: string): Promise<UserRow> {
  const account = `login:account:${email.trim().toLowerCase()}`;
  await deps.throttle.hit(`login:ip:${ip}`, deps.limits.loginPerIp);
  await deps.throttle.check(account, deps.limits.loginPerAccount);
  const user = await findUserByEmail(deps, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok || user.status !== 'active') {
    await deps.throttle.hit(account, deps.limits.loginPerAccount).catch(() => undefined);
    throw invalid('email', 'auth.failed');
  }
  await deps.throttle.clear(account);
  return user;
}

export { AppError };
