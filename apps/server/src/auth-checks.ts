import { hasPermission } from '@corner/domain';
import type { AuthState } from './context';

/**
 * The two questions every module's policy asks of who is calling. Policies are written with these
 * (and the domain's permission names), so "signed in and the owner" and "signed in and holding one
 * of these permissions" mean the same everywhere.
 */

type Auth = Pick<AuthState, 'member' | 'permissions'>;

/** The signed-in member owns the row (its `member_id`). */
export function isOwnerOf(auth: Pick<AuthState, 'member'>, row: { member_id: number | null }): boolean {
  return auth.member !== null && row.member_id !== null && auth.member.id === row.member_id;
}

/** A signed-in member holding at least one of the permissions. */
export function holdsAny(auth: Auth, permissions: string | readonly string[]): boolean {
  return auth.member !== null && hasPermission(auth.permissions, permissions);
}
