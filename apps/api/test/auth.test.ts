import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { sessions } from '@enamel/db';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { createTestApp, fileTestApp } from './test-app.ts';

const t = fileTestApp();

describe('sign in', () => {
  it('answers 401 with a clear body before signing in', async () => {
    const res = await new Agent(t.app).get('/api/user');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'unauthenticated', message: 'Please sign in to continue.' });
  });

  it('GET /api/csrf-cookie answers 204 and sets a readable XSRF-TOKEN cookie', async () => {
    const res = await new Agent(t.app).get('/api/csrf-cookie');
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(cookie?.httpOnly).toBeFalsy();
    expect(cookie?.sameSite).toBe('Lax');
  });

  it('signs in, returns the user, and starts an HttpOnly session', async () => {
    const practice = await createPractice(t.database.db);
    const user = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
    const agent = new Agent(t.app);
    const anonToken = (await agent.get('/api/csrf-cookie'), agent.cookies.get('XSRF-TOKEN'));
    const res = await agent.post('/login', { email: user.email.toUpperCase(), password: user.password, remember: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: 'Login successfully',
      data: { id: user.id, email: user.email, name: 'Test User', firstname: 'Test', lastname: 'User', roles: ['Practice Manager'] },
    });
    const session = res.cookies.find((c) => c.name === 'enamel_session');
    expect(session?.httpOnly).toBe(true);
    expect(session?.sameSite).toBe('Lax');
    expect(session?.maxAge).toBeUndefined(); // ends with the browser session
    expect(agent.cookies.get('XSRF-TOKEN')).not.toBe(anonToken); // token re-minted for the new session
    const me = await agent.get('/api/user');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ success: true, data: { id: user.id } });
  });

  it('"remember" keeps the session for 30 days', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const res = await new Agent(t.app).post('/login', { email: user.email, password: user.password, remember: true });
    expect(res.cookies.find((c) => c.name === 'enamel_session')?.maxAge).toBe(30 * 24 * 3600);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 24 * 3600 * 1000);
  });

  it('regenerates the session id at login; the old id stops working', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const first = agent.cookies.get('enamel_session')!;
    await agent.login(user.email, user.password);
    const second = agent.cookies.get('enamel_session')!;
    expect(second).not.toBe(first);
    const old = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `enamel_session=${first}` } });
    expect(old.statusCode).toBe(401);
  });

  it('stores only a hash of the session id', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).not.toBe(agent.cookies.get('enamel_session'));
    expect(rows[0]!.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it('wrong password, unknown email and inactive account all get the same 422', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const inactive = await createUser(t.database.db, { role: 'Viewer', status: 'inactive' });
    const bodies = await Promise.all([
      new Agent(t.app).post('/login', { email: user.email, password: 'not-the-password' }),
      new Agent(t.app).post('/login', { email: 'nobody@example.test', password: 'whatever-it-is' }),
      new Agent(t.app).post('/login', { email: inactive.email, password: inactive.password }),
    ]);
    for (const res of bodies) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        code: 'validation_failed',
        message: 'The given data was invalid.',
        errors: { email: ['These credentials do not match our records.'] },
      });
      expect(res.cookies.find((c) => c.name === 'enamel_session')).toBeUndefined();
    }
  });

  it('logs out: 204, the session is gone and the cookie cleared', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const token = agent.cookies.get('enamel_session')!;
    const res = await agent.post('/logout');
    expect(res.statusCode).toBe(204);
    expect(agent.cookies.has('enamel_session')).toBe(false);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
    const replay = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: `enamel_session=${token}` } });
    expect(replay.statusCode).toBe(401);
  });

  it('answers in the language of the locale cookie', async () => {
    const agent = new Agent(t.app);
    agent.cookies.set('locale', 'fr');
    const fr = await agent.post('/login', { email: 'nobody@example.test', password: 'whatever-it-is' });
    expect(fr.statusCode).toBe(422);
    expect(fr.json()).toMatchObject({ message: 'Les données fournies ne sont pas valides.', errors: { email: ['Ces identifiants ne correspondent à aucun compte.'] } });
    agent.cookies.set('locale', 'klingon'); // unknown value: English
    const en = await agent.post('/login', { email: 'nobody@example.test', password: 'whatever-it-is' });
    expect(en.json()).toMatchObject({ message: 'The given data was invalid.' });
  });
});

describe('CSRF (419)', () => {
  it('refuses a write with no token, a wrong token, or a token of another session', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const none = await new Agent(t.app).post('/login', { email: user.email, password: user.password }, { xsrf: false });
    expect(none.statusCode).toBe(419);
    expect(none.json()).toMatchObject({ code: 'csrf_mismatch' });

    const agent = new Agent(t.app);
    await agent.get('/api/csrf-cookie');
    const wrong = await agent.post('/login', { email: user.email, password: user.password }, { headers: { 'x-xsrf-token': 'abc.def' } });
    expect(wrong.statusCode).toBe(419);

    // a cookie and header that match but were minted for another (anonymous) session
    await agent.login(user.email, user.password);
    const other = new Agent(t.app);
    await other.get('/api/csrf-cookie');
    const stolen = other.cookies.get('XSRF-TOKEN')!;
    agent.cookies.set('XSRF-TOKEN', stolen);
    const res = await agent.post('/api/profile', { name: 'X', email: user.email, locale: 'en' });
    expect(res.statusCode).toBe(419);
  });

  it('answers 419 to a write with an expired session, and the next GET hands out a fresh token', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    const res = await agent.post('/api/profile', { name: 'New Name', email: user.email, locale: 'en' });
    expect(res.statusCode).toBe(419);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });
});

describe('CSRF and sessions judge the routed path, not the raw URL', () => {
  it('refuses a percent-encoded /login, forget-password or logout without a token (419), and starts no session', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const login = await new Agent(t.app).post('/%6Cogin', { email: user.email, password: user.password }, { xsrf: false });
    expect(login.statusCode, login.body).toBe(419);
    expect(login.cookies.some((c) => c.name === 'enamel_session' && c.value !== '')).toBe(false);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const forgot = await new Agent(t.app).post('/%61pi/forget-password', { email: user.email }, { xsrf: false });
    expect(forgot.statusCode, forgot.body).toBe(419);

    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const logout = await agent.request('POST', '/%6Cogout', { payload: 'bye', headers: { 'content-type': 'text/plain' }, xsrf: false });
    expect(logout.statusCode, logout.body).toBe(419);
    expect((await agent.get('/api/user')).statusCode).toBe(200); // still signed in
    // The encoded path with a valid token is the same route, and works.
    expect((await agent.post('/%6Cogout')).statusCode).toBe(204);
    expect((await agent.get('/api/user')).statusCode).toBe(401);
  });

  it('reads the session for an encoded API path too', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    const me = await agent.get('/%61pi/user');
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
  });
});

describe('signing in with a stale session cookie', () => {
  /** A client that signed in once, whose session then ended (expired, or removed on the server). */
  async function staleClient(how: 'expired' | 'unknown') {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const agent = new Agent(t.app);
    await agent.login(user.email, user.password);
    if (how === 'expired') await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.userId, user.id));
    else await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    return { user, agent, stale: agent.cookies.get('enamel_session')!, oldToken: agent.cookies.get('XSRF-TOKEN')! };
  }

  it.each(['expired', 'unknown'] as const)('signs in (200) with a %s session cookie and the XSRF token of GET /api/csrf-cookie', async (how) => {
    const { user, agent, stale } = await staleClient(how);
    await agent.get('/api/csrf-cookie');
    agent.cookies.set('enamel_session', stale); // a client that does not drop the cleared cookie
    const res = await agent.post('/login', { email: user.email, password: user.password });
    expect(res.statusCode, res.body).toBe(200);
    expect(agent.cookies.get('enamel_session')).not.toBe(stale);
    expect((await agent.get('/api/user')).json().data.email).toBe(user.email);
  });

  it('signs in with the XSRF token the client kept from its ended session', async () => {
    const { user, agent, stale, oldToken } = await staleClient('expired');
    expect(agent.cookies.get('enamel_session')).toBe(stale);
    const res = await agent.post('/login', { email: user.email, password: user.password }, { headers: { 'x-xsrf-token': oldToken } });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('still refuses login without a valid token, and the old token on any other write', async () => {
    const { user, agent, stale, oldToken } = await staleClient('expired');
    // Each refusal clears the cookies the client then sends again, as a client that ignores that would.
    const asBefore = () => {
      agent.cookies.set('enamel_session', stale);
      agent.cookies.set('XSRF-TOKEN', oldToken);
    };
    expect((await agent.post('/login', { email: user.email, password: user.password }, { xsrf: false })).statusCode).toBe(419);
    asBefore();
    expect((await agent.post('/login', { email: user.email, password: user.password }, { headers: { 'x-xsrf-token': 'abc.def' } })).statusCode).toBe(419);
    // Without the session cookie it was signed for, the old token is one of another session.
    const other = new Agent(t.app);
    other.cookies.set('XSRF-TOKEN', oldToken);
    expect((await other.post('/login', { email: user.email, password: user.password })).statusCode).toBe(419);
    // Only signing in accepts it: another write with a dead session's token is refused.
    asBefore();
    expect((await agent.post('/api/profile', { name: 'X', email: user.email, locale: 'en' })).statusCode).toBe(419);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1); // only the expired one
  });
});

describe('throttling (429)', () => {
  it('locks an account after 10 failed logins, even for the right password', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    for (let i = 0; i < 10; i++) {
      const res = await new Agent(t.app, `10.0.0.${i + 1}`).post('/login', { email: user.email, password: 'wrong-password' });
      expect(res.statusCode).toBe(422);
    }
    const locked = await new Agent(t.app, '10.0.1.1').post('/login', { email: user.email, password: user.password });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/Too many attempts\. Please try again in \d+ seconds\./);
    // Retry-After says the same seconds, for clients and proxies.
    const seconds = Number(/in (\d+) seconds/.exec(locked.json().message)![1]);
    expect(locked.headers['retry-after']).toBe(String(seconds));
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(15 * 60);
  });

  it('limits login attempts per IP', async () => {
    const limited = await createTestApp({ limits: { loginPerIp: { max: 3, windowSeconds: 60 } } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await new Agent(limited.app, '10.9.9.9').post('/login', { email: `x${i}@example.test`, password: 'whatever-it-is' })).statusCode);
      expect(codes).toEqual([422, 422, 422, 429]);
      expect((await new Agent(limited.app, '10.9.9.8').post('/login', { email: 'x@example.test', password: 'whatever-it-is' })).statusCode).toBe(422);
    } finally {
      await limited.close();
    }
  });

  it('takes the per-IP limit from LOGIN_LIMIT_PER_IP (a practice behind one address), 60 when unset', async () => {
    const configured = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '2' } });
    try {
      expect(configured.app.deps.limits.loginPerIp).toEqual({ max: 2, windowSeconds: 15 * 60 });
      const codes = [];
      for (let i = 0; i < 3; i++) codes.push((await new Agent(configured.app, '10.9.8.7').post('/login', { email: `y${i}@example.test`, password: 'whatever-it-is' })).statusCode);
      expect(codes).toEqual([422, 422, 429]);
    } finally {
      await configured.close();
    }
    expect(t.app.deps.limits.loginPerIp).toEqual({ max: 60, windowSeconds: 15 * 60 });
  });
});
