import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { openDatabase, quoteIdent, roles, users, type DatabaseHandle } from '@enamel/db';
import { prepareDatabase } from '../src/bootstrap.ts';
import { loadConfig } from '../src/env.ts';
import { SEEDED_ROLES } from '../src/features/roles/seeded-roles.ts';
import { withAdminClient, withDatabase } from './global-setup.ts';

/**
 * Several instances starting at the same moment on one fresh PostgreSQL database (a rollout, a group's
 * servers behind a load balancer): every start migrates and seeds, and none may fail or seed twice.
 * Each instance here is its own connection pool, as separate processes would be.
 */
const url = process.env.TEST_DATABASE_URL;
const name = `enamel_start_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;

const admin = <T>(work: (client: pg.Client) => Promise<T>): Promise<T> => withAdminClient(url!, work);

describe.skipIf(!url)('instances starting together on one PostgreSQL database', () => {
  beforeAll(async () => admin((c) => c.query(`CREATE DATABASE ${quoteIdent(name)}`)));
  afterAll(async () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)}`)));

  it('three starts at once all succeed, and the roles and the first admin exist once', async () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: path.join(os.tmpdir(), name),
      SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
      ADMIN_EMAIL: 'first@example.test',
      ADMIN_PASSWORD: 'Tooth-Fairy-2026!',
    });
    const handles: DatabaseHandle[] = await Promise.all([1, 2, 3].map(() => openDatabase({ url: withDatabase(url!, name), poolSize: 4 })));
    try {
      const starts = await Promise.allSettled(handles.map((h) => prepareDatabase(h, config, pino({ level: 'silent' }))));
      expect(starts.map((s) => (s.status === 'rejected' ? String(s.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);
      const db = handles[0]!.db;
      expect(Number((await db.select({ n: count() }).from(users))[0]!.n)).toBe(1);
      expect(Number((await db.select({ n: count() }).from(roles))[0]!.n)).toBe(SEEDED_ROLES.length);
      // A later start (a restart of one of them) finds everything in place and changes nothing.
      await prepareDatabase(handles[1]!, config, pino({ level: 'silent' }));
      expect(Number((await db.select({ n: count() }).from(users))[0]!.n)).toBe(1);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });
});
