/**
 * Payment queries are asked again after any change to a list: the mutations name these types (an
 * empty page holds no PaymentList). urql runs a query again when its context changes, so it is made once.
 */
export const PAYMENTS_CONTEXT = { additionalTypenames: ['PaymentList', 'PaymentListPaginator'] };
