import { graphql } from 'gql.tada';

export const PaymentRatesQuery = graphql(`
  query PaymentRates {
    paymentRates {
      program
      kind
      amount_cents
      updated_at
      member {
        MemberID
        UserName
      }
    }
  }
`);

export const UpdatePaymentRateMutation = graphql(`
  mutation UpdatePaymentRate($program: String!, $kind: String!, $amount_cents: Int!) {
    updatePaymentRate(program: $program, kind: $kind, amount_cents: $amount_cents) {
      program
      kind
      amount_cents
      updated_at
      member {
        MemberID
        UserName
      }
    }
  }
`);
