import { hasPermission, permissionSet } from '@corner/domain';
import { useMemo, useSyncExternalStore } from 'react';
import { sessionStore } from '../session';
import type { SessionMember, SessionState } from '../session-store';

export function useSession(): SessionState {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getState, sessionStore.getState);
}

/** The validated member, or null before validation. */
export function useMember(): SessionMember | null {
  return useSession().member;
}

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
