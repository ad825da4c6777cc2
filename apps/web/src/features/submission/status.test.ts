import { describe, expect, it } from 'vitest';
import { keyDate, rowDates } from './status';

const NOW = new Date('2026-05-01T12:00:00Z');

describe('keyDate', () => {
  const updated_at = '2026-04-20T10:00:00Z';
  it('shows the last change of drafts and submitted creations, and the publish date of approved ones', () => {
    expect(keyDate({ status: 'CREATED', updated_at }, NOW)).toEqual({ label: 'updated', at: updated_at });
    expect(keyDate({ status: 'SUBMITTED', updated_at }, NOW)).toEqual({ label: 'submitted', at: updated_at });
    expect(keyDate({ status: 'SUBMITTED', updated_at, submitted_at: '2026-04-30T08:00:00Z' }, NOW)).toEqual({ label: 'submitted', at: '2026-04-30T08:00:00Z' });
    expect(keyDate({ status: 'APPROVED', publish_at: '2026-05-03T00:00:00Z', updated_at }, NOW)).toEqual({
      label: 'publishes',
      at: '2026-05-03T00:00:00Z',
    });
    expect(keyDate({ status: 'APPROVED', publish_at: '2026-04-03T00:00:00Z', updated_at }, NOW)).toEqual({
      label: 'published',
      at: '2026-04-03T00:00:00Z',
    });
  });
});

describe('rowDates', () => {
  const updated_at = '2026-04-20T10:00:00Z';
  const created_at = '2026-03-01T10:00:00Z';
  const published = { status: 'APPROVED', publish_at: '2026-04-03T00:00:00Z', updated_at, created_at };

  it('leads with the date the list is sorted by, then the stage’s date when it is another', () => {
    expect(rowDates(published, 'updated_at', NOW)).toEqual([
      { label: 'updated', at: updated_at },
      { label: 'published', at: '2026-04-03T00:00:00Z' },
    ]);
    expect(rowDates({ status: 'SUBMITTED', updated_at, submitted_at: '2026-04-30T08:00:00Z' }, 'updated_at', NOW)).toEqual([
      { label: 'updated', at: updated_at },
      { label: 'submitted', at: '2026-04-30T08:00:00Z' },
    ]);
    expect(rowDates(published, 'created_at', NOW)).toEqual([
      { label: 'created', at: created_at },
      { label: 'published', at: '2026-04-03T00:00:00Z' },
    ]);
  });

  it('shows one date when the sorted date is the stage’s', () => {
    expect(rowDates({ status: 'CREATED', updated_at }, 'updated_at', NOW)).toEqual([{ label: 'updated', at: updated_at }]);
    expect(rowDates(published, 'publish_at', NOW)).toEqual([{ label: 'published', at: '2026-04-03T00:00:00Z' }]);
    expect(rowDates({ status: 'CREATED', updated_at, deleted_at: '2026-04-25T00:00:00Z' }, 'deleted_at', NOW)).toEqual([
      { label: 'deleted', at: '2026-04-25T00:00:00Z' },
    ]);
  });

  it('falls back to the stage’s date when sorted by name or by a date the row lacks', () => {
    expect(rowDates(published, 'name', NOW)).toEqual([{ label: 'published', at: '2026-04-03T00:00:00Z' }]);
    expect(rowDates({ status: 'CREATED', updated_at }, 'publish_at', NOW)).toEqual([{ label: 'updated', at: updated_at }]);
    expect(rowDates({ status: 'CREATED', updated_at }, 'created_at', NOW)).toEqual([{ label: 'updated', at: updated_at }]);
  });
});
