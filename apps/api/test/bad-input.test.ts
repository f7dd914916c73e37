import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '@enamel/db';
import { Agent } from './agent.ts';
import { createUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';

let t: TestApp;
let user: Awaited<ReturnType<typeof createUser>>;
let agent: Agent;
beforeAll(async () => {
  t = await createTestApp();
  user = await createUser(t.database.db, { role: 'Viewer' });
  agent = new Agent(t.app);
  await agent.login(user.email, user.password);
});
afterAll(async () => t.close());

const long = 'x'.repeat(5000);
/** Every auth call, a valid body for it, and which field a bad value goes in. */
const calls: Array<{ url: string; valid: Record<string, unknown>; field: string }> = [
  { url: '/api/forget-password', valid: { email: 'someone@example.test' }, field: 'email' },
  { url: '/api/reset-password', valid: { email: 'someone@example.test', token: 'abc', password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7731' }, field: 'password' },
  { url: '/api/profile', valid: { name: 'A Name', email: 'someone@example.test', locale: 'en' }, field: 'name' },
  { url: '/api/profile/password', valid: { current_password: 'whatever', password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7731' }, field: 'password' },
  { url: '/api/user/verify-password', valid: { password: 'whatever' }, field: 'password' },
  { url: '/login', valid: { email: 'someone@example.test', password: 'whatever', remember: false }, field: 'password' },
];

describe.each(calls)('bad input to POST $url', ({ url, valid, field }) => {
  async function unchanged() {
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email: user.email, firstname: 'Test', lastname: 'User' });
    expect((await agent.get('/api/user')).statusCode).toBe(200);
  }

  it('an empty body is a 422 naming the missing fields', async () => {
    const res = await agent.post(url, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('validation_failed');
    for (const key of Object.keys(valid).filter((k) => k !== 'remember')) expect(res.json().errors[key]).toEqual(['This field is required.']);
    await unchanged();
  });

  it('a wrong type is a 422 on that field', async () => {
    const res = await agent.post(url, { ...valid, [field]: 12345 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual(['This value has the wrong type.']);
    await unchanged();
  });

  it('an overlong string is a 422 on that field', async () => {
    const res = await agent.post(url, { ...valid, [field]: long });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]![0]).toMatch(/^Must be at most \d+ characters\.$/);
    await unchanged();
  });

  it('an unknown field is a 422 naming it', async () => {
    const res = await agent.post(url, { ...valid, is_admin: true });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.is_admin).toEqual(['This field is not accepted.']);
    await unchanged();
  });

  it('malformed JSON is a 400', async () => {
    const res = await agent.request('POST', url, { payload: '{"email": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'bad_request', message: 'The request body is not valid JSON.' });
    await unchanged();
  });

  it('a JSON array or a bare string is a 422, not a crash', async () => {
    for (const payload of ['[]', '"hello"', 'null']) {
      const res = await agent.request('POST', url, { payload, headers: { 'content-type': 'application/json' } });
      expect([400, 422]).toContain(res.statusCode);
    }
    await unchanged();
  });

  it('a body over 1 MB is a 413', async () => {
    const res = await agent.post(url, { ...valid, [field]: 'y'.repeat(1024 * 1024 + 10) });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('payload_too_large');
    await unchanged();
  });

  it('another content type is a 415', async () => {
    const res = await agent.request('POST', url, { payload: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(415);
    await unchanged();
  });
});

describe('bad input elsewhere', () => {
  it('an email that is not an email is a 422 with that message', async () => {
    const res = await new Agent(t.app).post('/api/forget-password', { email: 'not-an-email' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ email: ['Enter a valid email address.'] });
  });

  it('an unknown locale in the profile is a 422', async () => {
    const res = await agent.post('/api/profile', { name: 'A Name', email: user.email, locale: 'de' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ locale: ['This value is not allowed.'] });
  });

  it('a huge or odd session cookie is just "not signed in"', async () => {
    for (const cookie of [`enamel_session=${'a'.repeat(4000)}`, 'enamel_session=%%%', 'enamel_session=']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(res.statusCode).toBe(401);
    }
  });

  it('an unknown API path is a JSON 404', async () => {
    const res = await agent.get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'not_found' });
  });
});
