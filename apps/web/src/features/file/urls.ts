import { FILE_MANAGEMENT_LINK } from './links';

/** The typed search parameters of /staff/file-management (shareable links, STYLE rule 6). */
export interface FileManagementParams {
  /** What to look for: a creation's name, id or creator. */
  search: string;
}

export function readFileManagementParams(params: URLSearchParams): FileManagementParams {
  return { search: params.get('search')?.trim() ?? '' };
}

export function fileManagementUrl(params: Partial<FileManagementParams> = {}): string {
  const search = params.search?.trim();
  return search ? `${FILE_MANAGEMENT_LINK.to}?${new URLSearchParams({ search }).toString()}` : FILE_MANAGEMENT_LINK.to;
}
