import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, type subscriptionPayments } from '../../db/schema/index';
import { enqueueQuickBooksInvoice } from '../../platform/quickbooks/quickbooks.jobs';
import { writeReceipt } from './receipts';

export type PaidPayment = typeof subscriptionPayments.$inferSelect;

/** The line a charge and its invoice carry. */
export const paymentDescription = (payment: Pick<PaidPayment, 'periodType' | 'concurrentUserCount'>) =>
  `Blotter subscription (${payment.periodType === 'YEAR' ? 'yearly' : 'monthly'}, ${payment.concurrentUserCount} users)`;

/**
 * What follows a paid charge, in the transaction that marks it paid (so it happens exactly when the
 * payment is recorded paid): the receipt is stored and emailed to the billing address, and the
 * invoice is queued for QuickBooks Online, which the job sends once a system administrator has
 * connected it (platform/quickbooks).
 */
export async function onPaymentSucceeded(tx: Tx, payment: PaidPayment) {
  await writeReceipt(tx, payment);
  const [account] = await tx
    .select({ companyName: accounts.companyName, billingEmail: accounts.billingEmail })
    .from(accounts)
    .where(eq(accounts.id, payment.accountId));
  await enqueueQuickBooksInvoice(tx, {
    accountId: payment.accountId,
    paymentId: payment.id,
    amountCents: payment.amountCents + payment.taxCents,
    taxCents: payment.taxCents,
    description: paymentDescription(payment),
    companyName: account?.companyName ?? '',
    billingEmail: account?.billingEmail ?? '',
    paidAt: (payment.paidAt ?? new Date()).toISOString(),
  });
}
