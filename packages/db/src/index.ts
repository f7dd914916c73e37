export * from './client.ts';
export { builtOnce, executeNamed, NAMED } from './named-statements.ts';
export type { Listener, NotificationHandlers } from './notify.ts';
export { DataDirLockedError, LOCK_NAME, folderSocketAddress, lockDataDir } from './data-dir-lock.ts';
export * from './schema/index.ts';
export * as schema from './schema/index.ts';
export { RESTORE_VERIFIED, RESTORING_PREFIX, completeInterruptedRestore } from './restore-swap.ts';
