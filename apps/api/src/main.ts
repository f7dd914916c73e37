import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { DataDirLockedError, openDatabase } from '@enamel/db';
import { buildApp } from './app.ts';
import { prepareDatabase } from './bootstrap.ts';
import { ConfigError, loadConfig, type Config } from './env.ts';
import { COMMAND_ACTOR, startControlChannel, takeBackup } from './features/backups/index.ts';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
const log = pino({ level: config.logLevel });
let database;
try {
  database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: config.dataDir });
} catch (err) {
  if (err instanceof DataDirLockedError) {
    process.stderr.write(`${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
await prepareDatabase(database, config, log);
const app = await buildApp({ config, database });
// `npm run backup` asks this process, which holds the embedded database, through a socket in DATA_DIR.
const stopControl =
  database.kind === 'embedded'
    ? await startControlChannel(config.dataDir, { backup: async () => ({ ...(await takeBackup(app.deps, { actor: COMMAND_ACTOR })) }) }, app.log)
    : async () => undefined;

closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
  if (err) app.log.error({ err }, 'shutting down after an error');
  else app.log.info({ signal }, 'shutting down');
  await stopControl();
  await app.close();
  await database.close();
});

await app.listen({ port: config.port, host: config.host });
app.log.info(`Enamel is running at ${config.appUrl} (${database.kind} database)`);
