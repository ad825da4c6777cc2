import fs from 'node:fs';
import path from 'node:path';

/**
 * The embedded database belongs to one process at a time. A second process on the same DATA_DIR
 * would corrupt it, so it stops with a message instead. A lock left by a dead process is taken over.
 */
export function lockDataDir(dir: string): () => void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const pid = lockHolder(dir);
  if (pid !== null && pid !== process.pid) {
    throw new Error(
      `The embedded database in ${dir} is in use by process ${pid}. Stop it first, or give this one its own DATA_DIR ` +
        `(several processes need a PostgreSQL server: set DATABASE_URL).`,
    );
  }
  fs.writeFileSync(file, String(process.pid));
  return () => fs.rmSync(file, { force: true });
}

/** The lock's file in DATA_DIR. */
export const LOCK_FILE = 'corner.pid';

/** The live process that holds the data dir's lock, or null when none does (a dead one's lock does not count). */
export function lockHolder(dir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    return pid && isAlive(pid) ? pid : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
