import { eq } from 'drizzle-orm';
import { dentalPractices, roles, userPractices, userRoles, users, type Database } from '@enamel/db';
import { hashPassword } from '../src/core/passwords.ts';

let seq = 0;
const next = () => `${process.pid}-${Date.now().toString(36)}-${++seq}`;

export const DEFAULT_PASSWORD = 'Tooth-Fairy-2026!';

/** A practice of its own for each test. */
export async function createPractice(db: Database, overrides: Partial<typeof dentalPractices.$inferInsert> = {}) {
  const n = next();
  const [row] = await db
    .insert(dentalPractices)
    .values({ name: `Practice ${n}`, code: `P-${n}`.slice(0, 32), ...overrides })
    .returning();
  return row!;
}

export async function createUser(
  db: Database,
  options: { role?: string; practiceIds?: number[]; password?: string; email?: string; status?: string; locale?: string } = {},
) {
  const email = options.email ?? `user-${next()}@example.test`;
  const [user] = await db
    .insert(users)
    .values({
      firstname: 'Test',
      lastname: 'User',
      email,
      passwordHash: await hashPassword(options.password ?? DEFAULT_PASSWORD),
      status: options.status ?? 'active',
      locale: options.locale ?? 'en',
    })
    .returning();
  if (options.role) {
    const [role] = await db.select().from(roles).where(eq(roles.name, options.role));
    if (!role) throw new Error(`unknown role ${options.role}`);
    await db.insert(userRoles).values({ userId: user!.id, roleId: role.id });
  }
  if (options.practiceIds?.length) {
    await db.insert(userPractices).values(options.practiceIds.map((id) => ({ userId: user!.id, dentalPracticeId: id })));
  }
  return { ...user!, password: options.password ?? DEFAULT_PASSWORD };
}
