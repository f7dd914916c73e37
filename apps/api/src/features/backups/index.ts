/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as backupRoutes } from './backups.routes.ts';
export { COMMAND_ACTOR } from './backup-command.ts';
export { backupsSupported, listBackups, takeBackup } from './backup.service.ts';
export { startControlChannel } from './control-channel.ts';
