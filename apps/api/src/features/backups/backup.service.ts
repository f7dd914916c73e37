import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { BackupFile } from '@enamel/contracts';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import type { Deps } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import type { Config } from '../../env.ts';
import { backupsToKeep } from './retention.ts';

/**
 * Backups of the embedded database (docs/product-rules.md#backups): a consistent snapshot of PGlite's data directory
 * (`DatabaseHandle.snapshot`, taken between transactions), gzipped into `BACKUP_DIR` as
 * `enamel-<UTC time>.tar.gz` (readable only by the server's user: it holds every record, password hashes
 * included), then the retention rule prunes older ones. A file appears under its final name only once it is
 * whole (written as a hidden `.partial`, flushed, then renamed), so a crash or a full disk never leaves a
 * backup that looks complete. PostgreSQL is backed up with its own tools (pg_dump): 409 there.
 *
 * Called by `POST /api/backups`, by `npm run backup` (through the server's control channel, or alone when
 * no server runs) and, for the scheduled job, by the scheduler: `takeBackup(deps)`.
 */

/** What taking a backup needs: the app's deps, or the same built by a command-line task. */
export type BackupDeps = Pick<Deps, 'db' | 'config' | 'database'>;

export interface TakenBackup extends BackupFile {
  /** Where it was written. */
  path: string;
  /** Older backups the retention rule deleted. */
  removed: string[];
}

const FILE_PATTERN = /^enamel-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.tar\.gz$/;
/** A partial file older than this belongs to a backup that died (one process backs up a folder at a time). */
const STALE_PARTIAL_MS = 60 * 60 * 1000;

/** `enamel-2026-05-01T10-30-00-123Z.tar.gz`: the UTC time, sortable, valid on every file system. */
export function backupFileName(at: Date): string {
  return `enamel-${at.toISOString().replace(/:/g, '-').replace('.', '-')}.tar.gz`;
}

/** The time a backup's name gives, or null for a file that is not one of ours. */
export function backupTime(name: string): Date | null {
  const m = FILE_PATTERN.exec(name);
  if (!m) return null;
  const at = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(at.getTime()) ? null : at;
}

export const backupsUnsupported = () => new AppError('conflict', 'backups.postgres');

/** Does Enamel back this database up itself? Only the embedded one (a scheduled job should skip otherwise). */
export function backupsSupported(deps: Pick<BackupDeps, 'database'>): boolean {
  return deps.database.kind === 'embedded' && typeof deps.database.snapshot === 'function';
}

/** The backups in the folder, newest first (only our own files; nothing else in the folder is touched). A 503 when the folder cannot be read. */
export async function listBackups(config: Pick<Config, 'backupDir'>): Promise<BackupFile[]> {
  let names: string[];
  try {
    names = await fs.promises.readdir(config.backupDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw new AppError('unavailable', 'backups.read_failed', undefined, { directory: config.backupDir, reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message });
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const at = backupTime(name);
    if (!at) continue;
    const stat = await fs.promises.stat(path.join(config.backupDir, name)).catch(() => null);
    if (stat?.isFile()) found.push({ name, size_bytes: stat.size, created_at: at.toISOString() });
  }
  return found.sort((a, b) => b.created_at.localeCompare(a.created_at));
}

/** The server's own calendar decides what a day and a week are for retention. */
const serverTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** Deletes the backups the retention rule does not keep; returns their names. */
export async function pruneBackups(config: Pick<Config, 'backupDir' | 'backupRetention'>, timeZone = serverTimeZone()): Promise<string[]> {
  const all = (await listBackups(config)).map((b) => ({ ...b, createdAt: new Date(b.created_at) }));
  const { remove } = backupsToKeep(all, config.backupRetention, timeZone);
  for (const b of remove) await fs.promises.rm(path.join(config.backupDir, b.name), { force: true });
  return remove.map((b) => b.name);
}

async function removeStalePartials(dir: string): Promise<void> {
  for (const name of await fs.promises.readdir(dir)) {
    if (!name.startsWith('.enamel-') || !name.endsWith('.partial')) continue;
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (stat && Date.now() - stat.mtimeMs > STALE_PARTIAL_MS) await fs.promises.rm(file, { force: true });
  }
}

/** Flushes a file (or a folder's entries) to the disk; folders cannot be opened for that on Windows. */
async function flush(file: string): Promise<void> {
  let handle: fs.promises.FileHandle | undefined;
  try {
    handle = await fs.promises.open(file, 'r');
    await handle.sync();
  } catch (err) {
    if (process.platform !== 'win32') throw err;
  } finally {
    await handle?.close();
  }
}

/** A blob in pieces of a few megabytes (one piece in memory at a time besides the blob). */
async function* blobChunks(blob: Blob, size = 4 << 20): AsyncGenerator<Buffer> {
  for (let offset = 0; offset < blob.size; offset += size) yield Buffer.from(await blob.slice(offset, offset + size).arrayBuffer());
}

const SYSTEM_ACTOR: Actor = { userId: null, email: null, ip: 'server', userAgent: 'Enamel backup' };

/** One backup at a time per database: whoever asks while one is under way gets that one. */
const underWay = new WeakMap<object, Promise<TakenBackup>>();

/** Is a backup of this database being taken right now? */
export function backupUnderWay(database: object): boolean {
  return underWay.has(database);
}

/**
 * Takes a backup now: snapshot, compress, write, prune, log. Concurrent calls on one database share one
 * backup. Throws a 409 on PostgreSQL, and a 503 naming the folder and the system's reason when the file
 * cannot be written (nothing is left behind then).
 */
export async function takeBackup(deps: BackupDeps, options: { actor?: Actor } = {}): Promise<TakenBackup> {
  const { database } = deps;
  if (!backupsSupported(deps)) throw backupsUnsupported();
  const running = underWay.get(database);
  if (running) return running;
  const work = writeBackup(deps, options.actor ?? SYSTEM_ACTOR).finally(() => underWay.delete(database));
  underWay.set(database, work);
  return work;
}

async function writeBackup(deps: BackupDeps, actor: Actor): Promise<TakenBackup> {
  const dir = deps.config.backupDir;
  const failed = (err: unknown) =>
    new AppError('unavailable', 'backups.write_failed', undefined, { directory: dir, reason: (err as NodeJS.ErrnoException).code ?? (err as Error).message });
  try {
    await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
    await removeStalePartials(dir);
  } catch (err) {
    throw failed(err);
  }
  const tar = await deps.database.snapshot!();
  let at = new Date();
  // Names are unique to the millisecond; a second backup in the same one waits for the next.
  while (fs.existsSync(path.join(dir, backupFileName(at)))) at = new Date(at.getTime() + 1);
  const name = backupFileName(at);
  const file = path.join(dir, name);
  const partial = path.join(dir, `.${name}.partial`);
  try {
    // Compressed outside the database's lock, in zlib's thread pool: writes wait for the copy only. Large
    // chunks, because every hop of the stream waits its turn behind the database's statements on this thread.
    await pipeline(Readable.from(blobChunks(tar)), zlib.createGzip({ level: 6, chunkSize: 1 << 20 }), fs.createWriteStream(partial, { flags: 'wx', mode: 0o600, highWaterMark: 1 << 20 }));
    await flush(partial);
    await fs.promises.rename(partial, file);
    await flush(dir);
  } catch (err) {
    await fs.promises.rm(partial, { force: true }).catch(() => undefined);
    throw failed(err);
  }
  const size = (await fs.promises.stat(file)).size;
  const removed = await pruneBackups(deps.config);
  await recordActivity(deps.db, actor, { action: 'backup', subject: 'Backup', subjectId: name, after: { size_bytes: size, ...(removed.length ? { removed } : {}) } });
  return { name, size_bytes: size, created_at: at.toISOString(), path: file, removed };
}
