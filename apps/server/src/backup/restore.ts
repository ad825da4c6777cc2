import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { lockDataDir, lockHolder, LOCK_FILE } from '../db/lock';
import { blobKey, createStorage } from '../storage/index';
import { SECRET_FILE } from '../storage/signed-url';
import { loadEmbeddedDump } from './embedded';
import { copyTree, restoreStoreFromBackup } from './files';
import { differences, type Inventory } from './inventory';
import { FILES_DIR, hashFile, LEGACY_FILES_DIR, legacyFilesInDataDir, readManifest, SECRET_COPY, someOf, type Manifest } from './manifest';
import { assertEmptyDatabase, restorePostgres } from './postgres';

export interface RestoreResult {
  manifest: Manifest;
  /** Rows restored, over every table. */
  rows: number;
  files: { count: number; bytes: number; added: number };
  legacyFiles: number;
  notes: string[];
}

/**
 * Restores a backup into the configured database and storage, then checks the result against the
 * manifest: every table holds as many rows as when the backup was made, and every content a row
 * uses is in the store. The target must be empty (the embedded database: the whole DATA_DIR; a
 * PostgreSQL server: the database), so a restore never overwrites anything. Everything about the
 * backup is checked before anything is written.
 */
export async function restoreBackup(config: Config, backupDir: string): Promise<RestoreResult> {
  const dir = path.resolve(backupDir);
  const manifest = readManifest(dir);
  const dumpPath = path.join(dir, manifest.database.file);
  if (!fs.existsSync(dumpPath)) throw new Error(`The backup ${dir} lacks its database dump ${manifest.database.file}; nothing was restored.`);
  const dump = await hashFile(dumpPath);
  if (dump.sha256 !== manifest.database.sha256) {
    throw new Error(`The database dump ${dumpPath} is damaged (its sha256 differs from the manifest's); nothing was restored.`);
  }
  if (manifest.database.engine === 'pglite' && config.DATABASE_URL) {
    throw new Error('This backup is of the embedded database, and DATABASE_URL names a PostgreSQL server. Unset DATABASE_URL to restore it into DATA_DIR; nothing was restored.');
  }
  if (manifest.database.engine === 'postgres' && !config.DATABASE_URL) {
    throw new Error('This backup is of a PostgreSQL server (pg_dump). Set DATABASE_URL to an empty database to restore it into; nothing was restored.');
  }
  return config.DATABASE_URL ? restoreToServer(config, config.DATABASE_URL, dir, manifest) : restoreEmbedded(config, dir, manifest);
}

async function restoreEmbedded(config: Config, dir: string, manifest: Manifest): Promise<RestoreResult> {
  const holder = lockHolder(config.DATA_DIR);
  if (holder !== null) throw new Error(`DATA_DIR ${config.DATA_DIR} is in use by process ${holder}. Stop it, and restore into an empty folder; nothing was restored.`);
  const present = fs.existsSync(config.DATA_DIR) ? fs.readdirSync(config.DATA_DIR) : [];
  if (present.length > 0) {
    throw new Error(
      `DATA_DIR ${config.DATA_DIR} is not empty (it holds ${someOf(present, 4)}). ` +
        'A restore goes into an empty folder only, so nothing there is overwritten: set DATA_DIR to a new folder, or move this one aside; nothing was restored.',
    );
  }
  const release = lockDataDir(config.DATA_DIR);
  try {
    return await restoreInto(config, dir, manifest, () => loadEmbeddedDump(path.join(dir, manifest.database.file), config.dbDir));
  } catch (error) {
    // The folder was empty: take it back there, so that nothing half-restored can be started.
    for (const entry of fs.readdirSync(config.DATA_DIR)) if (entry !== LOCK_FILE) fs.rmSync(path.join(config.DATA_DIR, entry), { recursive: true, force: true });
    throw error;
  } finally {
    release();
  }
}

async function restoreToServer(config: Config, url: string, dir: string, manifest: Manifest): Promise<RestoreResult> {
  await assertEmptyDatabase(url);
  return restoreInto(config, dir, manifest, () => restorePostgres(url, path.join(dir, manifest.database.file)));
}

/** The secret, the files, then the database, and the checks; `loadDatabase` answers the restored database's inventory. */
async function restoreInto(config: Config, dir: string, manifest: Manifest, loadDatabase: () => Promise<Inventory>): Promise<RestoreResult> {
  const notes: string[] = [];
  if (manifest.urlSigningSecret) {
    if (config.URL_SIGNING_SECRET) {
      notes.push('URL_SIGNING_SECRET is set, so the backup\'s generated URL signing secret was not restored (links signed before it may stop working).');
    } else {
      fs.mkdirSync(config.DATA_DIR, { recursive: true });
      try {
        fs.copyFileSync(path.join(dir, SECRET_COPY), path.join(config.DATA_DIR, SECRET_FILE), fs.constants.COPYFILE_EXCL);
        fs.chmodSync(path.join(config.DATA_DIR, SECRET_FILE), 0o600);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        notes.push(`DATA_DIR has a URL signing secret already; it was kept (links signed before the backup may stop working).`);
      }
    }
  }

  const storage = createStorage(config);
  const files = manifest.files.copied ? await restoreStoreFromBackup(storage, dir) : { count: 0, bytes: 0, added: 0 };
  if (manifest.files.copied && files.count !== manifest.files.count) {
    throw new Error(`The backup's ${FILES_DIR} folder holds ${files.count} files; its manifest says ${manifest.files.count}. The backup is incomplete.`);
  }

  let legacyFiles = 0;
  if (manifest.legacyFiles) {
    if (!legacyFilesInDataDir(config)) {
      notes.push(`LEGACY_FILES_DIR (${config.legacyFilesDir}) is outside DATA_DIR: the backup's ${manifest.legacyFiles.count} legacy files were not restored there.`);
    } else {
      const copy = await copyTree(path.join(dir, LEGACY_FILES_DIR), config.legacyFilesDir);
      legacyFiles = copy.count;
      if (copy.kept > 0) notes.push(`${copy.kept} legacy files were there already and were kept as they were.`);
    }
  }

  const inventory = await loadDatabase();
  const differ = differences(manifest.database.tables, inventory.tables);
  if (differ.length > 0) throw new Error(`The restored database does not hold what the backup did:\n  ${differ.join('\n  ')}`);

  const knownMissing = new Set(manifest.missingFiles);
  const missing: string[] = [];
  for (const sha256 of inventory.references) if (!knownMissing.has(sha256) && !(await storage.exists(blobKey(sha256)))) missing.push(sha256);
  if (missing.length > 0) {
    const named = someOf(missing);
    if (manifest.files.copied) throw new Error(`${missing.length} files the restored database uses are not in the store: ${named}`);
    // Files the backup does not hold live in the bucket: what is gone there comes back from its versions, not from here.
    notes.push(`${missing.length} files the database uses are not in ${manifest.files.where}: bring them back from the bucket's versions (docs/operations.md, "Backups"): ${named}`);
  }
  if (knownMissing.size > 0) notes.push(`${knownMissing.size} files were already missing when the backup was made (missingFiles in its manifest).`);

  const rows = Object.values(inventory.tables).reduce((sum, n) => sum + n, 0);
  return { manifest, rows, files, legacyFiles, notes };
}
