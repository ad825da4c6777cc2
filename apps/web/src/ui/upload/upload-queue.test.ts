import { describe, expect, it, vi } from 'vitest';
import { UploadQueue, type UploadQueueOptions } from './upload-queue';

/** A send whose calls the test finishes by hand. */
function manualSend() {
  const calls: { file: File; signal: AbortSignal; progress: (loaded: number) => void; finish: (outcome: string | null) => void }[] = [];
  const send: UploadQueueOptions['send'] = (file, { onProgress, signal }) =>
    new Promise((resolve, reject) => {
      signal.addEventListener('abort', () => reject(new DOMException('cancelled', 'AbortError')));
      calls.push({ file, signal, progress: onProgress, finish: resolve });
    });
  return { calls, send };
}

const files = (...names: string[]) => names.map((name) => new File([new Uint8Array(100)], name));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('UploadQueue', () => {
  it('sends two at a time, in order, with progress, and reports each stored file', async () => {
    const { calls, send } = manualSend();
    const onUploaded = vi.fn();
    const queue = new UploadQueue({ concurrency: 2, check: async () => null, send, onUploaded, doneDelayMs: 10_000 });
    queue.add(files('a.png', 'b.png', 'c.png'));
    await settle();
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png']);
    expect(queue.getSnapshot().map((e) => e.status)).toEqual(['uploading', 'uploading', 'queued']);

    calls[0]!.progress(40);
    expect(queue.getSnapshot()[0]).toMatchObject({ loaded: 40, status: 'uploading' });
    calls[0]!.progress(100);
    expect(queue.getSnapshot()[0]!.status).toBe('processing');

    calls[0]!.finish(null);
    await settle();
    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png', 'c.png']);
    expect(queue.getSnapshot().map((e) => e.status)).toEqual(['done', 'uploading', 'uploading']);
    queue.cancelAll();
  });

  it('keeps a refused file with its message and does not send it', async () => {
    const { calls, send } = manualSend();
    const queue = new UploadQueue({ concurrency: 2, check: async (f) => (f.name.endsWith('.txt') ? 'not an image' : null), send });
    queue.add(files('notes.txt', 'a.png'));
    await settle();
    expect(calls.map((c) => c.file.name)).toEqual(['a.png']);
    expect(queue.getSnapshot()[0]).toMatchObject({ status: 'failed', error: 'not an image' });
    calls[0]!.finish('The image is empty.');
    await settle();
    expect(queue.getSnapshot()[1]).toMatchObject({ status: 'failed', error: 'The image is empty.' });
    queue.dismiss(queue.getSnapshot()[0]!.id);
    expect(queue.getSnapshot()).toHaveLength(1);
  });

  it('cancels a file being sent: it leaves the list and the next one starts', async () => {
    const { calls, send } = manualSend();
    const queue = new UploadQueue({ concurrency: 1, check: async () => null, send });
    queue.add(files('a.png', 'b.png'));
    await settle();
    queue.cancel(queue.getSnapshot()[0]!.id);
    await settle();
    expect(calls[0]!.signal.aborted).toBe(true);
    expect(queue.getSnapshot().map((e) => e.name)).toEqual(['b.png']);
    expect(calls.map((c) => c.file.name)).toEqual(['a.png', 'b.png']);
    queue.cancelAll();
  });

  it('takes a stored file off the list after a moment', async () => {
    vi.useFakeTimers();
    try {
      const { calls, send } = manualSend();
      const queue = new UploadQueue({ concurrency: 1, check: async () => null, send, doneDelayMs: 2000 });
      queue.add(files('a.png'));
      await vi.advanceTimersByTimeAsync(0);
      calls[0]!.finish(null);
      await vi.advanceTimersByTimeAsync(0);
      expect(queue.getSnapshot()[0]!.status).toBe('done');
      await vi.advanceTimersByTimeAsync(2000);
      expect(queue.getSnapshot()).toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a failed file again on retry, from the first byte', async () => {
    const { calls, send } = manualSend();
    const onUploaded = vi.fn();
    const queue = new UploadQueue({ concurrency: 1, check: async () => null, send, onUploaded, doneDelayMs: 10_000 });
    queue.add(files('big.package'));
    await settle();
    calls[0]!.progress(60);
    calls[0]!.finish('Request failed with status code 502');
    await settle();
    const failed = queue.getSnapshot()[0]!;
    expect(failed).toMatchObject({ status: 'failed', error: 'Request failed with status code 502', canRetry: true });

    queue.retry(failed.id);
    await settle();
    expect(calls).toHaveLength(2);
    expect(calls[1]!.file.name).toBe('big.package');
    expect(queue.getSnapshot()[0]).toMatchObject({ id: failed.id, status: 'uploading', loaded: 0, error: null });
    calls[1]!.finish(null);
    await settle();
    expect(queue.getSnapshot()[0]!.status).toBe('done');
    expect(onUploaded).toHaveBeenCalledTimes(1);
    queue.cancelAll();
  });

  it('does not retry a file the browser refused, nor one that did not fail', async () => {
    const { calls, send } = manualSend();
    const queue = new UploadQueue({ concurrency: 1, check: async (f) => (f.name === 'notes.txt' ? 'not accepted' : null), send });
    queue.add(files('notes.txt', 'a.package'));
    await settle();
    const [refused, sending] = queue.getSnapshot();
    expect(refused).toMatchObject({ status: 'failed', canRetry: false });
    queue.retry(refused!.id);
    queue.retry(sending!.id);
    await settle();
    expect(queue.getSnapshot().map((e) => e.status)).toEqual(['failed', 'uploading']);
    expect(calls).toHaveLength(1);
    queue.cancelAll();
  });

  it('hands each file its target and shows its note', async () => {
    const targets: (number | undefined)[] = [];
    const queue = new UploadQueue<number>({
      concurrency: 2,
      check: async () => null,
      send: async (_file, { target }) => {
        targets.push(target);
        return null;
      },
      doneDelayMs: 10_000,
    });
    queue.add(files('new.package'));
    queue.add(files('chair-v2.package'), { target: 42, note: 'New version of chair.package' });
    await settle();
    await settle();
    expect(targets).toEqual([undefined, 42]);
    expect(queue.getSnapshot().map((e) => e.note)).toEqual([null, 'New version of chair.package']);
    queue.cancelAll();
  });
});
