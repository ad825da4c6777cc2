import { TOKEN_STORAGE_KEY, TOKEN_VALIDATION_DELAY_MS } from '@corner/domain';
import type { ResultOf } from 'gql.tada';
import type { MeQuery } from './graphql';

/** The member `me` returned for a validated token. */
export type SessionMember = NonNullable<ResultOf<typeof MeQuery>['me']>;

/**
 * The auth state of SPEC section 3 (token, token validated, validate token), plus what the shell
 * needs around it. Its three states (SPEC section 4):
 * - no token: `token` is null;
 * - token present but unvalidated: `token` set, `isTokenValidated` false;
 * - validated: `token` set, `isTokenValidated` true, `member` set.
 */
export interface SessionState {
  token: string | null;
  isTokenValidated: boolean;
  /** A validation was asked for and has not started yet. */
  shouldValidateToken: boolean;
  /** How long the asked-for validation waits before it starts. */
  validationDelayMs: number;
  /**
   * The member of the last successful validation. It is kept while a re-validation runs, so the
   * screen stays as it is instead of falling back to the loading spinner. On a first load with a
   * stored token it is the member that token belonged to at the end of the last visit (kept in
   * local storage beside it), so the page draws at once while the token is checked; the check then
   * replaces it, or refuses the token and clears both.
   */
  member: SessionMember | null;
  /** A stored token was just refused: the user is sent to /login shortly. */
  hasValidationFailed: boolean;
}

export type TokenStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Stores a new token (after sign-in) and asks for its validation right away. */
  signIn(token: string): void;
  /** After an authorization error: the token is no longer validated and is checked again. */
  requestValidation(): void;
  /** Marks the asked-for validation as started; returns the token to validate, or null if there is none. */
  beginValidation(): string | null;
  /** `me` confirmed `token`. Ignored if the token changed meanwhile. */
  confirm(token: string, member: SessionMember): void;
  /** `me` refused `token`: the token is deleted and the state reset. Ignored if the token changed. */
  reject(token: string): void;
  /** The redirect to /login after a refused token has happened. */
  acknowledgeFailure(): void;
  /** Deletes the token (logout). */
  clear(): void;
}

const EMPTY: SessionState = {
  token: null,
  isTokenValidated: false,
  shouldValidateToken: false,
  validationDelayMs: 0,
  member: null,
  hasValidationFailed: false,
};

/** Where the member of the stored token is kept between visits. */
export const MEMBER_STORAGE_KEY = 'corner:member';

/** Which token a kept member belongs to: its last characters, so the token is not stored twice. */
const tokenTag = (token: string) => token.slice(-16);

interface KeptMember {
  tag: string;
  member: SessionMember;
}

function readMember(storage: TokenStorage | null, token: string): SessionMember | null {
  try {
    const kept = JSON.parse(storage?.getItem(MEMBER_STORAGE_KEY) ?? 'null') as Partial<KeptMember> | null;
    const member: unknown = kept?.member;
    if (kept?.tag !== tokenTag(token) || typeof member !== 'object' || member === null || !('MemberID' in member) || typeof member.MemberID !== 'number') return null;
    return member as SessionMember;
  } catch {
    return null; // Unreadable (storage blocked, or not JSON): the page waits for the check instead.
  }
}

function writeMember(storage: TokenStorage | null, token: string | null, member: SessionMember | null): void {
  try {
    if (token === null || member === null) storage?.removeItem(MEMBER_STORAGE_KEY);
    else storage?.setItem(MEMBER_STORAGE_KEY, JSON.stringify({ tag: tokenTag(token), member } satisfies KeptMember));
  } catch {
    // Not kept: the next visit waits for the token check before it draws.
  }
}

function readToken(storage: TokenStorage | null): string | null {
  try {
    const token = storage?.getItem(TOKEN_STORAGE_KEY) ?? null;
    return token === '' ? null : token;
  } catch {
    return null;
  }
}

function writeToken(storage: TokenStorage | null, token: string | null): void {
  try {
    if (token === null) storage?.removeItem(TOKEN_STORAGE_KEY);
    else storage?.setItem(TOKEN_STORAGE_KEY, token);
  } catch {
    // Storage can be unavailable (private mode, quota); the session then lasts for this page only.
  }
}

/**
 * The session as a small external store. On creation it reads the stored token and the member it
 * belonged to; a stored token is validated after TOKEN_VALIDATION_DELAY_MS (SPEC section 4).
 */
export function createSessionStore(storage: TokenStorage | null): SessionStore {
  const storedToken = readToken(storage);
  let state: SessionState = storedToken
    ? {
        ...EMPTY,
        token: storedToken,
        member: readMember(storage, storedToken),
        shouldValidateToken: true,
        validationDelayMs: TOKEN_VALIDATION_DELAY_MS,
      }
    : EMPTY;
  const listeners = new Set<() => void>();

  function set(next: SessionState) {
    state = next;
    for (const listener of listeners) listener();
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(token) {
      writeToken(storage, token);
      writeMember(storage, null, null);
      set({ ...EMPTY, token, shouldValidateToken: true, validationDelayMs: 0 });
    },
    requestValidation() {
      if (state.token === null || state.shouldValidateToken) return;
      set({ ...state, isTokenValidated: false, shouldValidateToken: true, validationDelayMs: 0 });
    },
    beginValidation() {
      if (state.token === null || !state.shouldValidateToken) return null;
      set({ ...state, shouldValidateToken: false });
      return state.token;
    },
    confirm(token, member) {
      if (state.token !== token) return;
      writeMember(storage, token, member);
      // The member kept from the last visit, unchanged (the usual answer), stays the same object, so
      // nothing that shows it renders again.
      const isSame = state.member !== null && JSON.stringify(state.member) === JSON.stringify(member);
      set({ ...state, isTokenValidated: true, member: isSame ? state.member : member });
    },
    reject(token) {
      if (state.token !== token) return;
      writeToken(storage, null);
      writeMember(storage, null, null);
      set({ ...EMPTY, hasValidationFailed: true });
    },
    acknowledgeFailure() {
      if (state.hasValidationFailed) set({ ...state, hasValidationFailed: false });
    },
    clear() {
      writeToken(storage, null);
      writeMember(storage, null, null);
      set(EMPTY);
    },
  };
}
