import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { paymentProfiles, subscriptionPayments } from '../../db/schema/index';
import { PaymentDeclinedError, type PaymentGateway } from '../../platform/payments';
import { onPaymentSucceeded, type PaidPayment, paymentDescription } from './payment-events';

export type NewPayment = Omit<typeof subscriptionPayments.$inferInsert, 'id' | 'status' | 'createdAt' | 'paidAt'>;
export type PaymentProfile = typeof paymentProfiles.$inferSelect;

export async function paymentProfileOf(tx: Tx, accountId: string): Promise<PaymentProfile | undefined> {
  const [profile] = await tx.select().from(paymentProfiles).where(eq(paymentProfiles.accountId, accountId)).limit(1);
  return profile;
}

/**
 * Records a charge as pending under its idempotency key, before the provider is called (its own
 * transaction must commit first). The same key recorded earlier answers that row.
 */
export async function recordPendingPayment(tx: Tx, values: NewPayment): Promise<PaidPayment> {
  const [added] = await tx.insert(subscriptionPayments).values(values).onConflictDoNothing().returning();
  if (added) return added;
  const [existing] = await tx
    .select()
    .from(subscriptionPayments)
    .where(eq(subscriptionPayments.idempotencyKey, values.idempotencyKey));
  if (!existing) throw new Error('idempotency key taken by another company');
  return existing;
}

export type ChargeOutcome = { ok: true; chargeId: string } | { ok: false; message: string };

/** Asks the provider for the charge of a pending row (always with the row's key); a decline is an outcome. */
export async function chargePayment(
  gateway: PaymentGateway,
  profile: PaymentProfile,
  payment: PaidPayment,
): Promise<ChargeOutcome> {
  try {
    const { chargeId } = await gateway.charge({
      customerId: profile.customerId,
      paymentMethodId: profile.paymentMethodId,
      amountCents: payment.amountCents + payment.taxCents,
      idempotencyKey: payment.idempotencyKey,
      description: paymentDescription(payment),
      metadata: { accountId: payment.accountId, paymentId: payment.id, kind: payment.kind },
    });
    return { ok: true, chargeId };
  } catch (error) {
    if (error instanceof PaymentDeclinedError) return { ok: false, message: error.message };
    throw error;
  }
}

/**
 * Marks a pending payment paid and tells the listeners; null when it was no longer pending (another
 * process settled it), so the caller applies nothing twice.
 */
export async function markPaymentPaid(tx: Tx, paymentId: string, chargeId: string): Promise<PaidPayment | null> {
  const [paid] = await tx
    .update(subscriptionPayments)
    .set({ status: 'paid', providerChargeId: chargeId, paidAt: sql`now()`, error: null })
    .where(and(eq(subscriptionPayments.id, paymentId), eq(subscriptionPayments.status, 'pending')))
    .returning();
  if (!paid) return null;
  await onPaymentSucceeded(tx, paid);
  return paid;
}

export async function markPaymentFailed(tx: Tx, paymentId: string, message: string): Promise<boolean> {
  const failed = await tx
    .update(subscriptionPayments)
    .set({ status: 'failed', error: message })
    .where(and(eq(subscriptionPayments.id, paymentId), eq(subscriptionPayments.status, 'pending')))
    .returning({ id: subscriptionPayments.id });
  return failed.length > 0;
}
