import { isPaymentListEditable, isStatementVisibleToCreator, pagePermission, pagePermissions, paymentListTransition } from '@corner/domain';
import type { AuthState } from '../../context';
import { holdsAny, isOwnerOf } from '../../auth-checks';

/**
 * Who may do what with payments: staff of the payments page read every list (view) and change
 * rates and lists (edit); a creator reads their own statements once their list is approved.
 */

type Auth = Pick<AuthState, 'member' | 'permissions'>;

/** Staff who read rates, lists and every statement. */
export function canReadPayments(auth: Auth): boolean {
  return holdsAny(auth, pagePermissions('payments'));
}

/** Staff who change rates, generate lists, adjust, approve and pay them. */
export function canManagePayments(auth: Auth): boolean {
  return holdsAny(auth, [pagePermission('payments', 'edit')]);
}

/** A statement: its creator once the list is approved (a draft is staff's work), payments staff always. */
export function canReadPaymentStatement(auth: Auth, entry: { member_id: number; status: string }): boolean {
  return canReadPayments(auth) || (isOwnerOf(auth, entry) && isStatementVisibleToCreator(entry.status));
}

export interface PaymentListAbilities {
  canRefresh: boolean;
  canAdjust: boolean;
  canApprove: boolean;
  canReopen: boolean;
  canPay: boolean;
}

/** What the caller may do with a list now: the lifecycle's transitions from its status, for payments staff (edit). */
export function paymentListAbilities(auth: Auth, list: { status: string }): PaymentListAbilities {
  const manages = canManagePayments(auth);
  return {
    canRefresh: manages && isPaymentListEditable(list.status),
    canAdjust: manages && isPaymentListEditable(list.status),
    canApprove: manages && paymentListTransition('approve', list.status) !== null,
    canReopen: manages && paymentListTransition('reopen', list.status) !== null,
    canPay: manages && paymentListTransition('pay', list.status) !== null,
  };
}
