import { FILE_MANAGEMENT_LINK } from './links';
import { positiveIntParam } from '../../ui/search-params';

/**
 * The typed search parameters of /staff/file-management and of the deleted files on
 * /staff/archived (shareable links, STYLE rule 6): what to look for, the page, the file whose
 * details are open, and the staff basket being followed.
 */
export interface FileManagementParams {
  /** A file name, creator, creation id or sha256. */
  search: string;
  /** 1-based. */
  page: number;
  /** The file shown in the detail drawer. */
  file: number | null;
  /** The staff basket whose progress is shown. */
  basket: number | null;
}

export const DEFAULT_FILE_MANAGEMENT_PARAMS: FileManagementParams = { search: '', page: 1, file: null, basket: null };

/** Files per page of the file management and archive tables. */
export const FILE_PAGE_SIZE = 25;

/** Reads `?search=&page=&file=&basket=`; anything malformed falls back to the default. */
export function readFileManagementParams(params: URLSearchParams): FileManagementParams {
  return {
    search: params.get('search')?.trim() ?? '',
    page: positiveIntParam(params.get('page')) ?? 1,
    file: positiveIntParam(params.get('file')),
    basket: positiveIntParam(params.get('basket')),
  };
}

/** The parameters without their defaults, so a plain page has a plain URL. */
export function writeFileManagementParams(params: Partial<FileManagementParams>): URLSearchParams {
  const out = new URLSearchParams();
  const search = params.search?.trim();
  if (search) out.set('search', search);
  if (params.page !== undefined && params.page > 1) out.set('page', String(params.page));
  if (params.file) out.set('file', String(params.file));
  if (params.basket) out.set('basket', String(params.basket));
  return out;
}

/** `current` with the file list's parameters replaced by `params`; other parameters of the page are kept. */
export function withFileManagementParams(current: URLSearchParams, params: Partial<FileManagementParams>): URLSearchParams {
  const out = new URLSearchParams(current);
  for (const key of ['search', 'page', 'file', 'basket']) out.delete(key);
  for (const [key, value] of writeFileManagementParams(params)) out.set(key, value);
  return out;
}

/** A file list's path with its parameters, e.g. "/staff/file-management?search=chair&page=2". */
export function fileManagementUrl(params: Partial<FileManagementParams> = {}, path: string = FILE_MANAGEMENT_LINK.to): string {
  const query = writeFileManagementParams(params).toString();
  return query ? `${path}?${query}` : path;
}
