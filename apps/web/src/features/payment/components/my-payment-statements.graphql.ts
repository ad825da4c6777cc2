import { graphql } from 'gql.tada';
import { PaymentStatementFragment } from '../graphql';

/** The signed-in creator's statements of approved and paid lists, newest month first. */
export const MyPaymentStatementsQuery = graphql(
  `
    query MyPaymentStatements($first: Int) {
      myPaymentStatements(first: $first) {
        data {
          ...PaymentStatementFields
        }
        paginatorInfo {
          total
        }
      }
    }
  `,
  [PaymentStatementFragment],
);
