import type { AuthState } from '../../context';
import { canReadFileHistory } from '../file/file.policy';

/**
 * What the readers found in a file: its owner, and staff who read creations or manage files (a
 * reviewer sees what a package holds). Another creator is refused.
 */
export function canReadFileContents(auth: Pick<AuthState, 'member' | 'permissions'>, file: { member_id: number }): boolean {
  return canReadFileHistory(auth, file);
}
