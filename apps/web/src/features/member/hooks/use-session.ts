import { hasPermission, permissionSet } from '@corner/domain';
import { useMemo, useSyncExternalStore } from 'react';
import { sessionStore } from '../session';
import type { SessionMember, SessionState } from '../session-store';

/**
 * One value of the session state: the component renders again only when that value changes
 * (compared with Object.is), not on every step of a session check. `select` picks a field or
 * computes a primitive; a new object each time would render forever.
 */
export function useSessionValue<T>(select: (state: SessionState) => T): T {
  const read = () => select(sessionStore.getState());
  return useSyncExternalStore(sessionStore.subscribe, read, read);
}

/** The signed-in token, or null. */
export function useToken(): string | null {
  return useSessionValue(tokenOf);
}

/** The validated member (or the one kept from the last visit while it is checked), or null. */
export function useMember(): SessionMember | null {
  return useSessionValue(memberOf);
}

/** Whether a stored token was just refused (the user is sent to /login shortly). */
export function useHasValidationFailed(): boolean {
  return useSessionValue(validationFailedOf);
}

const tokenOf = (state: SessionState) => state.token;
const memberOf = (state: SessionState) => state.member;
const validationFailedOf = (state: SessionState) => state.hasValidationFailed;

/** Every permission the member holds through their roles. */
export function usePermissions(): Set<string> {
  const member = useMember();
  return useMemo(() => permissionSet(member), [member]);
}

/** Any-match permission check against the signed-in member (SPEC section 6). */
export function useHasPermission(required: string | readonly string[] | undefined): boolean {
  const permissions = usePermissions();
  return required === undefined || hasPermission(permissions, required);
}
