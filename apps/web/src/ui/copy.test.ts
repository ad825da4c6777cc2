import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dismissError, getErrorState } from '../app/error/error-store';
import { COPY_FEEDBACK_MS, createCopier, isPressKey, keepToButton, type ClipboardWriter } from './copy';

const FAILED = 'Failed to copy id';

function setup(clipboard: ClipboardWriter | null) {
  const states: boolean[] = [];
  const copier = createCopier({ clipboard: () => clipboard, onCopiedChange: (isCopied) => states.push(isCopied), failureMessage: FAILED });
  return { copier, states };
}

describe('createCopier', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    dismissError();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('writes the text and shows "copied" for exactly 350 ms, then goes back', async () => {
    const writeText = vi.fn(async () => {});
    const { copier, states } = setup({ writeText });
    expect(await copier.copy('123')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('123');
    expect(COPY_FEEDBACK_MS).toBe(350);
    expect(states).toEqual([true]);
    await vi.advanceTimersByTimeAsync(349);
    expect(states).toEqual([true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual([true, false]);
    expect(getErrorState().show).toBe(false);
  });

  it('starts the 350 ms again on a second copy, and stops them when disposed', async () => {
    const { copier, states } = setup({ writeText: async () => {} });
    await copier.copy('1');
    await vi.advanceTimersByTimeAsync(200);
    await copier.copy('1');
    await vi.advanceTimersByTimeAsync(349);
    expect(states).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(1);
    expect(states).toEqual([true, true, false]);
    await copier.copy('1');
    copier.dispose();
    await vi.advanceTimersByTimeAsync(1000);
    expect(states).toEqual([true, true, false, true]);
  });

  it('shows the alert "Failed to copy id" when the browser refuses', async () => {
    const { copier, states } = setup({ writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) });
    expect(await copier.copy('123')).toBe(false);
    expect(getErrorState()).toEqual({ message: FAILED, show: true });
    expect(states).toEqual([false]);
  });

  it('shows the same alert where there is no clipboard at all', async () => {
    const { copier } = setup(null);
    expect(await copier.copy('123')).toBe(false);
    expect(getErrorState()).toEqual({ message: FAILED, show: true });
  });
});

describe('a copy button inside a row or link', () => {
  it('keeps its click to itself: the event neither bubbles on to the row nor follows the link', () => {
    const click = new Event('click', { bubbles: true, cancelable: true });
    keepToButton(click);
    // The DOM stops dispatching at the button once propagation is stopped (cancelBubble), and a
    // link around it does not navigate once the default is prevented.
    expect(click.cancelBubble).toBe(true);
    expect(click.defaultPrevented).toBe(true);
  });

  it('stops the keys that press it, and only those, from reaching page shortcuts', () => {
    expect(isPressKey('Enter')).toBe(true);
    expect(isPressKey(' ')).toBe(true);
    expect(isPressKey('j')).toBe(false);
    expect(isPressKey('Escape')).toBe(false);
  });
});
