import { graphql } from 'gql.tada';

/**
 * A creator's statement of one month: its creations, adjustments and sums in cents. The staff list's
 * rows and the creator's home page both render it (components/payment-statement.tsx).
 */
export const PaymentStatementFragment = graphql(`
  fragment PaymentStatementFields on PaymentStatement @_unmask {
    id
    payment_list_id
    month
    program
    status
    payment_reference
    paid_on
    member {
      MemberID
      UserName
    }
    creations {
      submission_id
      name
      kind
      publish_at
      amount_cents
    }
    adjustments {
      id
      amount_cents
      reason
      corrects_payment_list_id
      corrects_month
      created_at
    }
    creations_cents
    adjustments_cents
    amount_cents
  }
`);
