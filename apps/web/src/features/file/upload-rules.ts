import {
  classifyFile,
  cleanFilename,
  DEFAULT_MAX_FILE_BYTES,
  DEFAULT_MAX_IMAGE_BYTES,
  IMAGE_MIME_TYPES,
  SNIFF_BYTES,
  sniffImageType,
  UPLOAD_MESSAGES,
} from '@corner/domain';
import { useSyncExternalStore } from 'react';

/** The upload limits the server publishes in GET /config.json (`uploads`). */
export interface UploadLimits {
  maxImageBytes: number;
  maxFileBytes: number;
}

/** The domain's defaults, used until (or if never) the server's configuration is read. */
export const DEFAULT_UPLOAD_LIMITS: UploadLimits = { maxImageBytes: DEFAULT_MAX_IMAGE_BYTES, maxFileBytes: DEFAULT_MAX_FILE_BYTES };

/** Reads `uploads` of a /config.json body; the defaults stand in for anything missing or wrong. */
export function readUploadLimits(body: unknown): UploadLimits {
  const uploads = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).uploads : undefined;
  const value = (key: keyof UploadLimits) => {
    const n = typeof uploads === 'object' && uploads !== null ? (uploads as Record<string, unknown>)[key] : undefined;
    return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : DEFAULT_UPLOAD_LIMITS[key];
  };
  return { maxImageBytes: value('maxImageBytes'), maxFileBytes: value('maxFileBytes') };
}

let limits = DEFAULT_UPLOAD_LIMITS;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function loadLimits(): Promise<void> {
  loading ??= fetch('/config.json', { headers: { Accept: 'application/json' } })
    .then(async (response) => {
      if (!response.ok) throw new Error(`Request failed with status code ${response.status}`);
      limits = readUploadLimits(await response.json());
      for (const listener of listeners) listener();
    })
    .catch((error: unknown) => console.warn('Could not read the upload limits from /config.json; using the defaults', error));
  return loading;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadLimits();
  return () => listeners.delete(listener);
}

/** The server's upload limits (the domain's defaults until /config.json answers). */
export function useUploadLimits(): UploadLimits {
  return useSyncExternalStore(subscribe, () => limits, () => limits);
}

/** What an upload field accepts: images for the images step, anything the site takes for files. */
export type UploadKind = 'image' | 'file';

/** The picker's `accept` list of images. */
export const IMAGE_ACCEPT = IMAGE_MIME_TYPES.join(',');

/**
 * The picker's `accept` list of submission files. Only a hint for the file dialog: the browser does
 * not enforce it on drops, and the server decides by the file's first bytes.
 */
export const FILE_ACCEPT = [
  '.package',
  '.ts4script',
  '.zip',
  '.sims3pack',
  '.trayitem',
  '.householdbinary',
  '.blueprint',
  '.room',
  '.hhi',
  '.sgi',
  '.bpi',
  '.rmi',
  ...IMAGE_MIME_TYPES,
].join(',');

/**
 * Checks a file in the browser as the server will (first bytes and size), with the server's own
 * messages, so a refused file is not sent at all. Null when it may be uploaded.
 */
export async function checkUpload(file: Blob & { name: string }, kind: UploadKind, uploadLimits: UploadLimits): Promise<string | null> {
  const filename = cleanFilename(file.name) || file.name;
  if (file.size === 0) return UPLOAD_MESSAGES.empty(filename);
  const firstBytes = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  if (kind === 'image') {
    if (!sniffImageType(firstBytes)) return UPLOAD_MESSAGES.notAnImage(filename);
    if (file.size > uploadLimits.maxImageBytes) return UPLOAD_MESSAGES.imageTooLarge(file.size, uploadLimits.maxImageBytes);
    return null;
  }
  if (!classifyFile(firstBytes, filename)) return UPLOAD_MESSAGES.fileNotAccepted(filename);
  if (file.size > uploadLimits.maxFileBytes) return UPLOAD_MESSAGES.fileTooLarge(filename, file.size, uploadLimits.maxFileBytes);
  return null;
}
