import fs from 'node:fs';
import path from 'node:path';

/**
 * A restore (apps/api features/backups/restore.ts) unpacks a backup into `DATA_DIR/pgdata.restoring-<time>`,
 * checks it, marks it verified, then renames the current `pgdata` aside and the new folder into its place. Two
 * renames: a process killed between them would leave no `pgdata`, and the next start would create an empty
 * database there. So whoever takes the folder's lock first finishes such a swap: a verified restoring folder and no
 * `pgdata` means the second rename is what is missing.
 */
export const RESTORING_PREFIX = 'pgdata.restoring-';
export const RESTORE_VERIFIED = '.enamel-restore-verified';

/** Finishes a restore interrupted between its two renames (call with the folder's lock held). Returns whether it did. */
export function completeInterruptedRestore(dataDir: string): boolean {
  const current = path.join(dataDir, 'pgdata');
  if (fs.existsSync(current) || !fs.existsSync(dataDir)) return false;
  const verified = fs
    .readdirSync(dataDir)
    .filter((name) => name.startsWith(RESTORING_PREFIX) && fs.existsSync(path.join(dataDir, name, RESTORE_VERIFIED)))
    .sort()
    .at(-1);
  if (!verified) return false;
  fs.renameSync(path.join(dataDir, verified), current);
  fs.rmSync(path.join(current, RESTORE_VERIFIED), { force: true });
  return true;
}
