import { describe, expect, it } from 'vitest';
import { reportTypeName, reportTypeOptions } from './report-types';

const TYPES = [
  { type: 'broken', name: 'Broken or not working in the game' },
  { type: 'spam', name: 'Spam or advertising' },
];

describe('report kinds', () => {
  it('reads a kind by its name, or its id when the list does not know it', () => {
    expect(reportTypeName(TYPES, 'spam')).toBe('Spam or advertising');
    expect(reportTypeName(TYPES, 'retired')).toBe('retired');
    expect(reportTypeName(undefined, 'broken')).toBe('broken');
  });

  it('offers the kinds in the server’s order', () => {
    expect(reportTypeOptions(TYPES)).toEqual([
      { value: 'broken', label: 'Broken or not working in the game' },
      { value: 'spam', label: 'Spam or advertising' },
    ]);
    expect(reportTypeOptions(undefined)).toEqual([]);
  });
});
