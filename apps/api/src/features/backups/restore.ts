import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { MIGRATIONS_FOLDER, RESTORE_VERIFIED, RESTORING_PREFIX, completeInterruptedRestore, lockDataDir } from '@enamel/db';

/**
 * Restores a backup (`enamel-….tar.gz`, see backup.service.ts) into the embedded database of a stopped
 * installation. Never in place: the backup is unpacked and opened in a new folder `DATA_DIR/pgdata.restoring-…`
 * and checked (it must be an Enamel database, made by this version of Enamel or an older one); only then is the
 * current `pgdata` renamed aside to `pgdata.before-restore-<time>` and the new one renamed into its place. A
 * restore that fails or is killed before the swap leaves `pgdata` as it was (the half-made folder is removed, now
 * or by the next restore); one killed between the two renames is finished by whoever opens the folder next
 * (packages/db restore-swap.ts). The data folder's lock is held throughout, so this refuses while the server runs.
 */

export class RestoreError extends Error {}

export interface RestoreResult {
  /** Where the database that was replaced now lies (null when there was none). */
  replaced: string | null;
  counts: Record<'practices' | 'products' | 'procedures' | 'lots' | 'movements', number>;
}

/** The newest migration this version of Enamel knows (drizzle records each applied one by this time). */
function newestKnownMigration(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: Array<{ when: number }> };
  return Math.max(...journal.entries.map((e) => e.when));
}

async function checkIsBackup(file: string): Promise<void> {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new RestoreError(`${file} does not exist.`);
  if (!stat.isFile()) throw new RestoreError(`${file} is not a file.`);
  const head = Buffer.alloc(2);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 2, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head[0] !== 0x1f || head[1] !== 0x8b) throw new RestoreError(`${file} is not an Enamel backup (a .tar.gz file made by npm run backup or the Support page).`);
}

/** Opens the unpacked copy and checks it is an Enamel database this version can run; returns what it holds. */
async function inspect(folder: string, file: string): Promise<RestoreResult['counts']> {
  const db = new PGlite({ dataDir: folder, loadDataDir: await fs.openAsBlob(file) });
  try {
    await db.waitReady;
    const [tables] = (await db.query<{ ok: boolean }>(`select to_regclass('public.users') is not null and to_regclass('public.stock_movements') is not null and to_regclass('drizzle.__drizzle_migrations') is not null as ok`)).rows;
    if (!tables?.ok) throw new RestoreError(`${file} is a database backup, but not of an Enamel database.`);
    const [applied] = (await db.query<{ newest: string | null }>('select max(created_at)::text as newest from drizzle.__drizzle_migrations')).rows;
    if (applied?.newest && Number(applied.newest) > newestKnownMigration()) {
      throw new RestoreError(`${file} was made by a newer version of Enamel than this one: update Enamel first, then restore it.`);
    }
    const count = async (table: string) => Number((await db.query<{ n: number }>(`select count(*)::int as n from ${table}`)).rows[0]?.n ?? 0);
    return { practices: await count('dental_practices'), products: await count('products'), procedures: await count('procedures'), lots: await count('lots'), movements: await count('stock_movements') };
  } catch (err) {
    if (err instanceof RestoreError) throw err;
    throw new RestoreError(`${file} could not be read as an Enamel backup: ${err instanceof Error ? err.message : String(err)}`);
  } finally {
    await db.close().catch(() => undefined);
  }
}

/** `2026-05-01T10-30-00Z`: a time that is a valid folder name everywhere. */
const stamp = (at: Date) => at.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/:/g, '-');

/**
 * Restores `file` into `dataDir` (see the module's comment). Throws DataDirLockedError while another process
 * (the server) holds the folder, and RestoreError, with the reason, for a file that is not a usable backup.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<RestoreResult> {
  await checkIsBackup(file);
  const release = await lockDataDir(dataDir);
  try {
    // A swap cut short by a kill is finished first; any other restoring folder is a leftover.
    completeInterruptedRestore(dataDir);
    for (const name of fs.readdirSync(dataDir)) if (name.startsWith(RESTORING_PREFIX)) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
    const staging = path.join(dataDir, `${RESTORING_PREFIX}${stamp(new Date())}`);
    let counts: RestoreResult['counts'];
    try {
      counts = await inspect(staging, file);
    } catch (err) {
      fs.rmSync(staging, { recursive: true, force: true });
      throw err;
    }
    // Verified: from here on, whoever next opens the folder finishes the swap if this process dies midway.
    fs.writeFileSync(path.join(staging, RESTORE_VERIFIED), '');
    const current = path.join(dataDir, 'pgdata');
    let replaced: string | null = null;
    if (fs.existsSync(current)) {
      replaced = path.join(dataDir, `pgdata.before-restore-${stamp(new Date())}`);
      fs.renameSync(current, replaced);
    }
    fs.renameSync(staging, current);
    fs.rmSync(path.join(current, RESTORE_VERIFIED), { force: true });
    return { replaced, counts };
  } finally {
    await release();
  }
}
