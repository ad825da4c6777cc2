import { describe, expect, it } from 'vitest';
import { categoryOptions } from './category-options';

describe('the archive’s category options', () => {
  it('groups the tree by its top-level categories, each named by its path below it', () => {
    expect(
      categoryOptions([
        { id: 1, name: 'Objects', path: 'Objects' },
        { id: 10, name: 'Living Room', path: 'Objects › Living Room' },
        { id: 101, name: 'Armchairs', path: 'Objects › Living Room › Armchairs' },
        { id: 2, name: 'Build', path: 'Build' },
      ]),
    ).toEqual([
      { group: 'Objects', items: [{ value: '1', label: 'Objects' }, { value: '10', label: 'Living Room' }, { value: '101', label: 'Living Room › Armchairs' }] },
      { group: 'Build', items: [{ value: '2', label: 'Build' }] },
    ]);
  });
});
