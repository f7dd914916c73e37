import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { activityLogs } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { fileTestApp } from './test-app.ts';

const t = fileTestApp();

describe('activity log', () => {
  it('records login, failed login, profile changes (without secrets) and logout', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    await new Agent(t.app, '10.20.30.40').post('/login', { email: user.email, password: 'wrong-password' });
    const agent = new Agent(t.app, '10.20.30.41');
    await agent.login(user.email, user.password);
    await agent.post('/api/profile', { name: 'Renamed Person', email: user.email, locale: 'fr' });
    await agent.post('/api/profile/password', { current_password: user.password, password: 'Enamel-Rocks-42', password_confirmation: 'Enamel-Rocks-42' });
    await agent.post('/logout');

    const rows = await t.database.db.select().from(activityLogs).where(eq(activityLogs.userEmail, user.email)).orderBy(activityLogs.id);
    expect(rows.map((r) => r.action)).toEqual(['login_failed', 'login', 'update', 'password_changed', 'logout']);
    expect(rows[0]).toMatchObject({ userId: null, ip: '10.20.30.40', subject: 'User' });
    expect(rows[1]).toMatchObject({ userId: user.id, ip: '10.20.30.41', subjectId: String(user.id) });
    expect(rows[2]!.before).toEqual({ firstname: 'Test', lastname: 'User', locale: 'en' });
    expect(rows[2]!.after).toEqual({ firstname: 'Renamed', lastname: 'Person', locale: 'fr' });
    expect(JSON.stringify(rows)).not.toContain('Enamel-Rocks-42');
    expect(JSON.stringify(rows)).not.toContain('argon2');
  });

  it('lists entries newest first for a Super Admin; a practice reader sees only their practices’ entries; others get 403', async () => {
    const admin = await createUser(t.database.db, { role: 'Super Admin' });
    const agent = new Agent(t.app);
    await agent.login(admin.email, admin.password);
    const filters = encodeURIComponent(JSON.stringify([{ field: 'user_email', condition: 'equal', value: admin.email }]));
    const list = (await agent.get(`/api/admin/list/logs?column_filters=${filters}`)).json();
    expect(list.data[0]).toMatchObject({ action: 'login', subject: 'User', user_email: admin.email });
    expect(list.meta.total).toBe(1);

    const practice = await createPractice(t.database.db);
    const manager = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
    const managerAgent = new Agent(t.app);
    await managerAgent.login(manager.email, manager.password);
    const seen = (await managerAgent.get('/api/admin/list/logs?pagesize=100')).json();
    expect(seen.data.every((r: { dental_practice_id: number | null }) => r.dental_practice_id === practice.id)).toBe(true);

    // Entries name their practice, and can be searched by its name.
    await agent.post(`/api/dental-practice/update/${practice.id}`, { name: `Harbour Dental ${practice.id}`, code: practice.code, time_zone: 'UTC', currency: 'GBP' });
    const named = (await agent.get(`/api/admin/list/logs?search=${encodeURIComponent(`Harbour Dental ${practice.id}`)}`)).json();
    expect(named.data[0]).toMatchObject({ dental_practice_id: practice.id, dental_practice_name: `Harbour Dental ${practice.id}`, subject: 'DentalPractice', action: 'update' });

    const viewer = await createUser(t.database.db, { role: 'Viewer' });
    const viewerAgent = new Agent(t.app);
    await viewerAgent.login(viewer.email, viewer.password);
    expect((await viewerAgent.get('/api/admin/list/logs')).statusCode).toBe(403);
  });
});
