import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import { lockDataDir, lockHolder } from '../db/lock';
import { BACKUP_ROUTE, readBackupAccess } from './access';
import { takeInventory, type Inventory } from './inventory';

/**
 * Writes the embedded database's dump (a gzipped tar of its data directory) to `file`. The server
 * holding the database makes it (POST /internal/backup); when none runs, this process takes the
 * data folder's lock, so none can start meanwhile, and makes it itself.
 */
export async function writeEmbeddedDump(config: Pick<Config, 'DATA_DIR' | 'dbDir'>, file: string): Promise<{ by: 'server' | 'this process' }> {
  const holder = lockHolder(config.DATA_DIR);
  if (holder !== null) {
    const access = readBackupAccess(config.DATA_DIR);
    if (!access || access.pid !== holder) {
      throw new Error(
        `Process ${holder} holds the embedded database in ${config.DATA_DIR} but offers no backup (it is not started yet, or started by an older version). ` +
          'Wait for its start, or restart it, or stop it and run the backup again.',
      );
    }
    let response: Response;
    try {
      response = await fetch(`${access.url}${BACKUP_ROUTE}`, { method: 'POST', headers: { authorization: `Bearer ${access.secret}` } });
    } catch (error) {
      throw new Error(`The server (process ${holder}) holds the embedded database but does not answer at ${access.url}: ${(error as Error).message}`);
    }
    if (!response.ok || !response.body) {
      throw new Error(`The server (process ${holder}) refused the backup: HTTP ${response.status} ${await response.text()}`);
    }
    await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    return { by: 'server' };
  }
  if (!fs.existsSync(path.join(config.dbDir, 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${config.dbDir} to back up (is DATA_DIR right?).`);
  }
  const release = lockDataDir(config.DATA_DIR);
  try {
    const database = await openDatabase({ dir: config.dbDir });
    try {
      const tar = await database.dumpDataDir!();
      await pipeline(Readable.fromWeb(tar.stream() as NodeReadableStream<Uint8Array>), zlib.createGzip(), fs.createWriteStream(file, { flags: 'wx', mode: 0o600 }));
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
  return { by: 'this process' };
}

/** A dump as PGlite loads it. */
export function dumpBlob(file: string): Promise<Blob> {
  return fs.openAsBlob(file, { type: 'application/gzip' });
}

/**
 * Loads a dump and takes its inventory: into the (empty) database folder `dir` (a restore), or, with
 * no `dir`, in memory, which proves a new dump opens and records what a restore must find again.
 */
export async function loadEmbeddedDump(file: string, dir?: string): Promise<Inventory> {
  const database = await openDatabase({ dir, loadDataDir: await dumpBlob(file) });
  try {
    return await takeInventory(database.query, database.db);
  } finally {
    await database.close();
  }
}
