/** Where one file of an upload queue stands. */
export type UploadStatus =
  /** Its first bytes and size are being checked in the browser. */
  | 'checking'
  /** Waiting for a free slot. */
  | 'queued'
  | 'uploading'
  /** Every byte is sent; the server is storing and reading it. */
  | 'processing'
  | 'done'
  | 'failed';

export interface UploadEntry {
  id: string;
  name: string;
  size: number;
  status: UploadStatus;
  /** Bytes sent so far. */
  loaded: number;
  /** Why it failed (the browser's check or the server's message). */
  error: string | null;
  /** A line that says what the upload is for, e.g. "New version of chair.package". */
  note: string | null;
  /** A failed send may be tried again; a file the browser's check refused may not. */
  canRetry: boolean;
}

/** What sending one file answers: null when it was stored, else the message to show. */
export type SendOutcome = string | null;

/** What a queued file carries to its send. */
export interface AddOptions<Target> {
  /** Where the file goes (handed to `send`), e.g. the file it is a new version of. */
  target?: Target;
  note?: string;
}

export interface UploadQueueOptions<Target = undefined> {
  /** How many files are sent at once. */
  concurrency: number;
  /** The browser's check before sending: null when the file may go, else the message. */
  check: (file: File) => Promise<string | null>;
  /** Sends one file; rejects with an AbortError when `signal` aborts. */
  send: (file: File, options: { onProgress: (loaded: number) => void; signal: AbortSignal; target: Target | undefined }) => Promise<SendOutcome>;
  /** After each file the server stored. */
  onUploaded?: () => void;
  /** How long a finished file stays in the list with its "Uploaded" mark. */
  doneDelayMs?: number;
}

interface Job<Target> {
  entry: UploadEntry;
  file: File;
  target: Target | undefined;
  controller: AbortController | null;
}

let nextId = 0;

/**
 * Files waiting for, going through and back from their upload, outside React so it can be tested:
 * each is checked, then sent `concurrency` at a time in the order given, with its progress; any can
 * be cancelled (a cancelled file leaves the list); failures stay until dismissed or retried.
 * A file may carry a target (where it goes), so one queue serves new files and new versions alike.
 */
export class UploadQueue<Target = undefined> {
  private jobs: Job<Target>[] = [];
  private snapshot: readonly UploadEntry[] = [];
  private readonly listeners = new Set<() => void>();
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();

  constructor(private readonly options: UploadQueueOptions<Target>) {}

  getSnapshot = (): readonly UploadEntry[] => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Whether anything is still being checked, waiting or sent. */
  get isBusy(): boolean {
    return this.jobs.some((j) => j.entry.status !== 'done' && j.entry.status !== 'failed');
  }

  add(files: Iterable<File>, options: AddOptions<Target> = {}): void {
    for (const file of files) {
      const job: Job<Target> = {
        entry: {
          id: `upload-${++nextId}`,
          name: file.name,
          size: file.size,
          status: 'checking',
          loaded: 0,
          error: null,
          note: options.note ?? null,
          canRetry: false,
        },
        file,
        target: options.target,
        controller: null,
      };
      this.jobs.push(job);
      void this.options.check(file).then(
        (problem) => this.update(job, problem ? { status: 'failed', error: problem } : { status: 'queued' }),
        (error: unknown) => this.update(job, { status: 'failed', error: error instanceof Error ? error.message : String(error) }),
      );
    }
    this.publish();
  }

  /** Stops a file that is waiting or being sent and takes it off the list. */
  cancel(id: string): void {
    const job = this.jobs.find((j) => j.entry.id === id);
    if (!job) return;
    job.controller?.abort();
    this.remove(job);
  }

  /** Sends a file whose send failed once more (from the first byte). */
  retry(id: string): void {
    const job = this.jobs.find((j) => j.entry.id === id);
    if (!job || job.entry.status !== 'failed' || !job.entry.canRetry) return;
    this.update(job, { status: 'queued', error: null, loaded: 0, canRetry: false });
  }

  /** Takes a finished or failed file off the list. */
  dismiss(id: string): void {
    const job = this.jobs.find((j) => j.entry.id === id);
    if (job && (job.entry.status === 'done' || job.entry.status === 'failed')) this.remove(job);
  }

  /** Cancels everything and empties the list (the page is left). */
  cancelAll(): void {
    for (const job of this.jobs) job.controller?.abort();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.jobs = [];
    this.publish();
  }

  private remove(job: Job<Target>) {
    this.jobs = this.jobs.filter((j) => j !== job);
    this.publish();
    this.pump();
  }

  private update(job: Job<Target>, patch: Partial<UploadEntry>) {
    if (!this.jobs.includes(job)) return; // Cancelled meanwhile.
    job.entry = { ...job.entry, ...patch };
    this.publish();
    this.pump();
  }

  /** Starts waiting files while there are free slots, in the order they were added. */
  private pump() {
    let running = this.jobs.filter((j) => j.entry.status === 'uploading' || j.entry.status === 'processing').length;
    for (const job of this.jobs) {
      if (running >= this.options.concurrency) break;
      if (job.entry.status !== 'queued') continue;
      running += 1;
      void this.start(job);
    }
  }

  private async start(job: Job<Target>) {
    const controller = new AbortController();
    job.controller = controller;
    job.entry = { ...job.entry, status: 'uploading', loaded: 0 };
    this.publish();
    try {
      const problem = await this.options.send(job.file, {
        signal: controller.signal,
        target: job.target,
        onProgress: (loaded) => {
          if (controller.signal.aborted) return;
          const status = loaded >= job.entry.size ? 'processing' : 'uploading';
          this.update(job, { loaded, status });
        },
      });
      job.controller = null;
      if (problem) {
        this.update(job, { status: 'failed', error: problem, canRetry: true });
        return;
      }
      this.update(job, { status: 'done', loaded: job.entry.size });
      this.options.onUploaded?.();
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.jobs.includes(job)) this.remove(job);
      }, this.options.doneDelayMs ?? 2500);
      this.timers.add(timer);
    } catch (error) {
      job.controller = null;
      if (controller.signal.aborted) return; // Cancelled: already off the list.
      this.update(job, { status: 'failed', error: error instanceof Error ? error.message : String(error), canRetry: true });
    }
  }

  private publish() {
    this.snapshot = this.jobs.map((j) => j.entry);
    for (const listener of this.listeners) listener();
  }
}
