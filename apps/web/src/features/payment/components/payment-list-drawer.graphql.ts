import { graphql } from 'gql.tada';
import { PaymentStatementFragment } from '../graphql';
import { PaymentListRowFragment } from './payments-page.graphql';

/** A list with its rows, what the caller may do with it, and who moved it. */
export const PaymentListFragment = graphql(
  `
    fragment PaymentListFields on PaymentList @_unmask {
      ...PaymentListRowFields
      created_at
      approved_at
      paid_at
      member {
        UserName
      }
      approved_by {
        UserName
      }
      paid_by {
        UserName
      }
      abilities {
        canRefresh
        canAdjust
        canApprove
        canReopen
        canPay
      }
      entries {
        ...PaymentStatementFields
      }
    }
  `,
  [PaymentListRowFragment, PaymentStatementFragment],
);

export const PaymentListQuery = graphql(
  `
    query PaymentList($id: Int!) {
      paymentList(id: $id) {
        ...PaymentListFields
      }
    }
  `,
  [PaymentListFragment],
);

/** The list as CSV, fetched when staff download it. */
export const PaymentListCsvQuery = graphql(`
  query PaymentListCsv($id: Int!) {
    paymentList(id: $id) {
      id
      month
      program
      csv
    }
  }
`);

/** Paid lists of a program: what an adjustment may correct. */
export const PaidPaymentListsQuery = graphql(`
  query PaidPaymentLists($program: String) {
    paymentListsSearch(program: $program, status: "PAID", first: 24) {
      data {
        id
        month
        program
      }
    }
  }
`);

export const RefreshPaymentListMutation = graphql(
  `
    mutation RefreshPaymentList($id: Int!) {
      refreshPaymentList(id: $id) {
        ...PaymentListFields
      }
    }
  `,
  [PaymentListFragment],
);

export const ApprovePaymentListMutation = graphql(
  `
    mutation ApprovePaymentList($id: Int!) {
      approvePaymentList(id: $id) {
        ...PaymentListFields
      }
    }
  `,
  [PaymentListFragment],
);

export const ReopenPaymentListMutation = graphql(
  `
    mutation ReopenPaymentList($id: Int!) {
      reopenPaymentList(id: $id) {
        ...PaymentListFields
      }
    }
  `,
  [PaymentListFragment],
);

export const PayPaymentListMutation = graphql(
  `
    mutation PayPaymentList($id: Int!, $payment_reference: String, $paid_on: String) {
      payPaymentList(id: $id, payment_reference: $payment_reference, paid_on: $paid_on) {
        ...PaymentListFields
      }
    }
  `,
  [PaymentListFragment],
);

export const AddPaymentAdjustmentMutation = graphql(
  `
    mutation AddPaymentAdjustment($payment_list_id: Int!, $member_id: Int!, $amount_cents: Int!, $reason: String, $corrects_payment_list_id: Int) {
      addPaymentAdjustment(
        payment_list_id: $payment_list_id
        member_id: $member_id
        amount_cents: $amount_cents
        reason: $reason
        corrects_payment_list_id: $corrects_payment_list_id
      ) {
        ...PaymentListFields
      }
    }
  `,
  [PaymentListFragment],
);

export const DeletePaymentAdjustmentMutation = graphql(
  `
    mutation DeletePaymentAdjustment($id: Int!) {
      deletePaymentAdjustment(id: $id) {
        ...PaymentListFields
      }
    }
  `,
  [PaymentListFragment],
);
