import { createSessionStore, type TokenStorage } from './session-store';

function browserStorage(): TokenStorage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The app's one session, read from local storage when the page loads. */
export const sessionStore = createSessionStore(browserStorage());

/** Where the user wanted to go before being sent to /login, kept in the router's location state. */
export interface LoginRedirectState {
  from: string;
}

/** The path to land on after sign-in: the wanted path, or "/" (creators land in creator's corner). */
export function wantedPath(state: unknown): string {
  const from = typeof state === 'object' && state !== null ? (state as Partial<LoginRedirectState>).from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) return '/';
  if (from === '/login' || from.startsWith('/login?') || from.startsWith('/login#')) return '/';
  return from;
}
