import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { createStorage, parseStorageUrl } from '../storage/index';
import { SECRET_FILE } from '../storage/signed-url';
import { loadEmbeddedDump, writeEmbeddedDump } from './embedded';
import { copyContent, copyStoreToBackup, copyTree } from './files';
import { EMBEDDED_DUMP_FILE, hashFile, LEGACY_FILES_DIR, legacyFilesInDataDir, POSTGRES_DUMP_FILE, SECRET_COPY, someOf, writeManifest, type Manifest } from './manifest';
import { dumpPostgres } from './postgres';

export interface BackupOptions {
  /** The folder backups go in (`backups`); each is a folder `corner-<time>` inside it. */
  to: string;
  /** Copy the older system's files when they live in DATA_DIR (default true). */
  legacyFiles?: boolean;
  now?: Date;
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
  /** Who made the database's dump: the running server (embedded database), this process, or pg_dump. */
  dumpedBy: 'server' | 'this process' | 'pg_dump';
  /** What the backup leaves out or could not copy, for the person running it. */
  notes: string[];
}

/**
 * Backs up the configured database and local files while the portal runs: first the database's
 * consistent dump, then the content store (immutable, content-addressed, so every file the dump
 * uses is there), the older system's files in DATA_DIR, and the URL signing secret. Written into
 * `<name>.partial` and renamed when complete, with the manifest last; a failure removes it.
 */
export async function createBackup(config: Config, options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const stamp = now.toISOString().replace(/\.\d+Z$/, 'Z').replaceAll(':', '-');
  const parent = path.resolve(options.to);
  const dir = path.join(parent, `corner-${stamp}`);
  const work = `${dir}.partial`;
  if (fs.existsSync(dir)) throw new Error(`${dir} exists already; nothing was written.`);
  fs.mkdirSync(parent, { recursive: true });
  try {
    fs.mkdirSync(work, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new Error(`Another backup is being written to ${work}; nothing was written.`);
    throw error;
  }
  try {
    const result = await writeBackup(config, work, { ...options, now });
    fs.renameSync(work, dir);
    return { ...result, dir };
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

async function writeBackup(config: Config, work: string, options: BackupOptions & { now: Date }): Promise<Omit<BackupResult, 'dir'>> {
  const notes: string[] = [];
  const engine = config.DATABASE_URL ? 'postgres' : 'pglite';
  const dumpFile = engine === 'postgres' ? POSTGRES_DUMP_FILE : EMBEDDED_DUMP_FILE;
  const dumpPath = path.join(work, dumpFile);

  // 1. The database, consistent as of one moment.
  let dumpedBy: BackupResult['dumpedBy'];
  let postgresInventory = null;
  if (config.DATABASE_URL) {
    postgresInventory = await dumpPostgres(config.DATABASE_URL, dumpPath);
    dumpedBy = 'pg_dump';
  } else {
    dumpedBy = (await writeEmbeddedDump(config, dumpPath)).by;
  }

  // 2. The files, after the dump.
  const storage = createStorage(config);
  let files: Manifest['files'];
  let held: Set<string> | null = null;
  if (config.STORAGE_URL) {
    const s3 = parseStorageUrl(config.STORAGE_URL);
    const where = `the S3 bucket ${s3.bucket}${s3.prefix ? `/${s3.prefix}` : ''}`;
    files = { copied: false, where };
    notes.push(`Files and images live in ${where} and are not in this backup: keep them with the bucket's versioning or replication (docs/operations.md, "Backups").`);
  } else {
    const copy = await copyStoreToBackup(storage, work);
    files = { copied: true, count: copy.count, bytes: copy.bytes };
    held = copy.held;
    for (const sha256 of copy.damaged) notes.push(`The stored content ${sha256} is damaged (its bytes do not hash to its name) and was not copied.`);
  }

  // 3. What the dump's rows use must be among the files: the sweep may have removed content whose
  //    rows went after the dump. Such content is copied again if it is still there.
  const inventory = postgresInventory ?? (await loadEmbeddedDump(dumpPath));
  const missingFiles: string[] = [];
  if (held) {
    for (const sha256 of [...inventory.references].sort()) {
      if (held.has(sha256)) continue;
      const outcome = await copyContent(storage, sha256, work);
      if (typeof outcome === 'number' && files.copied) {
        files.count += 1;
        files.bytes += outcome;
      } else {
        missingFiles.push(sha256);
      }
    }
    if (missingFiles.length > 0) {
      notes.push(`${missingFiles.length} files the database uses were missing from the store (listed in the manifest as missingFiles): ${someOf(missingFiles)}`);
    }
  }

  // 4. The older system's files, when they are part of DATA_DIR.
  let legacyFiles: Manifest['legacyFiles'] = null;
  if (fs.existsSync(config.legacyFilesDir)) {
    if (!legacyFilesInDataDir(config)) {
      notes.push(`The older system's files (LEGACY_FILES_DIR, ${config.legacyFilesDir}) are outside DATA_DIR and not in this backup; they are the old site's to keep.`);
    } else if (options.legacyFiles === false) {
      notes.push(`The older system's files (${config.legacyFilesDir}) were left out, as asked.`);
    } else {
      const copy = await copyTree(config.legacyFilesDir, path.join(work, LEGACY_FILES_DIR));
      legacyFiles = { count: copy.count, bytes: copy.bytes };
    }
  }

  // 5. The generated URL signing secret, so links signed before the restore go on working.
  const secret = path.join(config.DATA_DIR, SECRET_FILE);
  const urlSigningSecret = !config.URL_SIGNING_SECRET && fs.existsSync(secret);
  if (urlSigningSecret) fs.copyFileSync(secret, path.join(work, SECRET_COPY));

  const dump = await hashFile(dumpPath);
  const manifest: Manifest = {
    format: 'corner-backup',
    version: 1,
    createdAt: options.now.toISOString(),
    database: { engine, file: dumpFile, bytes: dump.bytes, sha256: dump.sha256, tables: inventory.tables, references: inventory.references.size },
    files,
    missingFiles,
    legacyFiles,
    urlSigningSecret,
  };
  writeManifest(work, manifest);
  return { manifest, dumpedBy, notes };
}
