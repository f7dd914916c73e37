import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { REFUSED_CONDITIONS } from './fixtures/refused-conditions.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await appWithAdmin()));
afterAll(async () => t.close());

describe('roles and permissions', () => {
  it('a new permission in a new role reaches the role’s users on their next abilities load', async () => {
    const perm = await admin.post('/api/permission/create', { name: 'export Report (own practices)', action: 'export', subject: 'Report', conditions: { dentalPracticeId: { $in: '${user.practiceIds}' } } });
    expect(perm.statusCode).toBe(201);
    const role = await admin.post('/api/role/create', { name: 'Report Clerk', description: 'Exports reports', permission_ids: [perm.json().data.id] });
    expect(role.statusCode).toBe(201);
    expect(role.json().data).toMatchObject({ name: 'Report Clerk', permission_ids: [perm.json().data.id], users_count: 0, is_system: false });

    const practice = await createPractice(t.database.db);
    const clerk = await createUser(t.database.db, { role: 'Report Clerk', practiceIds: [practice.id] });
    const agent = new Agent(t.app);
    await agent.login(clerk.email, clerk.password);
    expect((await agent.get('/api/abilities')).json()).toEqual([{ action: 'export', subject: 'Report', conditions: { dentalPracticeId: { $in: [practice.id] } } }]);

    const read = await admin.post('/api/permission/create', { name: 'read Report (all)', action: 'read', subject: 'Report' });
    await admin.post(`/api/role/update/${role.json().data.id}`, { name: 'Report Clerk', permission_ids: [perm.json().data.id, read.json().data.id] });
    expect((await agent.get('/api/abilities')).json()).toContainEqual({ action: 'read', subject: 'Report' });

    const inUse = await admin.post(`/api/role/delete/${role.json().data.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe('1 user(s) still have this role. Give them another role first.');
    const used = await admin.post(`/api/permission/delete/${read.json().data.id}`);
    expect(used.statusCode).toBe(409);
    expect(used.json().message).toContain('Report Clerk');
  });

  it('refuses unknown actions or subjects, bad conditions and duplicate names', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'x1', action: 'fly', subject: 'Report' }, 'action'],
      [{ name: 'x2', action: 'read', subject: 'Patient' }, 'subject'],
      [{ name: 'x3', action: 'read', subject: 'Report', conditions: { dentalPracticeId: { $in: 5 } } }, 'conditions'],
      [{ name: 'x4', action: 'read', subject: 'Report', conditions: 'everything' }, 'conditions'],
      [{ name: 'manage all', action: 'manage', subject: 'all' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api/permission/create', body);
      expect(res.statusCode, field).toBe(422);
      expect(Object.keys(res.json().errors), field).toEqual([field]);
    }
    expect((await admin.post('/api/role/create', { name: 'viewer', permission_ids: [] })).json().errors).toEqual({ name: ['A role with this name already exists.'] });
    expect((await admin.post('/api/role/create', { name: 'Ghost', permission_ids: [987654] })).json().errors).toEqual({ permission_ids: ['One of the permissions does not exist.'] });
  });

  it('permission conditions are limited to what the ability engine enforces: the practices', async () => {
    const existing = await admin.post('/api/permission/create', { name: 'read Report (conditions test)', action: 'read', subject: 'Report' });
    expect(existing.statusCode).toBe(201);
    const id = existing.json().data.id as number;
    for (const [i, conditions] of REFUSED_CONDITIONS.entries()) {
      const created = await admin.post('/api/permission/create', { name: `conditions ${i}`, action: 'read', subject: 'Report', conditions });
      expect(created.statusCode, JSON.stringify(conditions)).toBe(422);
      expect(created.json().errors, JSON.stringify(conditions)).toEqual({
        conditions: ["Conditions may only limit the rule to practices: { dentalPracticeId: { $in: '${user.practiceIds}' } }, or a list of practice ids instead of the placeholder."],
      });
      const updated = await admin.post(`/api/permission/update/${id}`, { name: 'read Report (conditions test)', action: 'read', subject: 'Report', conditions });
      expect(updated.statusCode, JSON.stringify(conditions)).toBe(422);
      expect(Object.keys(updated.json().errors)).toEqual(['conditions']);
    }
    expect((await admin.get(`/api/permission/${id}`)).json().data.conditions).toBeNull();
    const list = (await admin.get('/api/admin/list/permissions?search=conditions%20&pagesize=100')).json().data.map((p: { name: string }) => p.name);
    expect(list).toEqual(['read Report (conditions test)']);

    // The forms the seeded roles use, and a list of practice ids, are accepted.
    const placeholder = await admin.post(`/api/permission/update/${id}`, { name: 'read Report (conditions test)', action: 'read', subject: 'Report', conditions: { dentalPracticeId: { $in: '${user.practiceIds}' } } });
    expect(placeholder.statusCode).toBe(200);
    const practice = await createPractice(t.database.db);
    const fixed = await admin.post('/api/permission/create', { name: 'read Report (one practice)', action: 'read', subject: 'Report', conditions: { dentalPracticeId: { $in: [practice.id] } } });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.json().data.conditions).toEqual({ dentalPracticeId: { $in: [practice.id] } });
  });

  it('lists permissions with their roles; only a Super Admin may change roles or permissions', async () => {
    const list = (await admin.get('/api/admin/list/permissions?search=manage%20all')).json();
    expect(list.data[0]).toMatchObject({ name: 'manage all', roles: 'Super Admin' });
    const manager = await createUser(t.database.db, { role: 'Practice Manager' });
    const agent = new Agent(t.app);
    await agent.login(manager.email, manager.password);
    expect((await agent.get('/api/roles')).statusCode).toBe(200);
    expect((await agent.post('/api/role/create', { name: 'Sneaky', permission_ids: [] })).statusCode).toBe(403);
    expect((await agent.post('/api/permission/create', { name: 'sneaky', action: 'manage', subject: 'all' })).statusCode).toBe(403);
    expect((await agent.get('/api/admin/list/permissions')).statusCode).toBe(403);
  });
});
