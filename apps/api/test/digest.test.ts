import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { notifications, schedulerJobs, users } from '@enamel/db';
import type { DueRunResult } from '@enamel/contracts';
import { createMailer } from '../src/core/mail.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { createTestApp, signInAs, type TestApp } from './test-app.ts';

/**
 * The e-mail digest, through a real SMTP server in the test: a user who chose daily or weekly gets one mail in
 * their language with their unread stock alerts since the last digest (only those of practices they may see),
 * none when nothing is new, and not again before the next is due.
 */
let t: TestApp;
let admin: Agent;
const received: Array<{ to: string; data: string }> = [];
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let data = '';
    stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
    stream.on('end', () => {
      received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data: data.replace(/=\r?\n/g, '') });
      callback();
    });
  },
});

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const port = (server.server.address() as AddressInfo).port;
  t = await createTestApp({ mailer: createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Enamel <no-reply@enamel.test>', outboxDir: '/nonexistent', log: pino({ level: 'silent' }) }) });
  admin = await signInAs(t, { role: 'Super Admin' });
  // Only the digest job, at a fixed past time (due once).
  for (const job of await t.database.db.select().from(schedulerJobs)) {
    await t.database.db.update(schedulerJobs).set(job.name === 'notification-digest' ? { enabled: true, cron: '0 0 1 1 *' } : { enabled: false }).where(eq(schedulerJobs.id, job.id));
  }
});
afterAll(async () => {
  await t.close();
  server.close();
});

async function runDigest(): Promise<DueRunResult> {
  // A new slot each time: the job's cron moves one minute on.
  const [job] = await t.database.db.select().from(schedulerJobs).where(eq(schedulerJobs.name, 'notification-digest'));
  const minute = (Number(job!.cron.split(' ')[0]) + 1) % 60;
  await t.database.db.update(schedulerJobs).set({ cron: `${minute} 0 1 1 *` }).where(eq(schedulerJobs.id, job!.id));
  const res = await admin.post('/api/run-scheduler', { wait_seconds: 60 });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DueRunResult[] }>().data.find((r) => r.job === 'notification-digest')!;
}
const alert = (userId: number, practiceId: number, product: string, extra: Partial<typeof notifications.$inferInsert> = {}) => ({
  userId,
  dentalPracticeId: practiceId,
  kind: 'low_stock',
  key: `product:${product}`,
  params: { product, on_hand: 2, unit: 'each', reorder_point: 10, order: 3, purchase_unit: 'box' },
  link: '/admin/inventories/1',
  ...extra,
});

describe('e-mail digest', () => {
  it('is chosen in Profile: off, daily or weekly; anything else is refused and changes nothing', async () => {
    const agent = await signInAs(t, { role: 'Viewer' });
    expect((await agent.get('/api/profile/digest')).json()).toEqual({ success: true, data: { digest: 'off' } });
    for (const digest of ['hourly', '', null, 1]) expect((await agent.post('/api/profile/digest', { digest })).statusCode).toBe(422);
    expect((await agent.get('/api/profile/digest')).json<{ data: { digest: string } }>().data.digest).toBe('off');
    expect((await agent.post('/api/profile/digest', { digest: 'weekly' })).statusCode).toBe(200);
    expect((await agent.get('/api/profile/digest')).json<{ data: { digest: string } }>().data.digest).toBe('weekly');
    expect((await new Agent(t.app).get('/api/profile/digest')).statusCode).toBe(401);
  });

  it('mails each due user their unread alerts of the practices they see, in their language, once', async () => {
    const practice = await createPractice(t.database.db);
    const other = await createPractice(t.database.db);
    const daily = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id], locale: 'es' });
    const weekly = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
    const off = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.database.db.update(users).set({ digest: 'daily', digestSentAt: twoDaysAgo }).where(eq(users.id, daily.id));
    await t.database.db.update(users).set({ digest: 'weekly', digestSentAt: twoDaysAgo }).where(eq(users.id, weekly.id));
    await t.database.db.insert(notifications).values([
      alert(daily.id, practice.id, 'Nitrile gloves M'),
      alert(daily.id, practice.id, 'Already read', { readAt: new Date() }),
      alert(daily.id, practice.id, 'Before the last digest', { createdAt: new Date(Date.now() - 3 * 86_400_000) }),
      alert(daily.id, other.id, 'Another practice'),
      alert(weekly.id, practice.id, 'Nitrile gloves M'),
      alert(off.id, practice.id, 'Nitrile gloves M'),
    ]);

    received.length = 0;
    const run = await runDigest();
    expect(run, JSON.stringify(run)).toMatchObject({ status: "succeeded" });
    const mine = received.filter((m) => [daily.email, weekly.email, off.email].includes(m.to));
    expect(mine.map((m) => m.to)).toEqual([daily.email]);
    const mail = mine[0]!.data;
    expect(mail).toMatch(/Subject: .*Enamel/);
    expect(mail).toContain('Nitrile gloves M');
    expect(mail).toContain('http://enamel.test/admin/inventories/1');
    expect(mail).toMatch(/resumen|Esto es lo que/); // Spanish
    for (const left of ['Already read', 'Before the last digest', 'Another practice']) expect(mail).not.toContain(left);

    // Asked again at once: not due yet, nothing sent.
    received.length = 0;
    expect(await runDigest()).toMatchObject({ status: 'succeeded' });
    expect(received.filter((m) => m.to === daily.email)).toEqual([]);
  });

  it('sends nothing when nothing is new, but starts the next digest from now', async () => {
    const practice = await createPractice(t.database.db);
    const user = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
    await t.database.db.update(users).set({ digest: 'daily', digestSentAt: new Date(Date.now() - 2 * 86_400_000) }).where(eq(users.id, user.id));
    received.length = 0;
    await runDigest();
    expect(received.filter((m) => m.to === user.email)).toEqual([]);
    const [after] = await t.database.db.select({ sentAt: users.digestSentAt }).from(users).where(eq(users.id, user.id));
    expect(Date.now() - after!.sentAt!.getTime()).toBeLessThan(60_000);
  });
});
