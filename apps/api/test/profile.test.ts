import { describe, expect, it } from 'vitest';
import { Agent } from './agent.ts';
import { createUser } from './factories.ts';
import { fileTestApp } from './test-app.ts';

const t = fileTestApp();

describe('profile', () => {
  it('changes name, email and language, and sets the locale cookie', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const email = `new-${user.email}`;
    const res = await agent.post('/api/profile', { name: 'Grace  Brewster Hopper', email, locale: 'pt-BR' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Grace Brewster Hopper', firstname: 'Grace', lastname: 'Brewster Hopper', email, locale: 'pt-BR' });
    expect(res.cookies.find((c) => c.name === 'locale')).toMatchObject({ value: 'pt-BR', maxAge: 365 * 86400 });
    expect((await agent.get('/api/user')).json().data.email).toBe(email);
  });

  it('refuses an email another user has (case-insensitively), and changes nothing', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const other = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const res = await agent.post('/api/profile', { name: 'Someone Else', email: other.email.toUpperCase(), locale: 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['This email address is already in use.'] });
    expect((await agent.get('/api/user')).json().data).toMatchObject({ email: user.email, name: 'Test User' });
  });

  it('needs the current password to change the password; other sessions end, this one stays', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    const phone = new Agent(t.app);
    await agent.login(user.email, user.password);
    await phone.login(user.email, user.password);
    const wrong = await agent.post('/api/profile/password', { current_password: 'nope-nope-nope', password: 'Enamel-Rocks-42', password_confirmation: 'Enamel-Rocks-42' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ current_password: ['The current password is incorrect.'] });
    expect((await phone.get('/api/user')).statusCode).toBe(200);

    const ok = await agent.post('/api/profile/password', { current_password: user.password, password: 'Enamel-Rocks-42', password_confirmation: 'Enamel-Rocks-42' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ success: true, message: 'Password successfully changed.' });
    expect((await agent.get('/api/user')).statusCode).toBe(200);
    expect((await phone.get('/api/user')).statusCode).toBe(401);
    expect((await new Agent(t.app).post('/login', { email: user.email, password: 'Enamel-Rocks-42' })).statusCode).toBe(200);
  });

  it('verify-password confirms the right password and refuses a wrong one', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    expect((await agent.post('/api/user/verify-password', { password: user.password })).statusCode).toBe(200);
    const bad = await agent.post('/api/user/verify-password', { password: 'wrong-wrong' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ password: ['The current password is incorrect.'] });
  });

  it('answers 401 to profile calls without a session', async () => {
    const agent = new Agent(t.app);
    expect((await agent.post('/api/profile', { name: 'A', email: 'a@example.test', locale: 'en' })).statusCode).toBe(401);
    expect((await agent.post('/api/profile/password', { current_password: 'x', password: 'Enamel-Rocks-42', password_confirmation: 'Enamel-Rocks-42' })).statusCode).toBe(401);
  });
});
