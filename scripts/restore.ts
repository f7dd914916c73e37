// `npm run restore -- FILE`: restores a backup into the embedded database of a stopped installation.
import { runRestoreCommand } from '../apps/api/src/features/backups/backup-command.ts';

process.exitCode = await runRestoreCommand(process.argv.slice(2));
