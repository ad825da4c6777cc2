import { monthOf, monthsBefore, PAYABLE_KINDS, PAYMENT_PROGRAMS, type PayableKind, type PaymentProgram } from '@corner/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { members } from '../db/schema/index';
import { addPaymentAdjustment, approvePaymentList, generatePaymentList, payPaymentList } from '../modules/payment/payment-list.service';
import { updateRate, type PaymentActor } from '../modules/payment/payment-rate.service';

/** The demo's rate table, in whole cents. */
export const DEMO_PAYMENT_RATES: Record<PaymentProgram, Record<PayableKind, number>> = {
  select_artist: { item: 1500, set: 4000, lot: 6000, room: 3500, sim: 3000, mod: 2000 },
  featured_artist: { item: 1000, set: 2500, lot: 4000, room: 2500, sim: 2000, mod: 1500 },
};

export const DEMO_PAYMENT_REFERENCE = 'PAYPAL-DEMO-0001';

/**
 * The demo's payments, made through the payment services as the demo admin (so they are what staff
 * would have made, logged): the rates; the Select artist list of two months ago, approved and paid;
 * last month's Select artist list as a draft, with a correction of the paid one. Last month's
 * Featured artist list is left for staff to generate (the e2e flow does).
 */
export async function seedDemoPayments(db: DbOrTx): Promise<void> {
  const [admin] = await db.select({ id: members.id }).from(members).where(eq(members.email, 'admin@corner.test'));
  const [ari] = await db.select({ id: members.id }).from(members).where(eq(members.email, 'artist@corner.test'));
  const actor: PaymentActor = { db, auth: { member: { id: admin!.id } } };
  for (const program of PAYMENT_PROGRAMS) {
    for (const kind of PAYABLE_KINDS) await updateRate(actor, { program, kind, amount_cents: DEMO_PAYMENT_RATES[program][kind] });
  }
  const lastMonth = monthsBefore(monthOf(new Date()), 1);
  const paid = await generatePaymentList(actor, { month: monthsBefore(lastMonth, 1), program: 'select_artist' });
  await approvePaymentList(actor, paid.id);
  await payPaymentList(actor, { id: paid.id, payment_reference: DEMO_PAYMENT_REFERENCE, paid_on: `${lastMonth}-05` });
  const draft = await generatePaymentList(actor, { month: lastMonth, program: 'select_artist' });
  await addPaymentAdjustment(actor, {
    payment_list_id: draft.id,
    member_id: ari!.id,
    amount_cents: 500,
    reason: 'Correction: the Driftwood Side Table’s extra swatches were agreed at $5.00 more.',
    corrects_payment_list_id: paid.id,
  });
}
