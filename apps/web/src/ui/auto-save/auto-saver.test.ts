import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AutoSaver, type SaveResult } from './auto-saver';
import { createDraftStore } from './draft-store';
import { memoryStorage } from './memory-storage';

interface Values {
  name: string;
  keywords: string | null;
}

const BASE: Values = { name: 'Sofa', keywords: null };

function setup(options: { save?: (changes: Partial<Values>) => Promise<SaveResult<Values>>; storage?: ReturnType<typeof memoryStorage> } = {}) {
  const storage = options.storage ?? memoryStorage();
  const store = createDraftStore(storage);
  const save = vi.fn(options.save ?? (async () => ({ ok: true as const })));
  const saver = new AutoSaver<Values>({
    storageKey: '7:step-1',
    store,
    base: BASE,
    save,
    delayMs: 500,
    validate: (values) => (values.name.includes('/') ? { name: 'Name contains a character that is not allowed: "/".' } : {}),
  });
  return { saver, save, storage, store };
}

describe('AutoSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves 500 ms after typing stops, once, with only the changed fields', async () => {
    const { saver, save } = setup();
    saver.setValue('name', 'S');
    await vi.advanceTimersByTimeAsync(300);
    saver.setValue('name', 'Sofa bed');
    expect(saver.getSnapshot().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(499);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    expect(save.mock.calls[0]![0]).toEqual({ name: 'Sofa bed' });
    expect(saver.getSnapshot().status).toBe('saved');
    // The confirmed value stays on screen until the server's refetch arrives.
    expect(saver.getSnapshot().values.name).toBe('Sofa bed');
  });

  it('keeps the draft in storage until the server confirms it, and restores it on the next visit', async () => {
    let fail = true;
    const storage = memoryStorage();
    const first = setup({ storage, save: async () => (fail ? { ok: false, message: 'Network down' } : { ok: true }) });
    first.saver.setValue('keywords', 'sofa, linen');
    expect(storage.data.get('corner:draft:7:step-1')).toBe('{"keywords":"sofa, linen"}');
    await first.saver.flush();
    const failed = first.saver.getSnapshot();
    expect(failed.status).toBe('failed');
    expect(failed.failure).toBe('Network down');
    expect(failed.values.keywords).toBe('sofa, linen');
    expect(storage.data.has('corner:draft:7:step-1')).toBe(true);

    // A reload: a new form over the same storage shows the typed text and sends it again.
    fail = false;
    const second = setup({ storage });
    expect(second.saver.getSnapshot().values.keywords).toBe('sofa, linen');
    expect(second.saver.getSnapshot().status).toBe('pending');
    await vi.advanceTimersByTimeAsync(500);
    expect(second.save).toHaveBeenCalledWith({ keywords: 'sofa, linen' }, { name: 'Sofa', keywords: 'sofa, linen' });
    expect(storage.data.has('corner:draft:7:step-1')).toBe(false);
  });

  it('retries a failed save and shows the server field messages until the field changes', async () => {
    const results: SaveResult<Values>[] = [
      { ok: false, message: 'Name is taken', fieldErrors: { name: 'Name is taken' } },
      { ok: true },
    ];
    const { saver, save } = setup({ save: async () => results.shift()! });
    saver.setValue('name', 'Chair');
    await saver.flush();
    expect(saver.getSnapshot().errors.name).toBe('Name is taken');
    await saver.retry();
    expect(save).toHaveBeenCalledTimes(2);
    expect(saver.getSnapshot().status).toBe('saved');
    saver.setValue('name', 'Chair two');
    expect(saver.getSnapshot().errors.name).toBeUndefined();
  });

  it('holds back a field that breaks a rule, and saves the others', async () => {
    const { saver, save, storage } = setup();
    saver.setValue('name', 'Sofa/bed');
    expect(saver.getSnapshot().errors.name).toMatch(/not allowed/);
    await vi.advanceTimersByTimeAsync(600);
    expect(save).not.toHaveBeenCalled();
    expect(saver.getSnapshot().status).toBe('invalid');
    saver.setValue('keywords', 'sofa');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenCalledWith({ keywords: 'sofa' }, { name: 'Sofa/bed', keywords: 'sofa' });
    expect(saver.getSnapshot().status).toBe('invalid');
    // The broken text is kept, on screen and in storage, until it is fixed.
    expect(saver.getSnapshot().values.name).toBe('Sofa/bed');
    expect(storage.data.get('corner:draft:7:step-1')).toBe('{"name":"Sofa/bed"}');
    saver.setValue('name', 'Sofa bed');
    await vi.advanceTimersByTimeAsync(500);
    expect(save).toHaveBeenLastCalledWith({ name: 'Sofa bed' }, { name: 'Sofa bed', keywords: 'sofa' });
    expect(saver.getSnapshot().status).toBe('saved');
  });

  it('runs one save at a time and saves what was typed meanwhile right after', async () => {
    let release: (() => void) | null = null;
    const { saver, save } = setup({
      save: () =>
        new Promise((resolve) => {
          release = () => resolve({ ok: true });
        }),
    });
    saver.setValue('name', 'One');
    const firstFlush = saver.flush();
    saver.setValue('keywords', 'two');
    const secondFlush = saver.flush();
    expect(save).toHaveBeenCalledTimes(1);
    release!();
    await firstFlush;
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(2));
    release!();
    await secondFlush;
    expect(save.mock.calls[1]![0]).toEqual({ keywords: 'two' });
  });

  it('drops drafted fields once the server holds them, and saves pending changes when disposed', async () => {
    const { saver, save, storage } = setup();
    saver.setValue('name', 'Sofa bed');
    saver.dispose();
    await vi.runAllTimersAsync();
    expect(save).toHaveBeenCalledTimes(1);
    saver.setBase({ name: 'Sofa bed', keywords: null });
    expect(saver.getSnapshot().hasUnsavedChanges).toBe(false);
    expect(storage.data.size).toBe(0);
  });
});
