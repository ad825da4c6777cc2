import { describe, expect, it } from 'vitest';
import { addRequiredItems, requiredItemKey } from './required-item';

describe('required items', () => {
  it('keys an item by type and download', () => {
    expect(requiredItemKey({ type: 'id', download: ' 12 ' })).toBe('id:12');
    expect(requiredItemKey({ type: 'old_item_id', download: '12' })).not.toBe(requiredItemKey({ type: 'id', download: '12' }));
  });

  it('appends new items and leaves out the ones already required', () => {
    const current = [{ type: 'id' as const, download: '1', title: 'Sofa' }];
    const added = [
      { type: 'id' as const, download: '1', title: 'Sofa again' },
      { type: 'url' as const, download: 'https://example.com/mesh', title: 'Mesh' },
      { type: 'url' as const, download: 'https://example.com/mesh', title: 'Mesh twice' },
    ];
    expect(addRequiredItems(current, added).map((i) => i.title)).toEqual(['Sofa', 'Mesh']);
  });
});
