import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * How `npm run backup` reaches the running server that holds the embedded database (only that
 * process can read it): the server writes its address and a secret of this start into DATA_DIR,
 * readable by its owner only, and answers POST /internal/backup for whoever sends the secret.
 * Reading the file takes the same access as copying the data folder, so the route gives nobody more.
 */
export const ACCESS_FILE = 'backup-access.json';
export const BACKUP_ROUTE = '/internal/backup';

export interface BackupAccess {
  /** The server process. */
  pid: number;
  /** Where it listens, as this machine reaches it (`http://127.0.0.1:3000`). */
  url: string;
  secret: string;
}

export function newBackupSecret(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The address this machine reaches a server on that listens on `host`: loopback for "every interface". */
export function localUrl(host: string, port: number): string {
  const name = host === '0.0.0.0' || host === '' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`;
}

/** Writes the access file (mode 0600, replaced whole); answers a function that removes it again. */
export function writeBackupAccess(dataDir: string, access: BackupAccess): () => void {
  const file = path.join(dataDir, ACCESS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temporary, JSON.stringify(access), { mode: 0o600 });
  fs.renameSync(temporary, file);
  return () => {
    // Only our own: a newer server on the same folder may have written its file since.
    if (readBackupAccess(dataDir)?.pid === access.pid) fs.rmSync(file, { force: true });
  };
}

export function readBackupAccess(dataDir: string): BackupAccess | null {
  try {
    const access = JSON.parse(fs.readFileSync(path.join(dataDir, ACCESS_FILE), 'utf8')) as Partial<BackupAccess>;
    return typeof access.pid === 'number' && typeof access.url === 'string' && typeof access.secret === 'string' ? (access as BackupAccess) : null;
  } catch {
    return null;
  }
}

/** Whether an Authorization header carries this secret (compared in constant time). */
export function carriesSecret(authorization: string | undefined, secret: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/.exec(authorization ?? '')?.[1] ?? '');
  const expected = Buffer.from(secret);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}
