import { isPayableKind, isPaymentProgram, isWholeCents, MAX_RATE_CENTS, PAYABLE_KINDS, PAYMENT_PROGRAMS, type PayableKind, type PaymentProgram } from '@corner/domain';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { paymentRates } from '../../db/schema/index';
import { writeLog } from '../log/log.service';
import { paymentError } from './payment.errors';

/**
 * Who changes payments and where: a request's context, or the demo seed acting as a staff member
 * inside its own transaction.
 */
export interface PaymentActor {
  db: DbOrTx;
  auth: { member: { id: number } | null };
}

/** One cell of the rate table; `amount_cents` null while staff have not set it. */
export interface PaymentRateView {
  program: PaymentProgram;
  kind: PayableKind;
  amount_cents: number | null;
  member_id: number | null;
  updated_at: Date | null;
}

/** The rate table: every program and payable kind, in their domain order, set or not. */
export async function listRates(ctx: Context): Promise<PaymentRateView[]> {
  const rows = await ctx.db.select().from(paymentRates);
  return PAYMENT_PROGRAMS.flatMap((program) =>
    PAYABLE_KINDS.map((kind) => {
      const row = rows.find((r) => r.program === program && r.kind === kind);
      return { program, kind, amount_cents: row?.amount_cents ?? null, member_id: row?.member_id ?? null, updated_at: row?.updated_at ?? null };
    }),
  );
}

/** A program's rates by kind (only those set): what generation copies onto a list. */
export async function ratesOf(db: DbOrTx, program: PaymentProgram): Promise<Map<string, number>> {
  const rows = await db.select({ kind: paymentRates.kind, amount_cents: paymentRates.amount_cents }).from(paymentRates).where(eq(paymentRates.program, program));
  return new Map(rows.map((r) => [r.kind, r.amount_cents]));
}

/** Checks a program name from the API. */
export function checkProgram(program: string): PaymentProgram {
  if (!isPaymentProgram(program)) throw paymentError('PAYMENT_PROGRAM_UNKNOWN', { program });
  return program;
}

/**
 * Sets what one creation of a kind earns in a program (whole cents, 0 to MAX_RATE_CENTS). Lists
 * already generated keep the rate they copied; a draft takes the new one when refreshed. Logged
 * (entity payment_rate) with the amount before and after.
 */
export async function updateRate(ctx: PaymentActor, input: { program: string; kind: string; amount_cents: number }): Promise<PaymentRateView> {
  const program = checkProgram(input.program);
  if (!isPayableKind(input.kind)) throw paymentError('PAYMENT_KIND_UNKNOWN', { kind: input.kind });
  const kind = input.kind;
  if (!isWholeCents(input.amount_cents, MAX_RATE_CENTS)) throw paymentError('PAYMENT_AMOUNT_INVALID', { max: MAX_RATE_CENTS, negative: false });
  const memberId = ctx.auth.member!.id;
  return ctx.db.transaction(async (tx) => {
    const where = and(eq(paymentRates.program, program), eq(paymentRates.kind, kind));
    const [before] = await tx.select().from(paymentRates).where(where).for('update');
    const [row] = before
      ? await tx.update(paymentRates).set({ amount_cents: input.amount_cents, member_id: memberId }).where(where).returning()
      : await tx
          .insert(paymentRates)
          .values({ program, kind, amount_cents: input.amount_cents, member_id: memberId })
          // Two first settings at once: the later one wins, as an update would.
          .onConflictDoUpdate({ target: [paymentRates.program, paymentRates.kind], set: { amount_cents: input.amount_cents, member_id: memberId, updated_at: new Date() } })
          .returning();
    if (before?.amount_cents !== input.amount_cents) {
      await writeLog(tx, {
        submission_id: null,
        member_id: memberId,
        entity: 'payment_rate',
        entity_id: row!.id,
        action: before ? 'updated' : 'created',
        previous_values: before ? { program, kind, amount_cents: before.amount_cents } : null,
        new_values: { program, kind, amount_cents: input.amount_cents },
      });
    }
    return { program, kind, amount_cents: row!.amount_cents, member_id: row!.member_id, updated_at: row!.updated_at };
  });
}
