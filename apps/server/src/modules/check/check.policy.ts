import type { AuthState } from '../../context';
import { canReadFileContents } from '../game-file/game-file.policy';

/**
 * Who reads a creation's automatic checks: whoever may read what its files hold (its creator, and
 * staff who read creations or manage files), since the checks say what the files hold.
 */
export function canReadChecks(auth: Pick<AuthState, 'member' | 'permissions'>, submission: { member_id: number }): boolean {
  return canReadFileContents(auth, submission);
}
