import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@enamel/db';
import { buildApp } from './app.ts';
import { loadConfig } from './env.ts';

/**
 * The OpenAPI document `/api/openapi.json` serves, built without a server or a real database: the app is built on an
 * empty in-memory embedded database (no workers, no clock: the `test` environment), asked for its document and closed.
 * `npm run client:generate` writes the typed client's types from it (packages/client).
 */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'enamel-openapi-'));
  const database = await openDatabase();
  try {
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SESSION_SECRET: 'openapi-document-only-openapi-document-only', LOG_LEVEL: 'silent', APP_URL: 'http://enamel.local' });
    const app = await buildApp({ config, database, logger: false, workers: false });
    try {
      await app.ready();
      return app.swagger() as unknown as Record<string, unknown>;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
