/**
 * What the site accepts as images and as submission files, recognised by their first bytes (never
 * by the type a browser claims), and how sizes are written in messages. Shared by the server (which
 * enforces it while an upload streams in) and the web app (which can warn before uploading).
 */

const MiB = 1024 * 1024;

/** Default upload limits; the server's configuration (MAX_IMAGE_BYTES, MAX_FILE_BYTES, MAX_UPLOAD_FILES) may change them. */
export const DEFAULT_MAX_IMAGE_BYTES = 10 * MiB;
export const DEFAULT_MAX_FILE_BYTES = 512 * MiB;
export const DEFAULT_MAX_UPLOAD_FILES = 10;
/** Larger pictures than this are refused before they are decoded (decompression bombs). */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** How many leading bytes `classifyFile` and `sniffImageType` look at. */
export const SNIFF_BYTES = 64;
/** Longest file name kept; longer names are cut, keeping the extension. */
export const MAX_FILENAME_LENGTH = 200;

/** Image types the site shows, by MIME type. */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];

/**
 * Kinds of submission file, as stored in `files.kind`:
 * - `sims4-package`, `sims3-package`, `sims2-package`: DBPF packages (version 2.1, 2.0 or DBPP, 1.x);
 * - `sims3pack`: a Sims 3 installer package;
 * - `ts4script`: a Sims 4 script mod (a zip named .ts4script);
 * - `zip`: an archive the server unpacks later;
 * - `tray-item`, `household-binary`, `blueprint`, `room`: Sims 4 tray files (saved households, lots, rooms);
 * - `tray-image`: their pictures (.hhi, .sgi, .bpi, .rmi);
 * - `image`: a JPEG, PNG, WebP or GIF.
 */
export const FILE_KINDS = [
  'sims4-package',
  'sims3-package',
  'sims2-package',
  'sims3pack',
  'ts4script',
  'zip',
  'tray-item',
  'household-binary',
  'blueprint',
  'room',
  'tray-image',
  'image',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** Extensions of each tray kind. */
const TRAY_EXTENSIONS: Record<string, FileKind> = {
  trayitem: 'tray-item',
  householdbinary: 'household-binary',
  blueprint: 'blueprint',
  room: 'room',
  hhi: 'tray-image',
  sgi: 'tray-image',
  bpi: 'tray-image',
  rmi: 'tray-image',
};

/** Bytes 8 to 16 of a tray image's header. */
const TRAY_IMAGE_MAGIC = [0x8e, 0xfc, 0x24, 0x48, 0x9b, 0x78, 0x0e, 0x3c];

function startsWith(bytes: Uint8Array, prefix: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false;
  return prefix.every((b, i) => bytes[offset + i] === b);
}

function ascii(text: string): number[] {
  return [...text].map((c) => c.charCodeAt(0));
}

function uint32le(bytes: Uint8Array, offset: number): number | null {
  if (bytes.length < offset + 4) return null;
  return (bytes[offset]! | (bytes[offset + 1]! << 8) | (bytes[offset + 2]! << 16) | (bytes[offset + 3]! << 24)) >>> 0;
}

/** The lower-case extension of a file name without the dot ("" when there is none). */
export function fileExtension(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The image type the first bytes show, or null when they are not one the site shows. */
export function sniffImageType(firstBytes: Uint8Array): ImageMimeType | null {
  if (startsWith(firstBytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(firstBytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(firstBytes, ascii('RIFF')) && startsWith(firstBytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(firstBytes, ascii('GIF87a')) || startsWith(firstBytes, ascii('GIF89a'))) return 'image/gif';
  return null;
}

function isZip(firstBytes: Uint8Array): boolean {
  return startsWith(firstBytes, [0x50, 0x4b, 0x03, 0x04]);
}

/** The DBPF package kind of the header (SIMS-FORMATS.md), or null. */
function packageKind(firstBytes: Uint8Array): FileKind | null {
  if (startsWith(firstBytes, ascii('DBPP'))) return 'sims3-package';
  if (!startsWith(firstBytes, ascii('DBPF'))) return null;
  const major = uint32le(firstBytes, 4);
  const minor = uint32le(firstBytes, 8);
  if (major === 2 && minor === 1) return 'sims4-package';
  if (major === 2 && minor === 0) return 'sims3-package';
  if (major === 1) return 'sims2-package';
  return null;
}

/** A plain-text start (a renamed note or web page): every byte printable ASCII or white space. */
function looksLikeText(firstBytes: Uint8Array): boolean {
  if (firstBytes.length === 0) return true;
  return firstBytes.every((b) => b === 0x09 || b === 0x0a || b === 0x0d || (b >= 0x20 && b < 0x7f));
}

/**
 * What a submission file is, from its first bytes (at least SNIFF_BYTES of them when the file is
 * that long) and its name, or null when the site does not accept it. Packages, archives and images
 * are recognised by their content; tray files have no common signature, so their extension decides,
 * checked against what their headers must look like (SIMS-FORMATS.md).
 */
export function classifyFile(firstBytes: Uint8Array, filename: string): FileKind | null {
  if (firstBytes.length === 0) return null;
  const ext = fileExtension(filename);
  const pkg = packageKind(firstBytes);
  if (pkg) return pkg;
  if (startsWith(firstBytes, [0x07, 0x00, 0x00, 0x00]) && startsWith(firstBytes, ascii('TS3Pack'), 4)) return 'sims3pack';
  if (isZip(firstBytes)) return ext === 'ts4script' ? 'ts4script' : ext === 'zip' ? 'zip' : null;
  const tray = TRAY_EXTENSIONS[ext];
  if (tray === 'tray-image') {
    const plain = sniffImageType(firstBytes);
    return startsWith(firstBytes, TRAY_IMAGE_MAGIC, 8) || plain === 'image/jpeg' || plain === 'image/png' ? tray : null;
  }
  if (tray === 'tray-item') return uint32le(firstBytes, 0) === 0 && firstBytes.length > 8 ? tray : null;
  if (tray === 'household-binary') {
    const version = uint32le(firstBytes, 0);
    return (version === 0 || version === 2) && firstBytes.length > 8 ? tray : null;
  }
  if (tray) return looksLikeText(firstBytes) ? null : tray;
  if (sniffImageType(firstBytes)) return 'image';
  return null;
}

/** MIME type to store and serve for a file of this kind (images keep their own type). */
export function mimetypeOfKind(kind: FileKind, firstBytes: Uint8Array): string {
  if (kind === 'image') return sniffImageType(firstBytes) ?? 'application/octet-stream';
  if (kind === 'zip' || kind === 'ts4script') return 'application/zip';
  return 'application/octet-stream';
}

/** A size as people read it: "512 bytes", "1.5 KB", "14.2 MB", "10 MB" (units of 1024, one decimal when it matters). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const rounded = Math.round(value * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)} ${units[unit]}`;
}

/** A size over `max`, never written as if it were `max` itself ("more than 10 MB" for 10 MB and a byte). */
function sizeOver(size: number, max: number): string {
  const shown = formatBytes(size);
  return shown === formatBytes(max) ? `more than ${shown}` : shown;
}

/** The exact messages of upload refusals, shared so the web app can say the same before uploading. */
export const UPLOAD_MESSAGES = {
  imageTooLarge: (size: number, max: number) => `The image is ${sizeOver(size, max)}; images may be at most ${formatBytes(max)}.`,
  fileTooLarge: (filename: string, size: number, max: number) =>
    `“${filename}” is ${sizeOver(size, max)}; files may be at most ${formatBytes(max)}.`,
  notAnImage: (filename: string) => `“${filename}” is not an image the site accepts: upload a JPEG, PNG, WebP or GIF picture.`,
  fileNotAccepted: (filename: string) =>
    `“${filename}” is not a file the site accepts: upload Sims packages, tray files, zips or images.`,
  empty: (filename: string) => `“${filename}” is empty.`,
} as const;

/**
 * A file name safe to store and show: the last path segment, without control characters, trimmed,
 * at most MAX_FILENAME_LENGTH characters (the extension is kept when it is cut).
 */
export function cleanFilename(name: string): string {
  const last = name.split(/[\\/]/).pop() ?? '';
  const base = [...last]
    .filter((c) => c.charCodeAt(0) >= 0x20 && c.charCodeAt(0) !== 0x7f)
    .join('')
    .trim();
  if (base.length <= MAX_FILENAME_LENGTH) return base;
  const ext = fileExtension(base);
  const keep = ext && ext.length < 20 ? `.${ext}` : '';
  return base.slice(0, MAX_FILENAME_LENGTH - keep.length) + keep;
}
