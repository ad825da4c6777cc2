import { describe, expect, it } from 'vitest';
import { toLocalInput } from '../review/publish-date';
import {
  candidateQueryParams,
  draftOf,
  EMPTY_DRAFT,
  fieldsOf,
  isDraftChanged,
  knownTypes,
  listState,
  sameMembers,
} from './featured-form';

describe('the featured list form', () => {
  it('sends every required field that is missing as null, so the server names each one', () => {
    expect(fieldsOf(EMPTY_DRAFT)).toEqual({ type: null, index: null, name: null, publish_at: null });
    expect(fieldsOf({ type: '   ', index: ' ', name: '  ', publishAt: 'tomorrow' })).toEqual({ type: null, index: null, name: null, publish_at: null });
  });

  it('trims the texts, reads the index as a whole number and the date in the local time zone', () => {
    const local = '2026-03-01T14:30';
    expect(fieldsOf({ type: ' homepage ', index: '2', name: ' Spring ', publishAt: local })).toEqual({
      type: 'homepage',
      index: 2,
      name: 'Spring',
      publish_at: new Date(2026, 2, 1, 14, 30).toISOString(),
    });
    expect(fieldsOf({ ...EMPTY_DRAFT, index: '0' }).index).toBe(0);
    // A negative index goes to the server, which answers its own message for it.
    expect(fieldsOf({ ...EMPTY_DRAFT, index: '-1' }).index).toBe(-1);
    expect(fieldsOf({ ...EMPTY_DRAFT, index: '1.5' }).index).toBeNull();
  });

  it('starts from a saved list and sees a change only where one was made', () => {
    const publishAt = '2026-03-01T13:30:00.000Z';
    const saved = draftOf({ type: 'homepage', index: 0, name: null, publish_at: publishAt });
    expect(saved).toEqual({ type: 'homepage', index: '0', name: '', publishAt: toLocalInput(publishAt) });
    expect(isDraftChanged({ ...saved, name: '  ' }, saved)).toBe(false);
    expect(isDraftChanged({ ...saved, index: '1' }, saved)).toBe(true);
    expect(isDraftChanged({ ...saved, publishAt: '2026-03-02T10:00' }, saved)).toBe(true);
  });
});

describe('featured list helpers', () => {
  it('suggests each type once, A to Z, with the filtered one', () => {
    expect(knownTypes([{ type: 'weekly' }, { type: 'homepage' }, { type: 'weekly' }, { type: ' ' }], 'Spotlight')).toEqual([
      'homepage',
      'Spotlight',
      'weekly',
    ]);
    expect(knownTypes([], null)).toEqual([]);
  });

  it('tells a shown list from a scheduled one', () => {
    const now = new Date('2026-03-01T12:00:00Z');
    expect(listState('2026-03-01T12:00:00Z', now)).toBe('live');
    expect(listState('2026-03-01T12:00:01Z', now)).toBe('scheduled');
  });

  it('tells a reorder from a change of creations', () => {
    expect(sameMembers([3, 1, 2], [1, 2, 3])).toBe(true);
    expect(sameMembers([1, 2], [1, 3])).toBe(false);
    expect(sameMembers([1, 2], [1, 2, 3])).toBe(false);
  });

  it('searches approved creations only, with the text when one is typed', () => {
    expect(candidateQueryParams('  ', 8)).toEqual({ terms: [{ field: 'status', operator: '=', value: 'APPROVED' }], first: 8, page: 1 });
    expect(candidateQueryParams(' lamp ', 8)).toMatchObject({ search: 'lamp' });
  });
});
