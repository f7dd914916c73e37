import { afterAll, beforeAll } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '@enamel/db';
import { buildApp, type BuildOptions } from '../src/app.ts';
import type { AuthLimits } from '../src/core/context.ts';
import type { Mailer, MailMessage } from '../src/core/mail.ts';
import { loadConfig, type Config } from '../src/env.ts';
import { openTestDatabase } from './test-database.ts';
import { Agent } from './agent.ts';
import { createUser } from './factories.ts';

/** Mail captured in memory; `waitFor` polls because reset mails are sent in the background. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage) {
    this.sent.push(message);
  }
  close() {}
  async waitFor(to: string, timeoutMs = 5000): Promise<MailMessage> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      const found = this.sent.findLast((m) => m.to === to);
      if (found) return found;
      if (Date.now() > end) throw new Error(`no mail to ${to}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: Config;
  mailer: MemoryMailer;
  close(): Promise<void>;
}

export async function createTestApp(
  options: {
    env?: Record<string, string>;
    limits?: Partial<AuthLimits>;
    mailer?: Mailer;
    webDist?: string;
    /** Off: this app runs no jobs (a test sees what is queued before any worker takes it). */
    workers?: BuildOptions['workers'];
    /** Routes only this test needs (e.g. to provoke a database error), added before the app is ready. */
    extraRoutes?: (app: FastifyInstance, database: DatabaseHandle) => void;
  } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-app-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    APP_URL: 'http://enamel.test',
    ...options.env,
  });
  if (options.webDist) config.webDist = options.webDist;
  const database = await openTestDatabase();
  const mailer = new MemoryMailer();
  const app = await buildApp({ config, database, mailer: options.mailer ?? mailer, logger: false, ...(options.limits ? { limits: options.limits } : {}), ...(options.workers !== undefined ? { workers: options.workers } : {}) });
  options.extraRoutes?.(app, database);
  await app.ready();
  return {
    app,
    database,
    config,
    mailer,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A test file's app: filled in before the file's tests, closed after them. */
export function fileTestApp(options: Parameters<typeof createTestApp>[0] = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  });
  afterAll(async () => t.close());
  return t;
}

/** A new user with this role and these practices, and an agent signed in as them. */
export async function signedInUser(t: TestApp, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.database.db, options);
  const agent = new Agent(t.app);
  await agent.login(user.email, user.password);
  return { user, agent };
}

/** An agent signed in as a new user with these roles and practices. */
export async function signInAs(t: TestApp, options: Parameters<typeof createUser>[1] = {}): Promise<Agent> {
  return (await signedInUser(t, options)).agent;
}

/** A test file's app, and an agent signed in as a Super Admin (the usual start of an API test file). */
export async function appWithAdmin(options: Parameters<typeof createTestApp>[0] = {}): Promise<{ t: TestApp; admin: Agent }> {
  const t = await createTestApp(options);
  return { t, admin: await signInAs(t, { role: 'Super Admin' }) };
}

/**
 * A test file's app listening on a free port (for requests fired truly at once over HTTP), and a Super Admin:
 * filled in before the file's tests, closed after them.
 */
export function listeningAppWithAdmin(): { t: TestApp; admin: Agent; base: string } {
  const ctx = {} as { t: TestApp; admin: Agent; base: string };
  beforeAll(async () => {
    Object.assign(ctx, await appWithAdmin());
    ctx.base = await ctx.t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => ctx.t.close());
  return ctx;
}
