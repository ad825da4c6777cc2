import { useCallback, useRef, useState } from 'react';
import type { SaveStatus } from './auto-saver';

export interface ActionStatus {
  status: SaveStatus;
  /** Why the last action failed. */
  failure: string | null;
}

/**
 * The save status of a screen whose changes are single actions (delete, reorder, rename) rather
 * than typed forms: "Saving…" while any runs, then "Saved", or "Could not save: {reason}".
 * `run` takes an action that answers null when it worked, else the reason it failed.
 */
export function useActionStatus() {
  const [state, setState] = useState<ActionStatus>({ status: 'idle', failure: null });
  const running = useRef(0);
  const run = useCallback(async (action: () => Promise<string | null>): Promise<boolean> => {
    running.current += 1;
    setState({ status: 'saving', failure: null });
    let problem: string | null;
    try {
      problem = await action();
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    running.current -= 1;
    if (problem) setState({ status: 'failed', failure: problem });
    else if (running.current === 0) setState((current) => (current.status === 'failed' ? current : { status: 'saved', failure: null }));
    return problem === null;
  }, []);
  return { ...state, run };
}
