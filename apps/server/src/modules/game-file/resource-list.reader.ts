import { createHash } from 'node:crypto';
import { hex32, idHex } from './binary.reader';
import { byteSourceFromBytes, readExact, type ByteSource } from './byte-source.reader';
import { DEFAULT_MAX_RESOURCE_BYTES, readResource, type PackageEntry } from './dbpf.reader';
import { GameFileError } from './game-file.errors';
import { Compression } from './resource-types.constants';

/**
 * One resource as stored: its key (`tttttttt:gggggggg:iiiiiiiiiiiiiiii`), unpacked size and fingerprint
 * (null when it was not read: then only its size compares).
 */
export type ListedResource = [key: string, size: number, hash: string | null];

export interface ResourceList {
  /** Live resources in the index, each key once. */
  total: number;
  /** Every live resource in key order; null when there are more than `maxResources` (then only counts compare). */
  resources: ListedResource[] | null;
}

export interface ResourceListOptions {
  /** Packages with more resources keep only their count (default 50,000). */
  maxResources?: number;
  /** Bytes unpacked over the whole package before the rest are fingerprinted as stored (default 1 GiB). */
  maxUnpackedBytes?: number;
  /** Stored bytes read in one go (neighbouring resources share a read). */
  chunkBytes?: number;
}

export const DEFAULT_MAX_LISTED_RESOURCES = 50_000;
export const DEFAULT_MAX_UNPACKED_BYTES = 1024 * 1024 * 1024;
const DEFAULT_CHUNK_BYTES = 8 * 1024 * 1024;

/** The first 64 bits of a sha256, in hex: enough to tell two versions of one resource apart. */
function fingerprint(bytes: Uint8Array, prefix = ''): string {
  return prefix + createHash('sha256').update(bytes).digest('hex').slice(0, 16);
}

export function resourceKey(entry: Pick<PackageEntry, 'type' | 'group' | 'instance'>): string {
  return `${hex32(entry.type)}:${hex32(entry.group)}:${idHex(entry.instance)}`;
}

/**
 * Every resource of a package by key, with a fingerprint of what it holds, so that two versions of
 * a package can be compared resource by resource (what changed in an update). The fingerprint is of
 * the unpacked content, so a resource packed again without a change is not a change; one that cannot
 * be unpacked (damaged, streamable, over the caps) is fingerprinted as stored, marked `s`. The file is
 * read once, in order, a chunk at a time (one ranged read per chunk on S3, never one per resource).
 *
 * Bounded: overlapping entries read at most the file's size plus one resource more in all (past
 * that, resources keep no fingerprint and compare by size), and at most `maxUnpackedBytes` are unpacked.
 * A key listed twice counts once (the first).
 */
export async function readResourceList(source: ByteSource, entries: readonly PackageEntry[], options: ResourceListOptions = {}): Promise<ResourceList> {
  const maxResources = options.maxResources ?? DEFAULT_MAX_LISTED_RESOURCES;
  let unpackBudget = options.maxUnpackedBytes ?? DEFAULT_MAX_UNPACKED_BYTES;
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const live = new Map<string, PackageEntry>();
  for (const entry of entries) {
    if (entry.compression === Compression.DELETED) continue;
    const key = resourceKey(entry);
    if (!live.has(key)) live.set(key, entry);
  }
  if (live.size > maxResources) return { total: live.size, resources: null };

  const hashes = new Map<PackageEntry, string | null>();
  let readBudget = source.size + DEFAULT_MAX_RESOURCE_BYTES;
  /** The unpacked content's fingerprint, or null when it cannot be unpacked (or the budget is spent). */
  const unpackedHash = async (entry: PackageEntry, from: ByteSource, offset: number): Promise<string | null> => {
    if (entry.uncompressedSize > unpackBudget) return null;
    try {
      const unpacked = await readResource(from, { ...entry, offset });
      unpackBudget -= unpacked.length;
      return fingerprint(unpacked);
    } catch (error) {
      // A file that changed under us is not one resource's fault; anything unexpected is not ours to hide.
      if (!(error instanceof GameFileError) || error.code === 'GAME_FILE_READ_FAILED') throw error;
      return null;
    }
  };

  const ordered = [...live.values()].sort((a, b) => a.offset - b.offset);
  for (let i = 0; i < ordered.length; ) {
    const first = ordered[i]!;
    if (first.size > chunkBytes) {
      // A large resource alone: unpacked within the caps, else hashed as stored, a chunk at a time.
      i += 1;
      if (first.size > readBudget) {
        hashes.set(first, null);
        continue;
      }
      readBudget -= first.size;
      const unpacked = first.compression === Compression.NONE ? null : await unpackedHash(first, source, first.offset);
      if (unpacked !== null) {
        hashes.set(first, unpacked);
        continue;
      }
      const hash = createHash('sha256');
      for (let at = 0; at < first.size; at += chunkBytes) hash.update(await readExact(source, first.offset + at, Math.min(chunkBytes, first.size - at)));
      hashes.set(first, (first.compression === Compression.NONE ? '' : 's') + hash.digest('hex').slice(0, 16));
      continue;
    }
    // Neighbours within one chunk share a read.
    const start = first.offset;
    let end = start + first.size;
    let j = i + 1;
    while (j < ordered.length && ordered[j]!.offset + ordered[j]!.size - start <= chunkBytes) {
      end = Math.max(end, ordered[j]!.offset + ordered[j]!.size);
      j += 1;
    }
    const group = ordered.slice(i, j);
    i = j;
    if (end - start > readBudget) {
      for (const entry of group) hashes.set(entry, null);
      continue;
    }
    readBudget -= end - start;
    const chunk = await readExact(source, start, end - start);
    const chunkSource = byteSourceFromBytes(chunk);
    for (const entry of group) {
      const at = entry.offset - start;
      const stored = chunk.subarray(at, at + entry.size);
      const hash = entry.compression === Compression.NONE ? fingerprint(stored) : ((await unpackedHash(entry, chunkSource, at)) ?? fingerprint(stored, 's'));
      hashes.set(entry, hash);
    }
  }

  const resources: ListedResource[] = [...live.entries()].map(([key, entry]) => [key, entry.uncompressedSize, hashes.get(entry) ?? null]);
  resources.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  return { total: live.size, resources };
}
