import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base, { ADMIN } from './playwright.config.ts';

/**
 * `npm run screenshots`: the README's pictures of the main screens, taken with the demo data in a fresh
 * installation of its own (its own port and data folder), never by the test suite.
 */
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3150);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = path.join(root, '.tmp', 'screenshots-data');

export default defineConfig({
  ...base,
  testDir: './screenshots',
  retries: 0,
  timeout: 600_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: `rm -rf "${dataDir}" && node --import tsx apps/api/src/main.ts`,
    cwd: root,
    url: `http://127.0.0.1:${PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, APP_URL: `http://127.0.0.1:${PORT}`, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
  },
});
