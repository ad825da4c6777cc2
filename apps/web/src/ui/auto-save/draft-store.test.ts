import { describe, expect, it } from 'vitest';
import { createDraftStore, isSameValue, meansSameValue, pendingChanges, pruneDraft } from './draft-store';
import { memoryStorage } from './memory-storage';

describe('draft store', () => {
  it('writes, reads and removes a draft under its prefix', () => {
    const storage = memoryStorage();
    const store = createDraftStore(storage);
    store.write('12:step-1', { name: 'Sofa' });
    expect(storage.data.get('corner:draft:12:step-1')).toBe('{"name":"Sofa"}');
    expect(store.read('12:step-1')).toEqual({ name: 'Sofa' });
    store.write('12:step-1', {});
    expect(storage.data.has('corner:draft:12:step-1')).toBe(false);
  });

  it('survives broken, foreign or blocked storage', () => {
    const storage = memoryStorage();
    storage.setItem('corner:draft:a', '{not json');
    storage.setItem('corner:draft:b', '[1,2]');
    const store = createDraftStore(storage);
    expect(store.read('a')).toBeNull();
    expect(store.read('b')).toBeNull();
    const blocked = createDraftStore({
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    });
    expect(blocked.read('x')).toBeNull();
    expect(() => blocked.write('x', { a: 1 })).not.toThrow();
    expect(createDraftStore(null).read('x')).toBeNull();
  });
});

describe('draft values', () => {
  it('compares JSON values', () => {
    expect(isSameValue([1, 2], [1, 2])).toBe(true);
    expect(isSameValue({ id: 1 }, { id: 2 })).toBe(false);
    expect(isSameValue(null, undefined)).toBe(false);
    expect(meansSameValue('Sofa ', 'Sofa')).toBe(true);
    expect(meansSameValue('', null)).toBe(true);
    expect(meansSameValue(0, null)).toBe(false);
  });

  it('sends only what changes the stored values', () => {
    const base = { name: 'Sofa', keywords: null as string | null, tags: [1] };
    expect(pendingChanges(base, { name: 'Sofa ', keywords: '', tags: [1] })).toEqual({});
    expect(pendingChanges(base, { name: 'Big sofa', tags: [1, 2] })).toEqual({ name: 'Big sofa', tags: [1, 2] });
  });

  it('drops drafted fields the server now holds, but keeps text still being typed', () => {
    const base = { name: 'Sofa', description: 'A sofa' };
    const draft = { name: 'Sofa', description: 'A sofa ' };
    expect(pruneDraft(base, draft)).toEqual({ description: 'A sofa ' });
    const unchanged = { description: 'Other' };
    expect(pruneDraft(base, unchanged)).toBe(unchanged);
  });
});
