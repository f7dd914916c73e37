import pino from 'pino';
import { DataDirLockedError, openDatabase, type DatabaseHandle } from '@enamel/db';
import { prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig, type Config } from './env.ts';

export interface CommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * Runs a command-line task on the configured database (DATA_DIR or DATABASE_URL, as the server
 * does), migrated. Returns the exit code: 1 with a clear message for bad configuration or an
 * embedded database another process (the server) holds.
 */
export async function withConfiguredDatabase(
  command: string,
  io: CommandIo,
  task: (database: DatabaseHandle, config: Config) => Promise<number>,
  env: NodeJS.ProcessEnv = process.env,
  /** A line to add when the server holds the embedded database (another way to do the same thing). */
  whileServerRuns?: string,
): Promise<number> {
  let config;
  try {
    config = loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 1;
    }
    throw err;
  }
  let database: DatabaseHandle;
  try {
    database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      io.err(`Cannot run ${command}: the embedded database in ${config.dataDir} is in use by ${err.holder} (is the Enamel server running?). Stop it and try again.`);
      if (whileServerRuns) io.err(whileServerRuns);
      return 1;
    }
    throw err;
  }
  try {
    await prepareDatabase(database, config, pino({ level: config.logLevel === 'info' ? 'warn' : config.logLevel }), io.out);
    return await task(database, config);
  } finally {
    await database.close();
  }
}
