import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { UploadQueue, type AddOptions, type UploadEntry, type UploadQueueOptions } from './upload-queue';

export interface UseUploadQueue<Target = undefined> {
  entries: readonly UploadEntry[];
  add: (files: Iterable<File>, options?: AddOptions<Target>) => void;
  cancel: (id: string) => void;
  dismiss: (id: string) => void;
  retry: (id: string) => void;
}

/**
 * An upload queue for a component: the latest `options` are used for every file, leaving the page
 * cancels what is still being sent, and closing the tab meanwhile asks first.
 */
export function useUploadQueue<Target = undefined>(options: UploadQueueOptions<Target>): UseUploadQueue<Target> {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const [queue] = useState(
    () =>
      new UploadQueue<Target>({
        concurrency: options.concurrency,
        doneDelayMs: options.doneDelayMs,
        check: (file) => latest.current.check(file),
        send: (file, sendOptions) => latest.current.send(file, sendOptions),
        onUploaded: () => latest.current.onUploaded?.(),
      }),
  );
  useEffect(() => () => queue.cancelAll(), [queue]);
  const entries = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot);
  const isBusy = entries.some((e) => e.status !== 'done' && e.status !== 'failed');
  // Closing or reloading the tab would cut the uploads off: the browser asks first.
  useEffect(() => {
    if (!isBusy) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [isBusy]);
  return {
    entries,
    add: (files, addOptions) => queue.add(files, addOptions),
    cancel: (id) => queue.cancel(id),
    dismiss: (id) => queue.dismiss(id),
    retry: (id) => queue.retry(id),
  };
}
