import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { activityLogs, brands, DataDirLockedError, lockDataDir, openDatabase, RESTORE_VERIFIED, RESTORING_PREFIX, rows, type Database } from '@enamel/db';
import { AppError } from '../src/core/errors.ts';
import { backupFileName, backupTime, takeBackup } from '../src/features/backups/backup.service.ts';
import { backupsToKeep } from '../src/features/backups/retention.ts';
import { RestoreError, restoreBackup } from '../src/features/backups/restore.ts';
import { findLedgerDifferences } from '../src/features/stock/ledger-check.ts';
import { Agent } from './agent.ts';
import { createPractice, createUser } from './factories.ts';
import { appWithAdmin, type TestApp } from './test-app.ts';

/**
 * Backups of the embedded database through the real HTTP stack, and restores into fresh data folders. On
 * PostgreSQL (TEST_DATABASE_URL) Enamel takes no backups: there the refusal is tested instead.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

type Row = Record<string, unknown> & { id: number };
/** Every row of a table as JSON, by id. */
async function tableRows(db: Database, table: 'procedures' | 'procedure_items' | 'lots' | 'stock_movements'): Promise<Map<number, Row>> {
  const found = await rows<{ r: Row }>(db, sql`select to_jsonb(t) as r from ${sql.identifier(table)} t order by id`);
  return new Map(found.map(({ r }) => [Number(r.id), r]));
}

describe.skipIf(onPostgres)('backups of the embedded database', () => {
  let t: TestApp;
  let admin: Agent;
  let manager: Agent;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin({ limits: { backups: { max: 1000, windowSeconds: 60 } } }));
    const seeded = await admin.post('/api/seeder/data', { months: 2, volume: 0.1 });
    expect(seeded.statusCode, seeded.body).toBe(200);
    const practice = await createPractice(t.database.db);
    const pm = await createUser(t.database.db, { role: 'Practice Manager', practiceIds: [practice.id] });
    manager = new Agent(t.app);
    await manager.login(pm.email, pm.password);
  }, 180_000);
  afterAll(async () => t?.close());

  async function restoredFrom(name: string) {
    const dataDir = tempDir('enamel-restored-');
    const result = await restoreBackup(path.join(t.config.backupDir, name), dataDir);
    expect(result.replaced).toBeNull();
    return { result, database: await openDatabase({ dataDir }) };
  }

  it('a backup taken while procedures and receipts go on restores into a fresh data folder with every procedure, lot and movement, and a clean ledger', { timeout: 180_000 }, async () => {
    const db = t.database.db;
    const [practice] = await rows<{ id: number }>(db, sql`select id from dental_practices where code = 'DEMO-CITY'`);
    const stocked = await rows<{ product_id: number }>(db, sql`
      select i.product_id from inventories i join products p on p.id = i.product_id
      where i.dental_practice_id = ${practice!.id} and i.status = 'active' and not p.tracks_lots and i.on_hand >= 200
      order by i.product_id limit 4`);
    expect(stocked.length).toBeGreaterThanOrEqual(2);
    const [code] = await rows<{ id: number }>(db, sql`select id from procedure_codes where status = 'active' order by id limit 1`);

    // Two writers: procedures that consume stock, and receipts of new stock, until told to stop.
    let stop = false;
    let written = 0;
    const failures: string[] = [];
    const writer = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const product = stocked[(n + i) % stocked.length]!.product_id;
        const res =
          n === 0
            ? await admin.post('/api/procedure/create', { dental_practice_id: practice!.id, procedure_code_id: code!.id, performed_at: new Date().toISOString(), items: [{ product_id: product, quantity: '1' }] })
            : await admin.post('/api/inventory/receive', { dental_practice_id: practice!.id, product_id: product, quantity: '3', unit_cost: '1.25' });
        if (res.statusCode >= 300) failures.push(`${res.statusCode} ${res.body}`);
        else written++;
      }
    };
    const writers = [writer(0), writer(1)];
    while (written < 6) await sleep(10);

    const before = { procedures: await tableRows(db, 'procedures'), lots: await tableRows(db, 'lots'), movements: await tableRows(db, 'stock_movements') };
    const writtenBefore = written;
    const res = await admin.post('/api/backups');
    const writtenDuring = written - writtenBefore;
    expect(res.statusCode, res.body).toBe(201);
    const backup = res.json().data;
    expect(backup.name).toMatch(/^enamel-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.tar\.gz$/);
    expect(backup.size_bytes).toBe(fs.statSync(path.join(t.config.backupDir, backup.name)).size);
    const target = written + 4;
    while (written < target) await sleep(10);
    stop = true;
    await Promise.all(writers);
    expect(failures).toEqual([]);
    expect(writtenDuring, 'writes went on while the backup was taken').toBeGreaterThan(0);

    const live = { procedures: await tableRows(db, 'procedures'), items: await tableRows(db, 'procedure_items'), lots: await tableRows(db, 'lots'), movements: await tableRows(db, 'stock_movements') };
    const { result, database } = await restoredFrom(backup.name);
    try {
      const restored = { procedures: await tableRows(database.db, 'procedures'), items: await tableRows(database.db, 'procedure_items'), lots: await tableRows(database.db, 'lots'), movements: await tableRows(database.db, 'stock_movements') };
      expect(result.counts).toMatchObject({ procedures: restored.procedures.size, lots: restored.lots.size, movements: restored.movements.size });
      expect(result.counts.practices).toBeGreaterThanOrEqual(3);
      expect(restored.procedures.size).toBeGreaterThan(100);
      // Everything written before the backup was asked for is in it, unchanged (procedures and movements never change; lots are caches).
      for (const [id, row] of before.procedures) expect(restored.procedures.get(id), `procedure ${id}`).toEqual(row);
      for (const [id, row] of before.movements) expect(restored.movements.get(id), `movement ${id}`).toEqual(row);
      for (const id of before.lots.keys()) expect(restored.lots.has(id), `lot ${id}`).toBe(true);
      // And nothing that never was, nor half of anything: every restored procedure has exactly its items and movements.
      for (const [id, row] of restored.procedures) expect(live.procedures.get(id)).toEqual(row);
      for (const [id, row] of restored.items) expect(live.items.get(id)).toEqual(row);
      for (const [id, row] of restored.movements) expect(live.movements.get(id)).toEqual(row);
      const byProcedure = (movements: Map<number, Row>) => {
        const ids = new Map<number, number[]>();
        for (const m of movements.values()) if (m.procedure_id != null) ids.set(Number(m.procedure_id), [...(ids.get(Number(m.procedure_id)) ?? []), m.id]);
        return ids;
      };
      const liveMoves = byProcedure(live.movements);
      const restoredMoves = byProcedure(restored.movements);
      for (const id of restored.procedures.keys()) expect(restoredMoves.get(id) ?? [], `movements of procedure ${id}`).toEqual(liveMoves.get(id) ?? []);
      expect(await findLedgerDifferences(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(await findLedgerDifferences(db)).toEqual([]);
  });

  it('never copies a transaction half done: a backup asked for mid-transaction waits for its end', async () => {
    const db = t.database.db;
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const transaction = db.transaction(async (tx) => {
      await tx.insert(brands).values({ name: 'Backup marker A' });
      firstInserted();
      await sleep(400);
      await tx.insert(brands).values({ name: 'Backup marker B' });
    });
    await inserted;
    const taken = await takeBackup(t.app.deps);
    await transaction;
    const { database } = await restoredFrom(taken.name);
    try {
      const markers = await rows<{ name: string }>(database.db, sql`select name from brands where name like 'Backup marker %' order by name`);
      expect(markers.map((m) => m.name)).toEqual(['Backup marker A', 'Backup marker B']);
    } finally {
      await database.close();
    }
  });

  it('requests made together share one backup; the list shows it with its size and time, and the log who took it', async () => {
    const answers = await Promise.all([admin.post('/api/backups'), admin.post('/api/backups'), admin.post('/api/backups')]);
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const names = new Set(answers.map((res) => res.json().data.name));
    expect(names.size).toBe(1);
    const [name] = [...names];
    const list = await admin.get('/api/backups');
    expect(list.statusCode, list.body).toBe(200);
    const newest = list.json().data[0];
    expect(newest).toEqual(answers[0].json().data);
    expect(newest.size_bytes).toBeGreaterThan(100_000);
    expect(Date.now() - Date.parse(newest.created_at)).toBeLessThan(60_000);
    const logged = await t.database.db.select().from(activityLogs).where(eq(activityLogs.subjectId, name));
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ action: 'backup', subject: 'Backup' });
    expect(logged[0]!.userEmail).toMatch(/@/);
  });

  it('applies the retention rule after each backup, and touches no other file in the folder', async () => {
    const dir = t.config.backupDir;
    for (const name of fs.readdirSync(dir)) fs.rmSync(path.join(dir, name));
    // One old backup a day for 40 days, ending 40 days ago; and a file of someone else's.
    const old = Array.from({ length: 40 }, (_, i) => backupFileName(new Date(Date.now() - (40 + i) * 86_400_000)));
    for (const name of old) fs.writeFileSync(path.join(dir, name), 'old');
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'keep me');
    const res = await admin.post('/api/backups');
    expect(res.statusCode, res.body).toBe(201);
    const left = fs.readdirSync(dir).sort().reverse();
    expect(left).toContain('notes.txt');
    const backups = left.filter((n) => n !== 'notes.txt');
    // Today's, then the six newest old days (the seven days with a backup), then older weeks: as the rule says.
    expect(backups[0]).toBe(res.json().data.name);
    expect(backups.slice(1, 7)).toEqual(old.slice(0, 6));
    const rule = backupsToKeep([res.json().data.name, ...old].map((name) => ({ name, createdAt: backupTime(name)! })), t.config.backupRetention, Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(backups).toEqual(rule.keep.map((b) => b.name));
    expect(backups.length).toBeGreaterThan(7);
    expect((await admin.get('/api/backups')).json().data.map((b: { name: string }) => b.name)).toEqual(backups);
  });

  it('answers 429 beyond its rate, and a clear 503 naming the folder when it cannot write or read there, leaving nothing behind', async () => {
    const limits = t.app.deps.limits.backups;
    const dir = t.config.backupDir;
    try {
      t.app.deps.limits.backups = { max: 1, windowSeconds: 600 };
      await t.database.db.execute(sql`delete from throttles`);
      expect((await admin.post('/api/backups')).statusCode).toBe(201);
      const limited = await admin.post('/api/backups');
      expect(limited.statusCode, limited.body).toBe(429);
      expect(limited.json().message).toMatch(/try again in \d+ seconds/);

      t.app.deps.limits.backups = limits;
      const blocked = path.join(tempDir('enamel-blocked-'), 'a-file');
      fs.writeFileSync(blocked, 'not a folder');
      t.config.backupDir = path.join(blocked, 'backups');
      const res = await admin.post('/api/backups');
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().message).toContain(`The backup could not be written to ${t.config.backupDir} (ENOTDIR)`);
      const list = await admin.get('/api/backups');
      expect(list.statusCode, list.body).toBe(503);
      expect(list.json().message).toContain(`The backup folder ${t.config.backupDir} cannot be read (ENOTDIR)`);
      // The Support page still answers, with the reason in place of the list.
      const support = await admin.get('/api/support');
      expect(support.statusCode, support.body).toBe(200);
      expect(support.json().data.backups).toMatchObject({ latest: [], problem: expect.stringContaining('cannot be read (ENOTDIR)') });
    } finally {
      t.app.deps.limits.backups = limits;
      t.config.backupDir = dir;
    }
    expect(fs.readdirSync(dir).filter((n) => n.endsWith('.partial'))).toEqual([]);
  });

  it('is for those who manage the installation: others get 403, and the Support page shows them no backups', async () => {
    expect((await manager.get('/api/backups')).statusCode).toBe(403);
    expect((await manager.post('/api/backups')).statusCode).toBe(403);
    expect((await new Agent(t.app).post('/api/backups')).statusCode).toBe(401);
    const theirs = (await manager.get('/api/support')).json().data;
    expect(theirs.backups).toBeNull();
    expect(theirs.job_runs).toBeNull();
    expect(theirs.database).toMatchObject({ kind: 'embedded', status: 'ok' });

    const mine = (await admin.get('/api/support')).json().data;
    expect(mine.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(mine.database.size_bytes).toBeGreaterThan(0);
    // Every scheduled job, none run yet in this test's database.
    expect(mine.job_runs.map((r: { job: string }) => r.job)).toEqual(['refresh-forecasts', 'stock-alerts', 'notification-digest', 'archive-activity-logs', 'backup', 'clean-up']);
    expect(mine.job_runs.every((r: { last_run_at: string | null }) => r.last_run_at === null)).toBe(true);
    expect(mine.backups).toMatchObject({ supported: true, directory: t.config.backupDir, retention: { latest: 3, daily: 7, weekly: 4 }, problem: null });
    expect(mine.backups.latest.length).toBeGreaterThan(0);
    expect(mine.backups.latest[0]).toEqual((await admin.get('/api/backups')).json().data[0]);
  });

  it('a restore refuses what is not a backup and a folder in use, and changes nothing then; a good one keeps the database it replaces', async () => {
    const [newest] = (await admin.get('/api/backups')).json().data as Array<{ name: string }>;
    const good = path.join(t.config.backupDir, newest!.name);
    const dataDir = tempDir('enamel-restore-');
    expect((await restoreBackup(good, dataDir)).replaced).toBeNull();
    const pgVersion = path.join(dataDir, 'pgdata', 'PG_VERSION');
    const inode = fs.statSync(pgVersion).ino;

    const notGzip = path.join(dataDir, 'notes.tar.gz');
    fs.writeFileSync(notGzip, 'hello');
    await expect(restoreBackup(notGzip, dataDir)).rejects.toThrow(/is not an Enamel backup/);
    const gzippedNonsense = path.join(dataDir, 'nonsense.tar.gz');
    fs.writeFileSync(gzippedNonsense, zlib.gzipSync(Buffer.alloc(4096, 7)));
    await expect(restoreBackup(gzippedNonsense, dataDir)).rejects.toBeInstanceOf(RestoreError);
    await expect(restoreBackup(path.join(dataDir, 'missing.tar.gz'), dataDir)).rejects.toThrow(/does not exist/);
    const release = await lockDataDir(dataDir);
    try {
      await expect(restoreBackup(good, dataDir)).rejects.toBeInstanceOf(DataDirLockedError);
    } finally {
      await release();
    }
    expect(fs.statSync(pgVersion).ino).toBe(inode);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pgdata'))).toEqual(['pgdata']);

    const again = await restoreBackup(good, dataDir);
    expect(again.replaced).toMatch(/pgdata\.before-restore-/);
    expect(fs.statSync(path.join(again.replaced!, 'PG_VERSION')).ino).toBe(inode);
    const reopened = await openDatabase({ dataDir });
    try {
      expect(await findLedgerDifferences(reopened.db)).toEqual([]);
    } finally {
      await reopened.close();
    }
  });

  it('a restore killed between its two renames is finished by the next start, never replaced by an empty database', async () => {
    const [newest] = (await admin.get('/api/backups')).json().data as Array<{ name: string }>;
    const dataDir = tempDir('enamel-interrupted-');
    await restoreBackup(path.join(t.config.backupDir, newest!.name), dataDir);
    const brandsBefore = await (async () => {
      const db = await openDatabase({ dataDir });
      try {
        return (await rows<{ n: number }>(db.db, sql`select count(*)::int as n from brands`))[0]!.n;
      } finally {
        await db.close();
      }
    })();
    // As the restore leaves things after the first rename: the old database aside, the verified new one not yet in place.
    fs.renameSync(path.join(dataDir, 'pgdata'), path.join(dataDir, `${RESTORING_PREFIX}2026-05-01T02-00-00Z`));
    fs.writeFileSync(path.join(dataDir, `${RESTORING_PREFIX}2026-05-01T02-00-00Z`, RESTORE_VERIFIED), '');
    fs.mkdirSync(path.join(dataDir, `${RESTORING_PREFIX}2026-04-01T02-00-00Z`)); // an older one that never got verified
    const reopened = await openDatabase({ dataDir });
    try {
      expect((await rows<{ n: number }>(reopened.db, sql`select count(*)::int as n from brands`))[0]!.n).toBe(brandsBefore);
      expect(brandsBefore).toBeGreaterThan(10);
    } finally {
      await reopened.close();
    }
    expect(fs.existsSync(path.join(dataDir, 'pgdata', RESTORE_VERIFIED))).toBe(false);
  });
});

describe.runIf(onPostgres)('backups on PostgreSQL', () => {
  let t: TestApp;
  let admin: Agent;
  beforeAll(async () => {
    ({ t, admin } = await appWithAdmin());
  });
  afterAll(async () => t?.close());

  it('are not taken by Enamel: both calls answer 409 with a translated message naming pg_dump', async () => {
    for (const res of [await admin.get('/api/backups'), await admin.post('/api/backups')]) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'conflict' });
      expect(res.json().message).toContain('pg_dump');
    }
    const french = await admin.request('POST', '/api/backups', { headers: { 'accept-language': 'fr' } });
    expect(french.statusCode).toBe(409);
    expect(french.json().message).toContain('Enamel ne sauvegarde pas une base PostgreSQL');
    await expect(takeBackup(t.app.deps)).rejects.toBeInstanceOf(AppError);
    expect(fs.existsSync(t.config.backupDir)).toBe(false);
  });

  it('the Support page says so, with the database healthy', async () => {
    const data = (await admin.get('/api/support')).json().data;
    expect(data.database).toMatchObject({ kind: 'postgres', status: 'ok' });
    expect(data.backups).toMatchObject({ supported: false, directory: null, latest: [], total: 0, problem: null });
  });
});
