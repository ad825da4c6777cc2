/**
 * What unpacking a creator's zip keeps, skips and refuses, and the exact words of its answers.
 * The server applies these rules to every entry; the web app shows the messages as they come.
 */
import { fileExtension, formatBytes } from './limits';

/** Entries smaller than this are never refused for their compression ratio (a page of text packs 10 times). */
export const UNZIP_RATIO_FLOOR_BYTES = 1024 * 1024;

/** Why an entry's path is refused: it could write outside the folder it is unpacked into. */
export type EntryPathProblem = 'absolute' | 'traversal' | 'backslash';

/**
 * The problem with an entry's path as the zip stores it, or null. Absolute paths (`/x`, `C:x`),
 * `..` segments and backslashes (a Windows path separator, which some unzippers follow) are refused
 * whole, even though only the base name is kept: such a zip was made to attack other unzippers.
 */
export function entryPathProblem(path: string): EntryPathProblem | null {
  if (path.includes('\\')) return 'backslash';
  if (path.startsWith('/') || /^[a-zA-Z]:/.test(path)) return 'absolute';
  if (path.split('/').includes('..')) return 'traversal';
  return null;
}

/** Files operating systems leave in zips: never content, silently worthless to the game. */
const SYSTEM_NAMES = new Set(['thumbs.db', 'ehthumbs.db', 'desktop.ini', '.ds_store', 'icon\r']);

/** Whether an entry is an operating system's bookkeeping (macOS `__MACOSX/` and `._x`, Windows `Thumbs.db`, …). */
export function isSystemEntry(path: string): boolean {
  const segments = path.split('/');
  if (segments.some((s) => s.toLowerCase() === '__macosx')) return true;
  const base = segments.at(-1) ?? '';
  return SYSTEM_NAMES.has(base.toLowerCase()) || base.startsWith('._');
}

/** What a system entry is called in the skipped list: its folder for `__MACOSX`, else its name. */
function systemLabel(path: string): string {
  if (path.split('/').some((s) => s.toLowerCase() === '__macosx')) return '__MACOSX';
  return path.split('/').at(-1) ?? path;
}

export type ArchiveFormat = 'zip' | 'rar' | '7z' | 'gzip' | 'bzip2' | 'xz';

const ARCHIVE_SIGNATURES: [ArchiveFormat, number[]][] = [
  ['zip', [0x50, 0x4b, 0x03, 0x04]],
  ['zip', [0x50, 0x4b, 0x05, 0x06]],
  ['zip', [0x50, 0x4b, 0x07, 0x08]],
  ['rar', [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07]],
  ['7z', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
  ['gzip', [0x1f, 0x8b]],
  ['bzip2', [0x42, 0x5a, 0x68]],
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
];

/** The archive format the first bytes show, or null (the name does not matter). */
export function sniffArchive(firstBytes: Uint8Array): ArchiveFormat | null {
  for (const [format, signature] of ARCHIVE_SIGNATURES) {
    if (firstBytes.length >= signature.length && signature.every((b, i) => firstBytes[i] === b)) return format;
  }
  return null;
}

/** Why an entry was left out while the rest of the zip was unpacked. */
export type SkipReason = 'system' | 'not-accepted' | 'empty';

export interface SkippedEntry {
  /** The entry's path inside the zip. */
  path: string;
  reason: SkipReason;
}

/**
 * A name to keep that no earlier entry of the same zip took: "chair.package", then
 * "chair (2).package", "chair (3).package", … (compared without case, as Windows does).
 * `taken` holds the lower-cased names given so far and gets the new one.
 */
export function uniqueEntryName(name: string, taken: Set<string>): string {
  const ext = fileExtension(name);
  // The extension keeps its own spelling ("Chair (2).Package").
  const suffix = ext ? name.slice(name.length - ext.length - 1) : '';
  const stem = name.slice(0, name.length - suffix.length);
  let candidate = name;
  for (let n = 2; taken.has(candidate.toLowerCase()); n += 1) candidate = `${stem} (${n})${suffix}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

/** Most names a message lists before "and N more". */
const MAX_LISTED = 10;

/** A name as it may appear in a message: no control characters, at most 200 characters. */
function shown(name: string): string {
  const clean = [...name].map((c) => (c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f ? '?' : c)).join('');
  return clean.length > 200 ? `${clean.slice(0, 199)}…` : clean;
}

function listed(names: string[], quote: boolean): string {
  const q = (n: string) => (quote ? `“${shown(n)}”` : shown(n));
  const head = names.slice(0, MAX_LISTED).map(q);
  const rest = names.length - head.length;
  if (rest > 0) return `${head.join(', ')} and ${rest} more`;
  if (head.length <= 1) return head.join('');
  return `${head.slice(0, -1).join(', ')} and ${head.at(-1)}`;
}

const files = (n: number) => (n === 1 ? '1 file' : `${n} files`);

/** Sentences naming what was skipped and why ("" when nothing was). */
export function skippedSentences(skipped: readonly SkippedEntry[]): string {
  const of = (reason: SkipReason) => skipped.filter((s) => s.reason === reason);
  const sentences: string[] = [];
  const system = of('system');
  if (system.length) {
    const labels = [...new Set(system.map((s) => systemLabel(s.path)))];
    sentences.push(`Skipped ${files(system.length)} the operating system added (${listed(labels, false)}).`);
  }
  const notAccepted = of('not-accepted');
  if (notAccepted.length) {
    sentences.push(`Skipped ${files(notAccepted.length)} the site does not accept: ${listed(notAccepted.map((s) => s.path), true)}.`);
  }
  const empty = of('empty');
  if (empty.length) sentences.push(`Skipped ${empty.length === 1 ? 'an empty file' : `${empty.length} empty files`}: ${listed(empty.map((s) => s.path), true)}.`);
  return sentences.join(' ');
}

/** A size over `max`, never written as if it were `max` itself. */
function sizeOver(size: number, max: number): string {
  const text = formatBytes(size);
  return text === formatBytes(max) ? `more than ${text}` : text;
}

const entry = (path: string) => `the entry “${shown(path)}”`;

/**
 * Why a whole zip is refused, as the end of "“x.zip” was not unpacked: …". Each names the entry
 * at fault when there is one.
 */
export const UNZIP_REFUSALS = {
  absolute: (path: string) => `${entry(path)} has an absolute path`,
  traversal: (path: string) => `${entry(path)} points outside the zip (its path has “..”)`,
  backslash: (path: string) => `${entry(path)} has a backslash in its path`,
  symlink: (path: string) => `${entry(path)} is a link, not a file`,
  specialFile: (path: string) => `${entry(path)} is a special file (a device, pipe or socket), not a regular file`,
  nestedArchive: (path: string) => `${entry(path)} is itself an archive; unpack it and upload what it holds, or upload it as a zip of its own`,
  encrypted: (path: string) => `${entry(path)} is password-protected; zip the files again without a password`,
  encryptedUnnamed: () => 'it holds password-protected entries; zip the files again without a password',
  compression: (path: string) => `${entry(path)} is packed with a method the site cannot unpack; zip the files again with standard compression`,
  entryTooLarge: (path: string, size: number, max: number) => `${entry(path)} is ${sizeOver(size, max)}; files may be at most ${formatBytes(max)}`,
  ratio: (path: string, max: number) => `${entry(path)} unpacks to more than ${max} times its packed size (a zip bomb)`,
  sizeMismatch: (path: string) => `${entry(path)} does not unpack to the size the zip records for it (a damaged zip, or one made to mislead)`,
  damagedEntry: (path: string) => `${entry(path)} is damaged`,
  tooManyEntries: (count: number, max: number) => `it holds ${count} entries; a zip may hold at most ${max}`,
  tooLargeTotal: (max: number) => `its files unpack to more than ${formatBytes(max)} together, the most a zip may hold`,
  overlapping: () => 'its entries overlap each other (a zip bomb)',
  corrupt: () => 'it is damaged or not a zip file',
} as const;

/** The exact answers of unzipSubmissionFile. */
export const UNZIP_MESSAGES = {
  unpacked: (zip: string, count: number, skipped: readonly SkippedEntry[]) =>
    [`Unpacked ${files(count)} from “${shown(zip)}”.`, skippedSentences(skipped)].filter(Boolean).join(' '),
  refused: (zip: string, why: string) => `“${shown(zip)}” was not unpacked: ${why}.`,
  nothingAccepted: (zip: string, skipped: readonly SkippedEntry[]) =>
    [`“${shown(zip)}” holds no files the site accepts (Sims packages, tray files, images or script mods).`, skippedSentences(skipped)]
      .filter(Boolean)
      .join(' '),
  pending: (zip: string) => `“${shown(zip)}” is still being unpacked. Its files will appear when it is done.`,
  failed: () => 'The zip could not be unpacked. Please try again later.',
  notAZip: (filename: string) => `“${shown(filename)}” is not a zip file.`,
  gone: (zip: string) => `“${shown(zip)}” is no longer stored. Please upload it again.`,
} as const;
