import { asSearchId, isLegacyGame, isLegacyItemStatus, type LegacyGame, type LegacyItemStatus } from '@corner/domain';
import { ARCHIVE_LINK } from './links';
import { positiveIntParam } from '../../ui/search-params';

/**
 * The typed search parameters of the archive's legacy items on /staff/archived (shareable links,
 * STYLE rule 6). Their names leave the deleted files' own (`search`, `page`, `file`, `basket`) alone:
 * both lists live on the same page.
 */
export interface ArchiveParams {
  /** A title phrase, or an item's ID when it is a number. */
  text: string;
  /** A phrase in the creator's user name. */
  creator: string;
  game: LegacyGame | null;
  status: LegacyItemStatus | null;
  /** Only hidden items, only visible ones, or both (null). */
  hidden: 'hidden' | 'visible' | null;
  /** 1-based. */
  page: number;
}

export const DEFAULT_ARCHIVE_PARAMS: ArchiveParams = { text: '', creator: '', game: null, status: null, hidden: null, page: 1 };

/** Items per page of the archive's table. */
export const ARCHIVE_PAGE_SIZE = 20;

/** The parameter names this list owns. */
const KEYS = { text: 'legacy', creator: 'creator', game: 'game', status: 'status', hidden: 'hidden', page: 'legacyPage' } as const;

/** Reads the archive's parameters; anything malformed falls back to the default. */
export function readArchiveParams(params: URLSearchParams): ArchiveParams {
  const game = positiveIntParam(params.get(KEYS.game));
  const status = params.get(KEYS.status);
  const hidden = params.get(KEYS.hidden);
  return {
    text: params.get(KEYS.text)?.trim() ?? '',
    creator: params.get(KEYS.creator)?.trim() ?? '',
    game: game !== null && isLegacyGame(game) ? game : null,
    status: status !== null && isLegacyItemStatus(status) ? status : null,
    hidden: hidden === 'hidden' || hidden === 'visible' ? hidden : null,
    page: positiveIntParam(params.get(KEYS.page)) ?? 1,
  };
}

/**
 * `current` with the archive's parameters replaced by `next` (defaults left out, so a plain page has
 * a plain URL); the other parameters of the page (the deleted files') are kept.
 */
export function writeArchiveParams(current: URLSearchParams, next: ArchiveParams): URLSearchParams {
  const out = new URLSearchParams(current);
  for (const key of Object.values(KEYS)) out.delete(key);
  if (next.text.trim()) out.set(KEYS.text, next.text.trim());
  if (next.creator.trim()) out.set(KEYS.creator, next.creator.trim());
  if (next.game !== null) out.set(KEYS.game, String(next.game));
  if (next.status !== null) out.set(KEYS.status, next.status);
  if (next.hidden !== null) out.set(KEYS.hidden, next.hidden);
  if (next.page > 1) out.set(KEYS.page, String(next.page));
  return out;
}

/** Whether any condition narrows the list. */
export function isArchiveFiltered(params: ArchiveParams): boolean {
  return params.text !== '' || params.creator !== '' || params.game !== null || params.status !== null || params.hidden !== null;
}

/** The variables of the archive's search: a number searches by ID, anything else the title. */
export function archiveSearchVariables(params: ArchiveParams) {
  const id = asSearchId(params.text);
  return {
    id,
    title: id === null && params.text ? params.text : null,
    creator: params.creator || null,
    game: params.game,
    status: params.status,
    isHidden: params.hidden === null ? null : params.hidden === 'hidden',
    first: ARCHIVE_PAGE_SIZE,
    page: params.page,
  };
}

/** An archived item's page: /staff/archived/{itemId}. */
export function archivedItemPath(itemId: number): string {
  return `${ARCHIVE_LINK.to}/${itemId}`;
}
