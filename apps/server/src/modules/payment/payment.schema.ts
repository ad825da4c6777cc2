import { PAYABLE_KINDS, PAYMENT_LIST_STATUSES, PAYMENT_PROGRAMS } from '@corner/domain';
import { builder } from '../../schema/builder';
import { paginatorOf } from '../../schema/paginator';
import { policy } from '../../schema/policy';
import { MemberSummaryRef } from '../member/member.schema';
import { loadMemberSummary } from '../member/member.service';
import * as lists from './payment-list.service';
import * as rates from './payment-rate.service';
import * as statements from './payment-statement.service';
import { paymentListAbilities, type PaymentListAbilities } from './payment.policy';

const PROGRAMS = PAYMENT_PROGRAMS.join(', ');
const KINDS = PAYABLE_KINDS.join(', ');

const PaymentRateRef = builder.objectRef<rates.PaymentRateView>('PaymentRate').implement({
  description: 'What one exclusive creation of a kind earns in a paid program, in whole US cents.',
  fields: (t) => ({
    program: t.exposeString('program', { description: PROGRAMS }),
    kind: t.exposeString('kind', { description: KINDS }),
    amount_cents: t.exposeInt('amount_cents', { nullable: true, description: 'Null until staff set it; a list is not generated while a kind it meets has none.' }),
    updated_at: t.expose('updated_at', { type: 'DateTime', nullable: true }),
    member: t.field({ type: MemberSummaryRef, nullable: true, description: 'Who set it last.', resolve: (r, _a, ctx) => loadMemberSummary(ctx, r.member_id) }),
  }),
});

const PaymentCreationRef = builder.objectRef<statements.PaymentCreationRow>('PaymentCreation').implement({
  description: 'A creation paid on a statement, at the rate its kind had when the list was generated.',
  fields: (t) => ({
    submission_id: t.exposeInt('submission_id'),
    name: t.exposeString('name'),
    kind: t.exposeString('kind'),
    publish_at: t.expose('publish_at', { type: 'DateTime', nullable: true }),
    amount_cents: t.exposeInt('amount_cents'),
  }),
});

const PaymentAdjustmentRef = builder.objectRef<statements.PaymentAdjustmentRow>('PaymentAdjustment').implement({
  description: 'A correction on a statement, in whole cents (negative takes off), with its reason.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    amount_cents: t.exposeInt('amount_cents'),
    reason: t.exposeString('reason'),
    corrects_payment_list_id: t.exposeInt('corrects_payment_list_id', { nullable: true, description: 'The paid list it corrects, if any.' }),
    corrects_month: t.exposeString('corrects_month', { nullable: true, description: 'That list’s month, YYYY-MM.' }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    member: t.field({ type: MemberSummaryRef, nullable: true, description: 'Who added it.', resolve: (a, _a, ctx) => loadMemberSummary(ctx, a.member_id) }),
  }),
});

const PaymentStatementRef = builder.objectRef<statements.PaymentStatementRow>('PaymentStatement').implement({
  description: 'A creator’s row of a month’s payment list: their creations, adjustments and amount.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    payment_list_id: t.exposeInt('payment_list_id'),
    month: t.exposeString('month', { description: 'YYYY-MM (UTC months).' }),
    program: t.exposeString('program'),
    status: t.exposeString('status', { description: 'The list’s: DRAFT, APPROVED or PAID.' }),
    payment_reference: t.exposeString('payment_reference', { nullable: true }),
    paid_on: t.exposeString('paid_on', { nullable: true, description: 'YYYY-MM-DD.' }),
    member: t.field({ type: MemberSummaryRef, nullable: true, resolve: (s, _a, ctx) => loadMemberSummary(ctx, s.member_id) }),
    creations: t.field({ type: [PaymentCreationRef], resolve: (s, _a, ctx) => statements.creationsOf(ctx, s.id) }),
    adjustments: t.field({ type: [PaymentAdjustmentRef], resolve: (s, _a, ctx) => statements.adjustmentsOf(ctx, s.id) }),
    creations_cents: t.int({ resolve: async (s, _a, ctx) => (await statements.amountsOf(ctx, s.id)).creations_cents }),
    adjustments_cents: t.int({ resolve: async (s, _a, ctx) => (await statements.amountsOf(ctx, s.id)).adjustments_cents }),
    amount_cents: t.int({ description: 'Creations plus adjustments, in whole cents.', resolve: async (s, _a, ctx) => (await statements.amountsOf(ctx, s.id)).amount_cents }),
  }),
});

const PaymentListAbilitiesRef = builder.objectRef<PaymentListAbilities>('PaymentListAbilities').implement({
  description: 'What the caller may do with a payment list now (the web offers exactly these).',
  fields: (t) => ({
    canRefresh: t.exposeBoolean('canRefresh', { description: 'Read the month’s creations again: a draft.' }),
    canAdjust: t.exposeBoolean('canAdjust', { description: 'Add or remove adjustments: a draft.' }),
    canApprove: t.exposeBoolean('canApprove', { description: 'Approve it: a draft.' }),
    canReopen: t.exposeBoolean('canReopen', { description: 'Take it back to draft: approved, not paid.' }),
    canPay: t.exposeBoolean('canPay', { description: 'Record its payment: approved.' }),
  }),
});

const PaymentListRef = builder.objectRef<lists.PaymentListRow>('PaymentList').implement({
  description: 'A month’s payment list of one program: DRAFT → APPROVED → PAID; locked once paid.',
  fields: (t) => ({
    id: t.exposeInt('id'),
    month: t.string({ description: 'YYYY-MM (UTC months).', resolve: (l) => lists.monthOfList(l) }),
    program: t.exposeString('program', { description: PROGRAMS }),
    status: t.exposeString('status', { description: PAYMENT_LIST_STATUSES.join(', ') }),
    payment_reference: t.exposeString('payment_reference', { nullable: true }),
    paid_on: t.exposeString('paid_on', { nullable: true, description: 'The day it was paid, YYYY-MM-DD.' }),
    created_at: t.expose('created_at', { type: 'DateTime' }),
    updated_at: t.expose('updated_at', { type: 'DateTime' }),
    approved_at: t.expose('approved_at', { type: 'DateTime', nullable: true }),
    paid_at: t.expose('paid_at', { type: 'DateTime', nullable: true, description: 'When the payment was recorded.' }),
    member: t.field({ type: MemberSummaryRef, nullable: true, description: 'Who generated it.', resolve: (l, _a, ctx) => loadMemberSummary(ctx, l.member_id) }),
    approved_by: t.field({ type: MemberSummaryRef, nullable: true, resolve: (l, _a, ctx) => loadMemberSummary(ctx, l.approved_by) }),
    paid_by: t.field({ type: MemberSummaryRef, nullable: true, resolve: (l, _a, ctx) => loadMemberSummary(ctx, l.paid_by) }),
    creators_count: t.int({ resolve: async (l, _a, ctx) => (await statements.totalsOfList(ctx, l.id)).creators }),
    creations_count: t.int({ resolve: async (l, _a, ctx) => (await statements.totalsOfList(ctx, l.id)).creations }),
    total_cents: t.int({ description: 'What the list pays, in whole cents.', resolve: async (l, _a, ctx) => (await statements.totalsOfList(ctx, l.id)).total_cents }),
    entries: t.field({ type: [PaymentStatementRef], description: 'One row per creator, by name.', resolve: (l, _a, ctx) => statements.entriesOf(ctx.db, l.id) }),
    csv: t.string({
      description: `The list as CSV, one row per creator and a TOTAL row: ${statements.PAYMENT_CSV_COLUMNS.join(', ')}; amounts in dollars with two decimals.`,
      resolve: (l, _a, ctx) => statements.paymentListCsv(ctx.db, l),
    }),
    abilities: t.field({ type: PaymentListAbilitiesRef, resolve: (l, _a, ctx) => paymentListAbilities(ctx.auth, l) }),
  }),
});

builder.queryFields((t) => ({
  paymentRates: t.field({
    type: [PaymentRateRef],
    description: 'The rate table: every program and kind, set or not.',
    authScopes: policy.view('payments'),
    resolve: (_r, _a, ctx) => rates.listRates(ctx),
  }),
  paymentListsSearch: t.field({
    type: paginatorOf('PaymentList', PaymentListRef),
    description: 'Payment lists, newest month first; of one program and status when given.',
    authScopes: policy.view('payments'),
    args: { program: t.arg.string(), status: t.arg.string(), first: t.arg.int(), page: t.arg.int() },
    resolve: (_r, a, ctx) => lists.searchPaymentLists(ctx, a),
  }),
  paymentList: t.field({
    type: PaymentListRef,
    description: 'One payment list.',
    authScopes: policy.view('payments'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => lists.paymentListById(ctx, a.id),
  }),
  myPaymentStatements: t.field({
    type: paginatorOf('PaymentStatement', PaymentStatementRef),
    description: 'The signed-in creator’s payment statements of approved and paid lists, newest month first.',
    authScopes: policy.signedIn,
    args: { first: t.arg.int(), page: t.arg.int() },
    resolve: (_r, a, ctx) => statements.myPaymentStatements(ctx, a),
  }),
  paymentStatement: t.field({
    type: PaymentStatementRef,
    description: 'One statement: its creator’s (once approved) or, for payments staff, anyone’s.',
    authScopes: policy.signedIn,
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => statements.paymentStatementById(ctx, a.id),
  }),
}));

builder.mutationFields((t) => ({
  updatePaymentRate: t.field({
    type: PaymentRateRef,
    description: 'Sets what one creation of a kind earns in a program, in whole cents. Logged.',
    authScopes: policy.edit('payments'),
    args: { program: t.arg.string({ required: true }), kind: t.arg.string({ required: true }), amount_cents: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => rates.updateRate(ctx, a),
  }),
  generatePaymentList: t.field({
    type: PaymentListRef,
    description: 'Generates a month’s list (YYYY-MM, over) of a program as a draft; once per month and program.',
    authScopes: policy.edit('payments'),
    args: { month: t.arg.string({ required: true }), program: t.arg.string({ required: true }) },
    resolve: (_r, a, ctx) => lists.generatePaymentList(ctx, a),
  }),
  refreshPaymentList: t.field({
    type: PaymentListRef,
    description: 'Reads a draft’s creations again at today’s rates; its adjustments stay.',
    authScopes: policy.edit('payments'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => lists.refreshPaymentList(ctx, a.id),
  }),
  approvePaymentList: t.field({
    type: PaymentListRef,
    description: 'DRAFT → APPROVED: its creators see it.',
    authScopes: policy.edit('payments'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => lists.approvePaymentList(ctx, a.id),
  }),
  reopenPaymentList: t.field({
    type: PaymentListRef,
    description: 'APPROVED → DRAFT, to change it before paying.',
    authScopes: policy.edit('payments'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => lists.reopenPaymentList(ctx, a.id),
  }),
  payPaymentList: t.field({
    type: PaymentListRef,
    description: 'APPROVED → PAID with the payment’s reference and day (YYYY-MM-DD); locked from then on, paid once.',
    authScopes: policy.edit('payments'),
    args: { id: t.arg.int({ required: true }), payment_reference: t.arg.string(), paid_on: t.arg.string() },
    resolve: (_r, a, ctx) => lists.payPaymentList(ctx, a),
  }),
  addPaymentAdjustment: t.field({
    type: PaymentListRef,
    description: 'Adds an adjustment (whole cents, either sign, with a reason) to a creator’s row of a draft; a correction names the paid list it corrects.',
    authScopes: policy.edit('payments'),
    args: {
      payment_list_id: t.arg.int({ required: true }),
      member_id: t.arg.int({ required: true }),
      amount_cents: t.arg.int({ required: true }),
      reason: t.arg.string(),
      corrects_payment_list_id: t.arg.int(),
    },
    resolve: (_r, a, ctx) => lists.addPaymentAdjustment(ctx, a),
  }),
  deletePaymentAdjustment: t.field({
    type: PaymentListRef,
    description: 'Removes an adjustment from a draft.',
    authScopes: policy.edit('payments'),
    args: { id: t.arg.int({ required: true }) },
    resolve: (_r, a, ctx) => lists.deletePaymentAdjustment(ctx, a.id),
  }),
}));
