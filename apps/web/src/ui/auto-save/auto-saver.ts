import { pendingChanges, pruneDraft, type Draft, type DraftStore } from './draft-store';

/** Where a form's saving stands, as its save status shows it. */
export type SaveStatus =
  /** Nothing changed since the form opened. */
  | 'idle'
  /** Changes wait for the typing to stop. */
  | 'pending'
  | 'saving'
  | 'saved'
  /** The server refused or could not be reached; the changes are kept. */
  | 'failed'
  /** A field breaks a rule; nothing is sent until it is fixed. */
  | 'invalid';

/** Messages by field name, or by the path of a field inside a list ("children.0.name"). */
export type FieldErrors<T> = { [K in keyof T & string]?: string } & { [path: string]: string | undefined };

export type SaveResult<T> =
  | { ok: true }
  | { ok: false; message: string; fieldErrors?: FieldErrors<T> | undefined };

export interface AutoSaveSnapshot<T> {
  /** What the form shows: the server's values with the draft on top. */
  values: T;
  status: SaveStatus;
  /** Why the last save failed. */
  failure: string | null;
  /** Messages under fields: the rules broken by changed fields, then the server's. */
  errors: FieldErrors<T>;
  /** Whether anything typed is not confirmed by the server yet. */
  hasUnsavedChanges: boolean;
}

export interface AutoSaverOptions<T extends object> {
  /** Where the draft is kept between visits; null keeps it in memory only. */
  storageKey: string | null;
  store: DraftStore;
  base: T;
  /** Sends the changed fields; `values` are all the form's values, for rules across fields. */
  save: (changes: Draft<T>, values: T) => Promise<SaveResult<T>>;
  /** The client-side rules (the same as the server's); returns messages by field. */
  validate?: ((values: T) => FieldErrors<T>) | undefined;
  /** How long typing must stop before a save (SPEC section 9: 500 ms). */
  delayMs: number;
  /** A read-only form never saves. */
  isReadOnly?: boolean | undefined;
}

/**
 * The saving of one form, outside React so that it can be tested and can finish a save after its
 * page has gone. Changes are kept in the draft store until the server confirms them; a save runs
 * when typing stops (`delayMs`), on `flush()` (blur, step change, unmount) and on `retry()`. One
 * save runs at a time; changes made meanwhile are saved right after it.
 */
export class AutoSaver<T extends object> {
  private base: T;
  /** Values the server confirmed but `base` does not show yet (its refetch is on the way). */
  private confirmed: Draft<T> = {};
  private draft: Draft<T>;
  private status: SaveStatus = 'idle';
  private failure: string | null = null;
  private serverErrors: FieldErrors<T> = {};
  private timer: ReturnType<typeof setTimeout> | null = null;
  private running: Promise<boolean> | null = null;
  private snapshot: AutoSaveSnapshot<T>;
  private readonly listeners = new Set<() => void>();

  constructor(private options: AutoSaverOptions<T>) {
    this.base = options.base;
    const restored = options.storageKey ? options.store.read<T>(options.storageKey) : null;
    this.draft = restored ? pruneDraft(this.base, restored) : {};
    this.snapshot = this.makeSnapshot();
    if (this.hasChanges() && !options.isReadOnly) {
      // A draft left by an earlier visit or a failed save: send it again.
      this.status = 'pending';
      this.snapshot = this.makeSnapshot();
      this.schedule();
    }
  }

  /** Takes the latest callbacks and flags of the component. */
  update(options: Pick<AutoSaverOptions<T>, 'save' | 'validate' | 'isReadOnly'>): void {
    const wasReadOnly = this.options.isReadOnly;
    this.options = { ...this.options, ...options };
    if (wasReadOnly !== options.isReadOnly) this.emit();
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): AutoSaveSnapshot<T> => this.snapshot;

  /** New values from the server: drafted fields it now holds are dropped. */
  setBase(base: T): void {
    if (base === this.base) return;
    this.base = base;
    this.confirmed = {};
    this.draft = pruneDraft(base, this.draft);
    this.persist();
    this.emit();
  }

  setValue<K extends keyof T>(key: K, value: T[K]): void {
    this.setValues({ [key]: value } as unknown as Draft<T>);
  }

  setValues(values: Draft<T>): void {
    if (this.options.isReadOnly) return;
    this.draft = { ...this.draft, ...values };
    this.serverErrors = withoutFields(this.serverErrors, Object.keys(values));
    this.persist();
    if (this.hasChanges()) {
      if (this.status !== 'saving') this.status = 'pending';
      this.schedule();
    }
    this.emit();
  }

  /** Saves now (blur, step change, leaving the page). Resolves true when nothing is left unsaved. */
  flush(): Promise<boolean> {
    this.clearTimer();
    return this.run();
  }

  retry(): Promise<boolean> {
    return this.flush();
  }

  /** The component is gone: whatever is pending is saved now; the draft stays until confirmed. */
  dispose(): void {
    if (this.timer !== null || this.status === 'failed') void this.flush();
  }

  private effectiveBase(): T {
    return { ...this.base, ...this.confirmed };
  }

  private hasChanges(): boolean {
    return Object.keys(pendingChanges(this.effectiveBase(), this.draft)).length > 0;
  }

  private clientErrors(values: T): FieldErrors<T> {
    const all: FieldErrors<T> = this.options.validate?.(values) ?? {};
    const shown: FieldErrors<T> = {};
    // Only the fields a creator changed: a rule broken by stored data is not theirs to fix here.
    const changed = Object.keys(this.draft);
    for (const [key, message] of Object.entries(all) as [keyof T & string, string | undefined][]) {
      if (message && changed.some((field) => belongsTo(key, field))) shown[key] = message;
    }
    return shown;
  }

  private schedule(): void {
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.options.delayMs);
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private run(): Promise<boolean> {
    // One save at a time: a later call waits for the running one, then saves what is left.
    if (this.running) return this.running.then(() => this.run());
    this.running = this.save().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async save(): Promise<boolean> {
    if (this.options.isReadOnly) return true;
    const values = this.values();
    const { sendable, held } = this.splitChanges(values);
    if (Object.keys(sendable).length === 0) {
      if (held.length > 0) {
        this.setStatus('invalid');
        return false;
      }
      if (this.status === 'pending' || this.status === 'invalid') this.setStatus(this.failure ? 'failed' : 'idle');
      return this.status !== 'failed';
    }
    this.setStatus('saving');
    let result: SaveResult<T>;
    try {
      result = await this.options.save(sendable, values);
    } catch (error) {
      result = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    if (result.ok) {
      this.confirmed = { ...this.confirmed, ...sendable };
      this.failure = null;
      this.serverErrors = withoutFields(this.serverErrors, Object.keys(sendable));
      this.persist();
      const after = this.splitChanges(this.values());
      this.status = Object.keys(after.sendable).length > 0 ? 'pending' : after.held.length > 0 ? 'invalid' : 'saved';
      // Typed while saving: those changes go out when the typing stops again.
      if (this.status === 'pending' && this.timer === null) this.schedule();
      this.emit();
      return after.held.length === 0;
    }
    this.failure = result.message;
    this.serverErrors = { ...this.serverErrors, ...(result.fieldErrors ?? {}) };
    this.setStatus('failed');
    return false;
  }

  /**
   * The changes that can be sent, and the fields held back because they break a rule: a broken
   * field does not keep the others from being saved; it stays in the draft until it is fixed.
   */
  private splitChanges(values: T): { sendable: Draft<T>; held: string[] } {
    const changes = pendingChanges(this.effectiveBase(), this.draft);
    const broken = Object.keys(this.clientErrors(values));
    const sendable: Draft<T> = {};
    const held: string[] = [];
    for (const field of Object.keys(changes) as (keyof T & string)[]) {
      if (broken.some((key) => belongsTo(key, field))) held.push(field);
      else sendable[field] = changes[field];
    }
    return { sendable, held };
  }

  private values(): T {
    return { ...this.effectiveBase(), ...this.draft };
  }

  private persist(): void {
    if (!this.options.storageKey) return;
    this.options.store.write(this.options.storageKey, pendingChanges(this.effectiveBase(), this.draft));
  }

  private setStatus(status: SaveStatus): void {
    this.status = status;
    this.emit();
  }

  private makeSnapshot(): AutoSaveSnapshot<T> {
    const values = this.values();
    return {
      values,
      status: this.status,
      failure: this.status === 'failed' ? this.failure : null,
      errors: { ...this.serverErrors, ...this.clientErrors(values) },
      hasUnsavedChanges: this.hasChanges(),
    };
  }

  private emit(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }
}

/**
 * Whether a message key is about a field: "name" about "name", and "children.0.name" (a field of a
 * list item, as the server names them) about "children".
 */
function belongsTo(messageKey: string, field: string): boolean {
  return messageKey === field || messageKey.startsWith(`${field}.`);
}

function withoutFields<T>(errors: FieldErrors<T>, fields: readonly string[]): FieldErrors<T> {
  const kept: FieldErrors<T> = {};
  for (const [key, message] of Object.entries(errors) as [keyof T & string, string | undefined][]) {
    if (message && !fields.some((field) => belongsTo(key, field))) kept[key] = message;
  }
  return kept;
}
