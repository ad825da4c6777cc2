import { showError } from '../app/error/error-store';

/** How long a copy button shows that it copied (SPEC 9: "Copy-id feedback lasts 350 ms"). */
export const COPY_FEEDBACK_MS = 350;

/** The part of the Clipboard API a copy needs. */
export type ClipboardWriter = Pick<Clipboard, 'writeText'>;

/** The browser's clipboard, or null where there is none (a page not served over https, an old browser). */
export function browserClipboard(): ClipboardWriter | null {
  const clipboard = typeof navigator === 'undefined' ? undefined : navigator.clipboard;
  return clipboard && typeof clipboard.writeText === 'function' ? clipboard : null;
}

export interface CopierOptions {
  /** Where the text goes; the browser's clipboard unless given (tests pass their own). */
  clipboard?: () => ClipboardWriter | null;
  /** The button's feedback: true once copied, false again `feedbackMs` later. */
  onCopiedChange: (isCopied: boolean) => void;
  /** The alert shown when copying fails (SPEC 8: "Failed to copy id"). */
  failureMessage: string;
  feedbackMs?: number;
}

export interface Copier {
  /** Copies `text`; true when it reached the clipboard. Never rejects. */
  copy(text: string): Promise<boolean>;
  /** Ends a running feedback timer (the button went away). */
  dispose(): void;
}

/**
 * What a copy button does. A copy that succeeds shows "copied" for exactly `feedbackMs` (a second
 * copy meanwhile starts the time again); one that fails (no clipboard, permission refused) goes to
 * the app's alert, the error banner, as every error the spec shows to the user does.
 */
export function createCopier({ clipboard = browserClipboard, onCopiedChange, failureMessage, feedbackMs = COPY_FEEDBACK_MS }: CopierOptions): Copier {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  };
  return {
    async copy(text) {
      try {
        const writer = clipboard();
        if (!writer) throw new Error('There is no clipboard on this page.');
        await writer.writeText(text);
      } catch (error) {
        console.error('Copying failed', error);
        stop();
        onCopiedChange(false);
        showError(failureMessage);
        return false;
      }
      stop();
      onCopiedChange(true);
      timer = setTimeout(() => {
        timer = null;
        onCopiedChange(false);
      }, feedbackMs);
      return true;
    },
    dispose: stop,
  };
}

/** The parts of a click or key event that can stop it. */
interface StoppableEvent {
  stopPropagation(): void;
  preventDefault(): void;
}

/**
 * Keeps a click on a button that sits inside a clickable row, link or label to the button: the row
 * does not also move its selection and the link does not also open.
 */
export function keepToButton(event: StoppableEvent): void {
  event.stopPropagation();
  event.preventDefault();
}

/**
 * Keys that press a focused button. Page shortcuts listen on the document (Enter opens the row
 * under the cursor of a queue), so these stop at the button instead.
 */
export function isPressKey(key: string): boolean {
  return key === 'Enter' || key === ' ';
}
