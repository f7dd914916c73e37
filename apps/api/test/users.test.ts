import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { roles, users } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { signedInUser, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let roleId: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  roleId = Object.fromEntries((await t.database.db.select().from(roles)).map((r) => [r.name, r.id]));
});
afterAll(async () => t.close());

const signedIn = (role: string, practiceIds: number[] = []) => signedInUser(t, { role, practiceIds });

const body = (email: string, extra: Record<string, unknown> = {}) => ({
  firstname: 'Nadia',
  lastname: 'Rahman',
  email,
  locale: 'bn',
  status: 'active',
  role_ids: [roleId['Clinical Staff']],
  dental_practice_ids: [] as number[],
  password: 'Periodontal-Probe-8',
  password_confirmation: 'Periodontal-Probe-8',
  ...extra,
});

describe('users', () => {
  it('a Super Admin creates a user with a role and practice; the user signs in and gets scoped abilities', async () => {
    const practice = await createPractice(t.database.db);
    const { agent } = await signedIn('Super Admin');
    const res = await agent.post('/api/user/create', body('nadia@example.test', { dental_practice_ids: [practice.id] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Nadia Rahman', roles: [{ name: 'Clinical Staff' }], dental_practices: [{ id: practice.id }], status: 'active' });
    expect(JSON.stringify(res.json())).not.toContain('argon2');
    const nadia = new Agent(t.app);
    await nadia.login('nadia@example.test', 'Periodontal-Probe-8');
    const rules = (await nadia.get('/api/abilities')).json();
    expect(rules).toContainEqual({ action: 'create', subject: 'Procedure', conditions: { dentalPracticeId: { $in: [practice.id] } } });
  });

  it('lists users with the list engine; a manager sees only users of their practices', async () => {
    const a = await createPractice(t.database.db);
    const b = await createPractice(t.database.db);
    const inA = await createUser(t.database.db, { role: 'Viewer', practiceIds: [a.id] });
    const inB = await createUser(t.database.db, { role: 'Viewer', practiceIds: [b.id] });
    const { agent } = await signedIn('Practice Manager', [a.id]);
    const list = (await agent.get('/api/admin/list/users?pagesize=100')).json();
    const ids = list.data.map((u: { id: number }) => u.id);
    expect(ids).toContain(inA.id);
    expect(ids).not.toContain(inB.id);
    expect(list.data.find((u: { id: number }) => u.id === inA.id)).toMatchObject({ roles: 'Viewer', dental_practices: a.name });
    expect((await agent.get(`/api/user/${inB.id}`)).statusCode).toBe(404);
    expect((await agent.post('/api/user/update', { ...body(inB.email, { id: inB.id, dental_practice_ids: [a.id] }) })).statusCode).toBe(404);
    expect((await agent.post('/api/user/delete', { id: inB.id })).statusCode).toBe(404);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, inB.id));
    expect(row!.status).toBe('active');
  });

  it('a manager may not grant Super Admin nor assign a practice they do not manage', async () => {
    const a = await createPractice(t.database.db);
    const b = await createPractice(t.database.db);
    const { agent } = await signedIn('Practice Manager', [a.id]);
    const before = (await t.database.db.select({ n: count() }).from(users))[0]!.n;
    const boss = await agent.post('/api/user/create', body('boss@example.test', { role_ids: [roleId['Super Admin']], dental_practice_ids: [a.id] }));
    expect(boss.statusCode).toBe(422);
    expect(boss.json().errors).toEqual({ role_ids: ['You cannot assign a role with more rights than your own.'] });
    const other = await agent.post('/api/user/create', body('other@example.test', { dental_practice_ids: [b.id] }));
    expect(other.json().errors).toEqual({ dental_practice_ids: ['You can only assign practices you manage.'] });
    const none = await agent.post('/api/user/create', body('none@example.test'));
    expect(none.json().errors).toEqual({ dental_practice_ids: ['You can only assign practices you manage.'] });
    expect((await t.database.db.select({ n: count() }).from(users))[0]!.n).toBe(before);
    const ok = await agent.post('/api/user/create', body('staff@example.test', { dental_practice_ids: [a.id] }));
    expect(ok.statusCode).toBe(201);
  });

  it('a manager renames a user of their practice; deactivating signs the user out; nobody deactivates themselves', async () => {
    const a = await createPractice(t.database.db);
    const inA = await createUser(t.database.db, { role: 'Viewer', practiceIds: [a.id] });
    const { agent, user: manager } = await signedIn('Practice Manager', [a.id]);
    const res = await agent.post(`/api/user/update/${inA.id}`, { ...body(inA.email, { firstname: 'Renamed', dental_practice_ids: [a.id], role_ids: [roleId.Viewer] }), password: undefined, password_confirmation: undefined });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.dental_practices.map((p: { id: number }) => p.id)).toEqual([a.id]);
    expect(res.json().data.firstname).toBe('Renamed');

    const session = new Agent(t.app);
    await session.login(inA.email, inA.password);
    expect((await agent.post('/api/user/delete', { id: inA.id })).json().data.status).toBe('inactive');
    expect((await session.get('/api/user')).statusCode).toBe(401);
    const self = await agent.post('/api/user/delete', { id: manager.id });
    expect(self.statusCode).toBe(422);
  });

  it('clinical staff and viewers cannot manage users', async () => {
    const { agent } = await signedIn('Clinical Staff');
    expect((await agent.get('/api/admin/list/users')).statusCode).toBe(403);
    expect((await agent.post('/api/user/create', body('x@example.test'))).statusCode).toBe(403);
  });

  it('refuses bad input with field messages', async () => {
    const { agent } = await signedIn('Super Admin');
    const cases: Array<[Record<string, unknown>, string]> = [
      [body('not-an-email'), 'email'],
      [body('a1@example.test', { password_confirmation: 'different-1234' }), 'password_confirmation'],
      [body('a2@example.test', { role_ids: [999999] }), 'role_ids'],
      [body('a3@example.test', { dental_practice_ids: [999999] }), 'dental_practice_ids'],
      [body('a4@example.test', { role_ids: 'admin' }), 'role_ids'],
      [body('a5@example.test', { firstname: '' }), 'firstname'],
      [body('a6@example.test', { password: 'short', password_confirmation: 'short' }), 'password'],
    ];
    for (const [input, field] of cases) {
      const res = await agent.post('/api/user/create', input);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
  });
});
