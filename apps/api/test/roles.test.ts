import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from './agent.ts';
import { createPractice } from './factories.ts';
import { signedInUser, createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const signedIn = (role: string, practiceIds: number[] = []) => signedInUser(t, { role, practiceIds });

describe('abilities and roles', () => {
  it('a Super Admin can manage everything', async () => {
    const { agent } = await signedIn('Super Admin');
    expect((await agent.get('/api/abilities')).json()).toEqual([{ action: 'manage', subject: 'all' }]);
  });

  it("practice-scoped rules carry the user's practices", async () => {
    const a = await createPractice(t.database.db);
    const b = await createPractice(t.database.db);
    const { agent } = await signedIn('Clinical Staff', [b.id, a.id]);
    const rules = (await agent.get('/api/abilities')).json<Array<{ action: string; subject: string; conditions?: unknown }>>();
    expect(rules).toContainEqual({ action: 'create', subject: 'Procedure', conditions: { dentalPracticeId: { $in: [a.id, b.id].sort((x, y) => x - y) } } });
    expect(rules).toContainEqual({ action: 'read', subject: 'Product' });
    expect(rules.some((r) => r.action === 'manage' || r.subject === 'User')).toBe(false);
  });

  it('every seeded role exists and GET /api/roles needs read on Role', async () => {
    const admin = await signedIn('Super Admin');
    const res = await admin.agent.get('/api/roles');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { name: string }) => r.name)).toEqual(['Clinical Staff', 'Practice Manager', 'Super Admin', 'Viewer']);
    expect((await (await signedIn('Practice Manager')).agent.get('/api/roles')).statusCode).toBe(200);
    const staff = await signedIn('Clinical Staff');
    const denied = await staff.agent.get('/api/roles');
    expect(denied.statusCode).toBe(403);
    expect(denied.json()).toMatchObject({ code: 'forbidden', message: 'You do not have permission to do this.' });
    expect((await new Agent(t.app).get('/api/roles')).statusCode).toBe(401);
  });

  it('the practice list shows a user only their own practices; a Super Admin sees all', async () => {
    const mine = await createPractice(t.database.db, { name: 'Aaa Mine Dental' });
    const theirs = await createPractice(t.database.db, { name: 'Aaa Their Dental' });
    const manager = await signedIn('Practice Manager', [mine.id]);
    const list = (await manager.agent.get('/api/admin/list/dental-practices?pagesize=100')).json();
    expect(list.data.map((p: { id: number }) => p.id)).toEqual([mine.id]);
    expect(list.meta).toMatchObject({ current_page: 1, total: 1, per_page: 100, from: 1, to: 1, last_page: 1 });
    const admin = await signedIn('Super Admin');
    const all = (await admin.agent.get('/api/admin/list/dental-practices?pagesize=100')).json();
    expect(all.data.map((p: { id: number }) => p.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    expect((await admin.agent.get('/api/admin/list/dental-practices?pagesize=101')).statusCode).toBe(422);
    expect((await admin.agent.get('/api/admin/list/dental-practices?current_page=abc')).statusCode).toBe(422);
  });

  it('notifications start empty', async () => {
    const { agent } = await signedIn('Viewer');
    expect((await agent.get('/api/notifications')).json()).toEqual({ data: [], meta: { unread: 0 } });
    expect((await new Agent(t.app).get('/api/notifications')).statusCode).toBe(401);
  });
});
