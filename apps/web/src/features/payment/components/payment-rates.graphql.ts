import { graphql } from 'gql.tada';

/** A rate as the rate table shows it; the query and the mutation's answer read the same fields. */
const PaymentRateFragment = graphql(`
  fragment PaymentRateFields on PaymentRate @_unmask {
    program
    kind
    amount_cents
    updated_at
    member {
      MemberID
      UserName
    }
  }
`);

export const PaymentRatesQuery = graphql(
  `
    query PaymentRates {
      paymentRates {
        ...PaymentRateFields
      }
    }
  `,
  [PaymentRateFragment],
);

export const UpdatePaymentRateMutation = graphql(
  `
    mutation UpdatePaymentRate($program: String!, $kind: String!, $amount_cents: Int!) {
      updatePaymentRate(program: $program, kind: $kind, amount_cents: $amount_cents) {
        ...PaymentRateFields
      }
    }
  `,
  [PaymentRateFragment],
);
