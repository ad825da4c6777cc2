import { LEGACY_GAMES, LEGACY_ITEM_STATUSES, MAX_LEGACY_DESCRIPTION_LENGTH, MAX_LEGACY_TITLE_LENGTH } from '@corner/domain';
import { defineErrors, type ErrorCodeOf } from '../../errors';

/** The older submission system's errors: the archive's refusals and the legacy source's. */
export const legacyError = defineErrors({
  LEGACY_ITEM_NOT_FOUND: { category: 'not_found', message: (p: { id: number }) => `Archived item ${p.id} was not found in the older submission system.` },
  LEGACY_CATEGORY_NOT_FOUND: {
    category: 'validation',
    field: (p: { ids: number[]; field?: string }) => p.field ?? 'categoryIds',
    message: (p: { ids: number[]; field?: string }) =>
      `${p.ids.length === 1 ? 'This category does' : 'These categories do'} not exist in the older submission system: ${p.ids.join(', ')}.`,
  },
  LEGACY_CATEGORY_EXISTS: { category: 'conflict', message: (p: { ids: number[] }) => `A category with id ${p.ids.join(', ')} already exists in the older submission system.` },
  LEGACY_CATEGORY_CYCLE: {
    category: 'validation',
    message: (p: { ids: number[] }) => `Category ${p.ids.join(', ')} cannot move under itself or one of its own subcategories.`,
  },
  LEGACY_TITLE_REQUIRED: { category: 'validation', field: 'title', message: () => 'The title is required.' },
  LEGACY_TITLE_TOO_LONG: { category: 'validation', field: 'title', message: () => `The title may have at most ${MAX_LEGACY_TITLE_LENGTH} characters.` },
  LEGACY_DESCRIPTION_TOO_LONG: {
    category: 'validation',
    field: 'description',
    message: () => `The description may have at most ${MAX_LEGACY_DESCRIPTION_LENGTH.toLocaleString('en')} characters.`,
  },
  LEGACY_STATUS_INVALID: {
    category: 'validation',
    field: 'status',
    message: (p: { status: string }) => `“${p.status}” is not a status of the older submission system. Choose one of: ${LEGACY_ITEM_STATUSES.join(', ')}.`,
  },
  LEGACY_GAME_INVALID: {
    category: 'validation',
    field: 'game',
    message: (p: { game: number }) => `There is no game ${p.game} in the older submission system. Choose one of: ${LEGACY_GAMES.join(', ')}.`,
  },
  LEGACY_UNAVAILABLE: {
    category: 'graphql',
    message: () => 'The older submission system’s database does not answer right now. Nothing was changed; please try again in a moment.',
  },
});
export type LegacyErrorCode = ErrorCodeOf<typeof legacyError>;
