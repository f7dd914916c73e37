/**
 * The production build served by the real server, for the browser benches (web.ts, lighthouse.ts): a fresh data
 * folder with the demo data and one administrator, `apps/api/src/main.ts` on a free port. No run(): a helper.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'puppeteer-core';
import { runSeedCommand } from '../apps/api/src/features/seeder/seed-command.ts';

const root = path.resolve(import.meta.dirname, '..');

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface ServedBuild {
  base: string;
  admin: { email: string; password: string };
  stop: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilReady(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('the server did not get ready in 120 s');
}

/** Seeds the demo data (the server holds the embedded database while it runs, so first), then starts the server. */
export async function serveBuild(name: string): Promise<ServedBuild> {
  const admin = { email: `bench-${name}@example.test`, password: 'Enamel-Crown-Bridge-7' };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `enamel-bench-${name}-`));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    APP_URL: base,
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  const seeded = await runSeedCommand(env, { out: () => undefined, err: console.error });
  if (seeded !== 0) throw new Error('seeding the demo data failed');
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (server.exitCode === null) server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(undefined) : server.once('exit', r)));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilReady(base, server);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, admin, stop };
}

/** Signs in through the login form, as a user does, so the browser holds the session and the app's signed-in state. */
export async function signInThroughTheForm(browser: Browser, base: string, admin: { email: string; password: string }): Promise<void> {
  const page = await browser.newPage();
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('[data-testid="login-email"]', admin.email);
  await page.type('[data-testid="login-password"]', admin.password);
  await page.click('[data-testid="login-submit"]');
  await page.waitForSelector('[data-testid="app-header"]', { timeout: 30_000 });
  await page.waitForNetworkIdle();
  if (new URL(page.url()).pathname !== '/admin/dashboard') throw new Error(`signing in ended at ${page.url()}`);
  await page.close();
}
