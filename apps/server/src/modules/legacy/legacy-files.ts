import fs from 'node:fs';
import path from 'node:path';
import { legacyFolderOf } from '@corner/domain';
import type { LegacyMediaContent, LegacyMediaKind } from './legacy-source';

/**
 * Where the old system keeps its pictures and downloads: `images/{ID/1000}/{filename}` and
 * `files/{ID/1000}/{filename}` under one folder (LEGACY_FILES_DIR). Reading them goes through this
 * one small interface, so that a bucket (S3) can take the folder's place later.
 */
export interface LegacyFileStore {
  /** The content, or null when there is no such file. */
  open(kind: LegacyMediaKind, itemId: number, filename: string): Promise<LegacyMediaContent | null>;
}

/** The path of a legacy picture or file below the legacy files folder, or null for a name with a path in it. */
export function legacyMediaPath(kind: LegacyMediaKind, itemId: number, filename: string): string | null {
  if (!isPlainName(filename) || !Number.isSafeInteger(itemId) || itemId < 1) return null;
  return path.join(kind === 'image' ? 'images' : 'files', String(legacyFolderOf(itemId)), filename);
}

/** A file name with nothing that could lead out of its folder. */
function isPlainName(filename: string): boolean {
  return filename.length > 0 && filename.length <= 255 && !/[/\\\0]/.test(filename) && filename !== '.' && filename !== '..';
}

/** The legacy files on local disk under `root`. */
export function localLegacyFiles(root: string): LegacyFileStore {
  return {
    async open(kind, itemId, filename) {
      const relative = legacyMediaPath(kind, itemId, filename);
      if (!relative) return null;
      const full = path.join(root, relative);
      let handle: fs.promises.FileHandle;
      try {
        handle = await fs.promises.open(full, 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return null;
        throw error;
      }
      const stat = await handle.stat();
      if (!stat.isFile()) {
        await handle.close();
        return null;
      }
      return { stream: handle.createReadStream(), size: stat.size };
    },
  };
}

/** Writes a legacy picture or file (the demo data and the MariaDB script); folders are made as needed. */
export async function writeLegacyMedia(root: string, kind: LegacyMediaKind, itemId: number, filename: string, bytes: Uint8Array): Promise<void> {
  const relative = legacyMediaPath(kind, itemId, filename);
  if (!relative) throw new Error(`Not a legacy file name: ${filename}`);
  const full = path.join(root, relative);
  await fs.promises.mkdir(path.dirname(full), { recursive: true });
  await fs.promises.writeFile(full, bytes);
}
