import { count } from 'drizzle-orm';
import { userRoles, users, type Database } from '@enamel/db';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from '../../core/passwords.ts';
import { randomToken } from '../../core/tokens.ts';
import { roleIdByName } from '../roles/index.ts';

/**
 * On an empty database, creates the first Super Admin from ADMIN_EMAIL / ADMIN_PASSWORD,
 * or with a generated password printed once to the console.
 */
export async function ensureFirstAdmin(
  db: Database,
  options: { email: string | undefined; password: string | undefined; log: FastifyBaseLogger; print?: (line: string) => void },
): Promise<void> {
  const [row] = await db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return;
  const email = (options.email ?? 'admin@enamel.local').toLowerCase();
  const password = options.password ?? randomToken(12);
  const roleId = await roleIdByName(db, 'Super Admin');
  if (!roleId) throw new Error('The Super Admin role is missing: seed roles first');
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    const [user] = await tx.insert(users).values({ firstname: 'Admin', lastname: '', email, passwordHash }).returning({ id: users.id });
    await tx.insert(userRoles).values({ userId: user!.id, roleId });
  });
  options.log.info({ email }, 'first Super Admin created');
  if (!options.password) {
    const print = options.print ?? ((line: string) => process.stdout.write(`${line}\n`));
    print('');
    print('  First Super Admin created. Sign in with:');
    print(`    email:    ${email}`);
    print(`    password: ${password}`);
    print('  This password is shown only once: change it from your profile.');
    print('');
  }
}
