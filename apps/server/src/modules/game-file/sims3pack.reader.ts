import { decodeUtf8, startsWith } from './binary.reader';
import { readExact, type ByteSource } from './byte-source.reader';
import { gameFileError } from './game-file.errors';

/** One file a .sims3pack carries, as its manifest lists it. */
export interface Sims3PackFile {
  name: string;
  length: number | null;
  guid: string | null;
}

/** What a .sims3pack installer's manifest says. */
export interface Sims3PackSummary {
  type: string | null;
  subType: string | null;
  files: Sims3PackFile[];
}

/** The manifest's largest accepted size. */
export const MAX_SIMS3PACK_MANIFEST_BYTES = 1024 * 1024;
export const MAX_LISTED_SIMS3PACK_FILES = 500;
/** uint32 7, then "TS3Pack". */
const MAGIC = [7, 0, 0, 0, 0x54, 0x53, 0x33, 0x50, 0x61, 0x63, 0x6b];
const HEADER = 17;

/** Whether the bytes start like a .sims3pack. */
export function isSims3Pack(head: Uint8Array): boolean {
  return startsWith(head, MAGIC);
}

const unescape = (text: string) =>
  text.replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ({ lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" })[name]!);

/**
 * Reads a .sims3pack's manifest (SIMS-FORMATS.md): uint32 7, "TS3Pack", uint16 0x0101, uint32 XML
 * length, then `<Sims3Package Type SubType>` with its `<PackagedFile>` entries. Only the manifest is
 * read; the files after it are not.
 */
export async function readSims3PackSummary(source: ByteSource): Promise<Sims3PackSummary> {
  if (source.size < HEADER) throw gameFileError('SIMS3PACK_INVALID', {});
  const head = await readExact(source, 0, HEADER);
  if (!isSims3Pack(head)) throw gameFileError('SIMS3PACK_INVALID', {});
  const length = new DataView(head.buffer, head.byteOffset, head.byteLength).getUint32(13, true);
  if (length > MAX_SIMS3PACK_MANIFEST_BYTES || HEADER + length > source.size) throw gameFileError('SIMS3PACK_INVALID', {});
  const xml = decodeUtf8(await readExact(source, HEADER, length));
  const root = /<Sims3Package\b([^>]*)>/.exec(xml);
  if (!root) throw gameFileError('SIMS3PACK_INVALID', {});
  const attribute = (name: string) => {
    const match = new RegExp(`\\b${name}="([^"]*)"`).exec(root[1]!);
    return match ? unescape(match[1]!) : null;
  };
  const files: Sims3PackFile[] = [];
  for (const block of xml.matchAll(/<PackagedFile>([\s\S]*?)<\/PackagedFile>/g)) {
    if (files.length >= MAX_LISTED_SIMS3PACK_FILES) break;
    const field = (name: string) => {
      const match = new RegExp(`<${name}>([^<]*)</${name}>`).exec(block[1]!);
      return match ? unescape(match[1]!.trim()) : null;
    };
    const size = field('Length');
    files.push({ name: field('Name') ?? '', length: size !== null && /^\d+$/.test(size) ? Number(size) : null, guid: field('Guid') });
  }
  return { type: attribute('Type'), subType: attribute('SubType'), files };
}
