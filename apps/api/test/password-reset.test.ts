import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { passwordResetTokens, rows, sessions } from '@enamel/db';
import { Agent } from './agent.ts';
import { createUser } from './factories.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { startWorkers } from '../src/core/jobs/index.ts';
import { passwordResetJob } from '../src/features/auth/password-reset.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function linkFrom(text: string): { token: string; email: string } {
  const match = /http:\/\/enamel\.test\/reset-password\/([\w-]+)\?email=([^\s]+)/.exec(text);
  if (!match) throw new Error(`no reset link in: ${text}`);
  return { token: match[1]!, email: decodeURIComponent(match[2]!) };
}

describe('forgot password', () => {
  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const known = await new Agent(t.app).post('/api/forget-password', { email: user.email });
    const unknown = await new Agent(t.app).post('/api/forget-password', { email: 'ghost@example.test' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json()).toEqual({ success: true, message: 'We have emailed your password reset link! Please check your mail inbox.' });
    const mail = await t.mailer.waitFor(user.email);
    expect(mail.subject).toBe('Reset your Enamel password');
    expect(linkFrom(mail.text).email).toBe(user.email);
    expect(t.mailer.sent.some((m) => m.to === 'ghost@example.test')).toBe(false);
  });

  it('answers before any work on the account: the lookup, the token and the mail are a queued job, for any email', async () => {
    // An app without workers: what each request leaves is its job on the queue, nothing else.
    const h = await createTestApp({ workers: false });
    try {
      const user = await createUser(h.database.db, { role: 'Viewer' });
      const known = await new Agent(h.app).post('/api/forget-password', { email: user.email });
      const unknown = await new Agent(h.app).post('/api/forget-password', { email: 'ghost@example.test' });
      expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
      // Answered, and nothing about the account done yet: no token, no mail; each path left the same one job.
      expect(await h.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toEqual([]);
      expect(h.mailer.sent).toEqual([]);
      const queued = await rows<{ data: { email: string; locale: string } }>(h.database.db, sql`select data from pgboss.job where name = ${passwordResetJob.queue} order by created_on`);
      expect(queued.map((r) => r.data)).toEqual([
        { email: user.email, locale: 'en' },
        { email: 'ghost@example.test', locale: 'en' },
      ]);

      // Another instance's worker takes them: the token and the mail, for the real account only.
      await startWorkers(h.app.deps, h.app.log, [passwordResetJob]);
      await h.mailer.waitFor(user.email);
      expect(await h.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id))).toHaveLength(1);
      expect(h.mailer.sent.map((m) => m.to)).toEqual([user.email]);
    } finally {
      await h.close();
    }
  });

  it('mails in the user’s own language', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer', locale: 'es' });
    await new Agent(t.app).post('/api/forget-password', { email: user.email });
    const mail = await t.mailer.waitFor(user.email);
    expect(mail.subject).toBe('Restablezca su contraseña de Enamel');
  });

  it('stores the token hashed, never as sent', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    await new Agent(t.app).post('/api/forget-password', { email: user.email });
    const { token } = linkFrom((await t.mailer.waitFor(user.email)).text);
    const rows = await t.database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });
});

describe('reset password', () => {
  async function resetLinkFor(email: string) {
    t.mailer.sent.length = 0;
    await new Agent(t.app).post('/api/forget-password', { email });
    return linkFrom((await t.mailer.waitFor(email)).text);
  }

  it('sets the new password once, ends every session, and the old password stops working', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const elsewhere = new Agent(t.app);
    await elsewhere.login(user.email, user.password);
    const { token, email } = await resetLinkFor(user.email);
    const body = { email, token, password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7731' };
    const res = await new Agent(t.app).post('/api/reset-password', body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Password successfully changed.' });
    expect((await elsewhere.get('/api/user')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    expect((await new Agent(t.app).post('/login', { email, password: user.password })).statusCode).toBe(422);
    expect((await new Agent(t.app).post('/login', { email, password: 'Molar-Crown-7731' })).statusCode).toBe(200);

    const again = await new Agent(t.app).post('/api/reset-password', { ...body, password: 'Another-Good-1', password_confirmation: 'Another-Good-1' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: ['This password reset link is invalid or has expired.'] });
  });

  it('refuses an expired link (older than 60 minutes)', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const { token, email } = await resetLinkFor(user.email);
    await t.database.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(passwordResetTokens.userId, user.id));
    const res = await new Agent(t.app).post('/api/reset-password', { email, token, password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7731' });
    expect(res.statusCode).toBe(422);
    expect((await new Agent(t.app).post('/login', { email, password: user.password })).statusCode).toBe(200);
  });

  it('refuses a token of another account, a mismatched confirmation, a short or a common password', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const other = await createUser(t.database.db, { role: 'Viewer' });
    const { token } = await resetLinkFor(user.email);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ email: other.email, token, password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7731' }, 'email', 'This password reset link is invalid or has expired.'],
      [{ email: user.email, token, password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7732' }, 'password_confirmation', 'The password confirmation does not match.'],
      [{ email: user.email, token, password: 'short', password_confirmation: 'short' }, 'password', 'Must be at least 8 characters.'],
      [{ email: user.email, token, password: 'password123', password_confirmation: 'password123' }, 'password', 'This password is too common. Choose a less predictable one.'],
    ];
    for (const [body, field, message] of cases) {
      const res = await new Agent(t.app).post('/api/reset-password', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]).toEqual([message]);
    }
    // nothing changed: the token still works once
    const ok = await new Agent(t.app).post('/api/reset-password', { email: user.email, token, password: 'Molar-Crown-7731', password_confirmation: 'Molar-Crown-7731' });
    expect(ok.statusCode).toBe(200);
  });

  it('throttles forgot-password per account', async () => {
    const user = await createUser(t.database.db, { role: 'Viewer' });
    const codes = [];
    for (let i = 0; i < 6; i++) codes.push((await new Agent(t.app, `10.1.2.${i}`).post('/api/forget-password', { email: user.email })).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('answers a throttled forgot-password with Retry-After: the seconds until the window ends', async () => {
    const limited = await createTestApp({ limits: { forgotPerIp: { max: 2, windowSeconds: 600 } } });
    try {
      const ask = () => new Agent(limited.app, '10.7.7.7').post('/api/forget-password', { email: 'ghost@example.test' });
      expect([(await ask()).statusCode, (await ask()).statusCode]).toEqual([200, 200]);
      const res = await ask();
      expect(res.statusCode).toBe(429);
      const seconds = Number(res.headers['retry-after']);
      expect(Number.isInteger(seconds) && seconds > 0 && seconds <= 600, String(res.headers['retry-after'])).toBe(true);
      expect(res.json().message).toBe(`Too many attempts. Please try again in ${seconds} seconds.`);
    } finally {
      await limited.close();
    }
  });
});

describe('mail over SMTP', () => {
  it('delivers the reset link through SMTP_URL', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
        stream.on('end', () => {
          received.push(data);
          callback();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const port = (server.server.address() as AddressInfo).port;
    const { createMailer } = await import('../src/core/mail.ts');
    const smtpApp = await createTestApp({
      mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Enamel <no-reply@enamel.test>', outboxDir: '/nonexistent', log: (await import('pino')).default({ level: 'silent' }) }),
    });
    try {
      const user = await createUser(smtpApp.database.db, { role: 'Viewer' });
      await new Agent(smtpApp.app).post('/api/forget-password', { email: user.email });
      for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      expect(received).toHaveLength(1);
      expect(received[0]).toContain(`To: ${user.email}`);
      expect(received[0]!.replace(/=\r?\n/g, '')).toContain('http://enamel.test/reset-password/');
    } finally {
      await smtpApp.close();
      server.close();
    }
  });
});
