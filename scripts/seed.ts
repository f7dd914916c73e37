// `npm run seed`: demo data into the configured database (DATA_DIR or DATABASE_URL). Run it while the server is stopped.
import { runSeedCommand } from '../apps/api/src/features/seeder/seed-command.ts';

process.exitCode = await runSeedCommand();
