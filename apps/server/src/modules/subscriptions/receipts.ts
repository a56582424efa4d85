import type { Page, Receipt } from '@blotter/shared';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, paymentProfiles, subscriptionReceipts } from '../../db/schema/index';
import { notFound } from '../../plugins/errors';
import type { PaidPayment } from './payment-events';
import { queueReceiptMail } from './receipt-mail';
import { receiptPdf } from './receipt-pdf';

export type ReceiptRow = typeof subscriptionReceipts.$inferSelect;

/**
 * The receipt of a payment just marked paid, in that transaction: the charge with the company's
 * name, billing address and card as they are now, numbered next for the company (the account row
 * is locked, so two charges never take one number), and its email queued to the billing address.
 */
export async function writeReceipt(tx: Tx, payment: PaidPayment): Promise<ReceiptRow> {
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, payment.accountId)).for('update');
  if (!account) throw notFound('Company');
  // The card's email stands in when the company has no billing email yet (it is asked with the card).
  const [profile] = account.billingEmail
    ? []
    : await tx
        .select({ billingEmail: paymentProfiles.billingEmail })
        .from(paymentProfiles)
        .where(eq(paymentProfiles.accountId, payment.accountId));
  const [last] = await tx
    .select({ number: sql<number>`coalesce(max(${subscriptionReceipts.number}), 0)` })
    .from(subscriptionReceipts)
    .where(eq(subscriptionReceipts.accountId, payment.accountId));
  const [receipt] = await tx
    .insert(subscriptionReceipts)
    .values({
      accountId: payment.accountId,
      paymentId: payment.id,
      number: Number(last?.number ?? 0) + 1,
      amountCents: payment.amountCents,
      taxCents: payment.taxCents,
      kind: payment.kind,
      periodType: payment.periodType,
      periodStart: payment.periodStart,
      periodEnd: payment.periodEnd,
      concurrentUserCount: payment.concurrentUserCount,
      cardLast4: account.cardLast4 ?? '',
      companyName: account.companyName,
      billingContactName: account.billingContactName,
      billingAddressLine1: account.billingAddressLine1,
      billingAddressLine2: account.billingAddressLine2,
      billingAddressCity: account.billingAddressCity,
      billingAddressState: account.billingAddressState,
      billingAddressPostalCode: account.billingAddressPostalCode,
      billingAddressCountryCode: account.billingAddressCountryCode,
      billingEmail: account.billingEmail || (profile?.billingEmail ?? ''),
      paidAt: payment.paidAt ?? new Date(),
    })
    .returning();
  if (!receipt) throw new Error('the receipt was not written');
  await queueReceiptMail(tx, receipt, account.dateFormat);
  return receipt;
}

export const receiptOf = (row: ReceiptRow): Receipt => ({
  id: row.id,
  number: row.number,
  kind: row.kind,
  paidAt: row.paidAt.toISOString(),
  amount: row.amountCents,
  tax: row.taxCents,
  periodType: row.periodType,
  periodStart: row.periodStart.toISOString(),
  periodEnd: row.periodEnd.toISOString(),
  concurrentUserCount: row.concurrentUserCount,
  cardLast4: row.cardLast4,
});

/** GET /subscriptions2/receipts: the company's receipts, newest first, one page. */
export async function listReceipts(
  tx: Tx,
  accountId: string,
  paging: { p: number; psz: number },
): Promise<Page<Receipt>> {
  const own = eq(subscriptionReceipts.accountId, accountId);
  const rows = await tx
    .select()
    .from(subscriptionReceipts)
    .where(own)
    .orderBy(desc(subscriptionReceipts.number))
    .limit(paging.psz)
    .offset(paging.p * paging.psz);
  const [total] = await tx.select({ n: count() }).from(subscriptionReceipts).where(own);
  return { items: rows.map(receiptOf), total: total?.n ?? 0, page: paging.p, pageSize: paging.psz };
}

/** One receipt of the company; another company's (or an unknown) id is not found. */
export async function receiptById(tx: Tx, accountId: string, id: string): Promise<ReceiptRow> {
  const [row] = await tx
    .select()
    .from(subscriptionReceipts)
    .where(and(eq(subscriptionReceipts.accountId, accountId), eq(subscriptionReceipts.id, id)))
    .limit(1);
  if (!row) throw notFound('Receipt');
  return row;
}

/** GET /subscriptions2/receipts/:id/pdf: the receipt as a PDF, dates in the company's format. */
export async function receiptDocument(tx: Tx, accountId: string, id: string) {
  const receipt = await receiptById(tx, accountId, id);
  const [account] = await tx
    .select({ dateFormat: accounts.dateFormat })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return { number: receipt.number, pdf: await receiptPdf(receipt, account?.dateFormat ?? 0) };
}
