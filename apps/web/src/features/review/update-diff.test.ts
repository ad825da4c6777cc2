import { describe, expect, it } from 'vitest';
import en from '../../app/i18n/en.json';
import { DIFF_FIELDS, diffCounts, knownField, knownResourceKind, RESOURCE_KINDS, resourceRows, sizeChange } from './update-diff';

describe('what changed in an update, on the review page', () => {
  it('has a label for every field and resource kind it knows', () => {
    for (const field of DIFF_FIELDS) expect(en.updateDiff.fields[field], field).toBeTruthy();
    for (const kind of RESOURCE_KINDS) expect(en.updateDiff.kinds[kind], kind).toBeTruthy();
    expect(knownField('name')).toBe('name');
    expect(knownField('something_new')).toBeNull();
    expect(knownResourceKind('tuningOfTheFuture')).toBe('other');
  });

  it('counts the details, pictures and files that changed', () => {
    expect(diffCounts({ fields: [1, 2], images: { added: [1], removed: [], reordered: true }, files: [1] })).toEqual({ details: 2, pictures: 1, files: 1, total: 5 });
    expect(diffCounts({ fields: [], images: { added: [], removed: [], reordered: false }, files: [] }).total).toBe(0);
  });

  it('lists changed resources first, then added and removed, and counts those not listed', () => {
    const r = (key: string) => ({ key, kind: 'thumbnail', before: 1, after: 2 });
    const { rows, hidden } = resourceRows({ added: 5, removed: 1, changed: 1, listed_added: [r('a'), r('b')], listed_removed: [r('c')], listed_changed: [r('d')] });
    expect(rows.map((x) => [x.change, x.key])).toEqual([
      ['changed', 'd'],
      ['added', 'a'],
      ['added', 'b'],
      ['removed', 'c'],
    ]);
    expect(hidden).toBe(3);
  });

  it('writes a size change', () => {
    expect(sizeChange(2048, 4096)).toBe('2 KB → 4 KB');
    expect(sizeChange(2048, 2048)).toBe('2 KB');
    expect(sizeChange(null, 10)).toBe('10 bytes');
    expect(sizeChange(10, null)).toBe('10 bytes');
  });
});
