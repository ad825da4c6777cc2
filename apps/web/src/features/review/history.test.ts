import { describe, expect, it } from 'vitest';
import { changedFields, logValueText } from './history';

describe('history entries', () => {
  it('reads values as text', () => {
    expect(logValueText(null)).toBeNull();
    expect(logValueText('')).toBeNull();
    expect(logValueText('2026-11-23T14:05:09.000Z')).toBe('2026-11-23 14:05');
    expect(logValueText(['a', 2, null])).toBe('a, 2, —');
    expect(logValueText(true)).toBe('true');
    expect(logValueText({ x: 1 })).toBe('{"x":1}');
  });

  it('pairs previous and new values, new fields first', () => {
    expect(changedFields({ status: 'SUBMITTED' }, { status: 'APPROVED', publish_at: '2026-12-01T10:00:00Z' })).toEqual([
      { field: 'status', from: 'SUBMITTED', to: 'APPROVED' },
      { field: 'publish_at', from: null, to: '2026-12-01 10:00' },
    ]);
    expect(changedFields(null, null)).toEqual([]);
    expect(changedFields({ deleted_at: '2026-11-01T00:00:00Z' }, null)).toEqual([{ field: 'deleted_at', from: '2026-11-01 00:00', to: null }]);
  });
});
