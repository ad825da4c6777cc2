import type { AuthState } from '../../context';
import { reviewPolicy } from '../review/review.policy';
import { canReadFileContents } from '../game-file/game-file.policy';

/**
 * Who reads a creation's automatic checks: whoever may read what its files hold (its creator, and
 * staff who read creations or manage files), since the checks say what the files hold.
 */
export function canReadChecks(auth: Pick<AuthState, 'member' | 'permissions'>, submission: { member_id: number }): boolean {
  return canReadFileContents(auth, submission);
}

/**
 * Who reads a creation's possible copies: reviewers (those who see the review queues). The matches
 * name other members' creations, drafts included, which a creator may not learn of.
 */
export function canReadDuplicates(auth: Pick<AuthState, 'permissions'>): boolean {
  return reviewPolicy.viewDecide.permission.some((p) => auth.permissions.has(p));
}

export const checkPolicy = {
  /** The overview's flag counts: reviewers. */
  readFlags: reviewPolicy.viewDecide,
  /** Trusting a creator: those who approve and reject. */
  trust: reviewPolicy.decide,
};
