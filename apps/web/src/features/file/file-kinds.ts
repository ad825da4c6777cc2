import { FILE_KINDS, fileExtension, type FileKind } from '@corner/domain';

/** A stored `kind` as one the app names, or "unknown" for none or one it does not know. */
export function knownKind(kind: string | null | undefined): FileKind | 'unknown' {
  return (FILE_KINDS as readonly string[]).includes(kind ?? '') ? (kind as FileKind) : 'unknown';
}

/** A file name split for renaming: the part the creator may change and the extension that stays. */
export function splitFilename(filename: string): { base: string; extension: string } {
  const extension = fileExtension(filename);
  if (!extension) return { base: filename, extension: '' };
  return { base: filename.slice(0, filename.length - extension.length - 1), extension: filename.slice(filename.length - extension.length) };
}

/** The new name sent to the server: the typed base with the old extension (the server keeps it too). */
export function joinFilename(base: string, extension: string): string {
  const trimmed = base.trim();
  return extension ? `${trimmed}.${extension}` : trimmed;
}
