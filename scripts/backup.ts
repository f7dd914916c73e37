// `npm run backup`: a backup of the embedded database, taken by the running server (or here, when none runs).
import { runBackupCommand } from '../apps/api/src/features/backups/backup-command.ts';

process.exitCode = await runBackupCommand();
