import fs from 'node:fs';
import path from 'node:path';
import { DataDirLockedError, openDatabase } from '@enamel/db';
import type { Actor } from '../../core/activity-log.ts';
import type { CommandIo } from '../../cli.ts';
import { ConfigError, loadConfig, type Config } from '../../env.ts';
import { listBackups, takeBackup, type TakenBackup } from './backup.service.ts';
import { askServer } from './control-channel.ts';
import { RestoreError, restoreBackup } from './restore.ts';

/**
 * `npm run backup` and `npm run restore -- FILE` (scripts/backup.ts, scripts/restore.ts). Each returns its exit
 * code; messages are for the person at the terminal.
 */

export const COMMAND_ACTOR: Actor = { userId: null, email: null, ip: 'cli', userAgent: 'npm run backup' };

const POSTGRES_ADVICE = [
  'Enamel does not back up a PostgreSQL database (DATABASE_URL is set): use PostgreSQL’s own tools, for example',
  '  pg_dump --format=custom --file=enamel-$(date +%F).dump "$DATABASE_URL"',
  '  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" enamel-2026-05-01.dump',
  'or your provider’s snapshots. The README’s “Backups and restore” section says more.',
];

function readConfig(env: NodeJS.ProcessEnv, io: CommandIo): Config | null {
  try {
    return loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return null;
    }
    throw err;
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function reportTaken(io: CommandIo, taken: Pick<TakenBackup, 'path' | 'size_bytes' | 'removed'>, how: string): void {
  io.out(`Backup written ${how}: ${taken.path} (${megabytes(taken.size_bytes)}).`);
  if (taken.removed.length) io.out(`Older backups removed by the retention rule: ${taken.removed.join(', ')}.`);
}

/**
 * Asks the running server to take a backup (it holds the database); when no server runs, takes it here under
 * the data folder's lock. Refuses on PostgreSQL, and while another command (not the server) holds the folder.
 */
export async function runBackupCommand(env: NodeJS.ProcessEnv = process.env, io: CommandIo = { out: console.log, err: console.error }): Promise<number> {
  const config = readConfig(env, io);
  if (!config) return 1;
  if (config.databaseUrl) {
    for (const line of POSTGRES_ADVICE) io.err(line);
    return 1;
  }
  let reply;
  try {
    reply = await askServer(config.dataDir, 'backup');
  } catch (err) {
    io.err(`Could not ask the Enamel server for a backup: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  }
  if (reply) {
    if (!reply.ok) {
      io.err(`The Enamel server could not take the backup: ${reply.message}`);
      return 1;
    }
    reportTaken(io, reply.data as unknown as TakenBackup, 'by the running server');
    return 0;
  }
  if (!fs.existsSync(path.join(config.dataDir, 'pgdata', 'PG_VERSION'))) {
    io.err(`There is no embedded database in ${config.dataDir} to back up (is DATA_DIR right?).`);
    return 1;
  }
  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(`Cannot back up now: the embedded database in ${config.dataDir} is in use by ${err.holder}, which does not take backup requests (another command, such as npm run seed?). Try again when it has finished.`);
      return 1;
    }
    throw err;
  }
  try {
    reportTaken(io, await takeBackup({ db: database.db, config, database }, { actor: COMMAND_ACTOR }), '(no server was running)');
    return 0;
  } catch (err) {
    io.err(`The backup failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await database.close();
  }
}

/** A file named on the command line: as given (from where the command was typed), else one of BACKUP_DIR's. */
function resolveBackupFile(given: string, config: Config, env: NodeJS.ProcessEnv): string {
  const typed = path.resolve(env.INIT_CWD ?? process.cwd(), given);
  if (fs.existsSync(typed)) return typed;
  const inBackups = path.join(config.backupDir, given);
  return path.basename(given) === given && fs.existsSync(inBackups) ? inBackups : typed;
}

/** Restores a backup into the stopped installation's embedded database; with no file, lists the backups there are. */
export async function runRestoreCommand(args: string[], env: NodeJS.ProcessEnv = process.env, io: CommandIo = { out: console.log, err: console.error }): Promise<number> {
  const config = readConfig(env, io);
  if (!config) return 1;
  if (config.databaseUrl) {
    for (const line of POSTGRES_ADVICE) io.err(line);
    return 1;
  }
  if (args.length !== 1 || !args[0]) {
    io.err('Usage: npm run restore -- FILE   (a backup made by npm run backup or the Support page; stop the server first)');
    const backups = await listBackups(config).catch(() => []);
    if (backups.length) {
      io.err(`Backups in ${config.backupDir}, newest first:`);
      for (const b of backups) io.err(`  ${b.name}  ${megabytes(b.size_bytes)}`);
    } else io.err(`There are no backups in ${config.backupDir}.`);
    return 1;
  }
  const file = resolveBackupFile(args[0], config, env);
  io.out(`Restoring ${file} into ${path.join(config.dataDir, 'pgdata')}…`);
  try {
    const result = await restoreBackup(file, config.dataDir);
    const c = result.counts;
    io.out(`Restored: ${c.practices} practices, ${c.products} products, ${c.procedures} procedures, ${c.lots} lots, ${c.movements} stock movements.`);
    if (result.replaced) io.out(`The database it replaced is kept in ${result.replaced}; delete that folder once you are satisfied.`);
    io.out('Start Enamel as usual (npm start): it brings a backup of an older version up to date.');
    return 0;
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(`Cannot restore while the embedded database in ${config.dataDir} is in use by ${err.holder} (is the Enamel server running?). Stop it first: a restore replaces the whole database.`);
      return 1;
    }
    if (err instanceof RestoreError) {
      io.err(`Nothing was changed. ${err.message}`);
      return 1;
    }
    throw err;
  }
}
