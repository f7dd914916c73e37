import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base, { appServer } from './playwright.config.ts';

/**
 * `npm run screenshots`: the README's pictures of the main screens, taken with the demo data in a fresh
 * installation of its own (its own port and data folder), never by the test suite.
 */
const PORT = Number(process.env.SCREENSHOTS_PORT ?? 3150);
const dataDir = path.join(path.resolve(import.meta.dirname, '../..'), '.tmp', 'screenshots-data');

export default defineConfig({
  ...base,
  testDir: './screenshots',
  retries: 0,
  timeout: 600_000,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: appServer(PORT, dataDir),
});
