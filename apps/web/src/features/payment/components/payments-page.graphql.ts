import { graphql } from 'gql.tada';

/** A list as a row of the lists' table. */
export const PaymentListRowFragment = graphql(`
  fragment PaymentListRowFields on PaymentList @_unmask {
    id
    month
    program
    status
    payment_reference
    paid_on
    creators_count
    creations_count
    total_cents
  }
`);

export const PaymentListsQuery = graphql(
  `
    query PaymentLists($program: String, $status: String, $first: Int, $page: Int) {
      paymentListsSearch(program: $program, status: $status, first: $first, page: $page) {
        data {
          ...PaymentListRowFields
        }
        paginatorInfo {
          currentPage
          firstItem
          lastItem
          lastPage
          total
        }
      }
    }
  `,
  [PaymentListRowFragment],
);

export const GeneratePaymentListMutation = graphql(
  `
    mutation GeneratePaymentList($month: String!, $program: String!) {
      generatePaymentList(month: $month, program: $program) {
        ...PaymentListRowFields
      }
    }
  `,
  [PaymentListRowFragment],
);
