import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
const root = path.resolve(import.meta.dirname, '../..');
export const E2E_DATA_DIR = path.join(root, '.tmp', 'e2e-data');
export const ADMIN = { email: 'admin@enamel.test', password: 'Incisor-Canine-Molar-1' };

// Debian's Chromium, never a downloaded browser; background networking off (no network here).
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The built app on `port` with a fresh data folder, its admin signed up from ADMIN (the suite's and the screenshots'). */
export function appServer(port: number, dataDir: string) {
  return {
    command: `rm -rf "${dataDir}" && node --import tsx apps/api/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${port}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // The suite signs in some 70 times from one address in well under 15 minutes; only the per-address limit is
      // raised (the per-account limit on wrong passwords stays as shipped).
      LOGIN_LIMIT_PER_IP: '1000',
      // The webhooks spec's receiver listens on 127.0.0.1 (plain http): allowed here only (docs/webhooks.md).
      WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
    },
  };
}

export default defineConfig({
  testDir: './specs',
  outputDir: path.join(root, 'test-results'),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 860 } } }],
  webServer: appServer(PORT, E2E_DATA_DIR),
});
