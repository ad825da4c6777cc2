import { useSyncExternalStore } from 'react';

/** The error state of SPEC section 3: the message of the bottom banner and whether it is shown. */
export interface ErrorState {
  message: string;
  show: boolean;
}

let state: ErrorState = { message: '', show: false };
const listeners = new Set<() => void>();

function set(next: ErrorState) {
  state = next;
  for (const listener of listeners) listener();
}

/** Shows `message` in the error banner; a newer error replaces the one shown. */
export function showError(message: string): void {
  set({ message, show: true });
}

/** Hides the banner (its close button, or a fresh start such as signing in). */
export function dismissError(): void {
  if (state.show) set({ ...state, show: false });
}

export function getErrorState(): ErrorState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useErrorState(): ErrorState {
  return useSyncExternalStore(subscribe, getErrorState, getErrorState);
}
