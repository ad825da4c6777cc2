import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { digestContent } from '../storage/index';

/**
 * A backup is a folder (`backups/corner-<time>/`): the database dump, the file store's content
 * (`files/blobs/ab/cd/<sha256>`, the store's own layout), the older system's files when they live in
 * DATA_DIR, the URL signing secret, and this manifest, written last: a folder without one is not a
 * finished backup.
 */
export const MANIFEST_FILE = 'manifest.json';
/** The dump of the embedded database: its data directory as a gzipped tar (PGlite's `dumpDataDir`). */
export const EMBEDDED_DUMP_FILE = 'database.tar.gz';
/** The dump of a PostgreSQL server's database: `pg_dump --format=custom`. */
export const POSTGRES_DUMP_FILE = 'database.pgdump';
/** The content store's copy, in the store's layout. */
export const FILES_DIR = 'files';
export const LEGACY_FILES_DIR = 'legacy-files';
export const SECRET_COPY = 'url-signing-secret';

export interface Manifest {
  format: 'corner-backup';
  version: 1;
  createdAt: string;
  database: {
    engine: 'pglite' | 'postgres';
    /** The dump's file name in the backup. */
    file: string;
    bytes: number;
    sha256: string;
    /** Rows of every table (`schema.table`) in the dump. */
    tables: Record<string, number>;
    /** How many distinct contents (sha256) the dump's rows use. */
    references: number;
  };
  /** The content store: copied (local disk), or left where it lives (an S3 bucket: its versioning keeps it). */
  files: { copied: true; count: number; bytes: number } | { copied: false; where: string };
  /** Content the dump's rows use that the store no longer held when the files were copied. */
  missingFiles: string[];
  /** The older system's pictures and downloads, when they live in DATA_DIR. */
  legacyFiles: { count: number; bytes: number } | null;
  /** Whether DATA_DIR's generated URL signing secret is in the backup. */
  urlSigningSecret: boolean;
}

/** Reads and checks a backup's manifest; every way a folder is not a backup gets its own message. */
export function readManifest(dir: string): Manifest {
  if (!fs.existsSync(dir)) throw new Error(`There is no backup at ${dir}.`);
  if (!fs.statSync(dir).isDirectory()) throw new Error(`${dir} is a file; a backup is a folder (backups/corner-<time>).`);
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) {
    throw new Error(`${dir} is not a finished backup: it has no ${MANIFEST_FILE} (a backup that stopped half-way has none).`);
  }
  let manifest: Partial<Manifest>;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch {
    throw new Error(`${file} is not valid JSON; the backup is damaged.`);
  }
  if (manifest.format !== 'corner-backup') throw new Error(`${dir} is not a Corner backup (its ${MANIFEST_FILE} says format ${String(manifest.format)}).`);
  if (manifest.version !== 1) throw new Error(`${dir} is a backup of format version ${String(manifest.version)}; this version of Corner reads version 1.`);
  return manifest as Manifest;
}

export function writeManifest(dir: string, manifest: Manifest): void {
  fs.writeFileSync(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
}

/** The sha256 (hex) and size of a file, read as a stream (the store's own digest). */
export async function hashFile(file: string): Promise<{ sha256: string; bytes: number }> {
  const { sha256, size } = await digestContent(fs.createReadStream(file));
  return { sha256, bytes: size };
}

/** The legacy files folder lies inside DATA_DIR, so backups copy it and restores refill it. */
export function legacyFilesInDataDir(config: Pick<Config, 'DATA_DIR' | 'legacyFilesDir'>): boolean {
  return !path.relative(config.DATA_DIR, config.legacyFilesDir).startsWith('..');
}

/** The first `shown` names of a list for a message, then "…" when there are more. */
export function someOf(names: readonly string[], shown = 5): string {
  return `${names.slice(0, shown).join(', ')}${names.length > shown ? ', …' : ''}`;
}
