import type { Tx } from '../../db/client';
import type { subscriptionReceipts } from '../../db/schema/index';
import { enqueueJob } from '../../platform/jobs/index';
import { type ReceiptField, receiptFields, receiptTitle } from './receipt-content';

type ReceiptRow = typeof subscriptionReceipts.$inferSelect;

const lines = (fields: ReceiptField[]) => fields.filter((f) => f.value).map((f) => `${f.label}: ${f.value}`);

/**
 * The receipt's email to the billing address, queued in the transaction that records the payment
 * (the mail job sends it, retrying; a rolled-back payment sends nothing). No billing address: none.
 */
export async function queueReceiptMail(tx: Tx, receipt: ReceiptRow, dateFormat: number) {
  if (!receipt.billingEmail) return;
  const { receiptLines, billedTo, charge } = receiptFields(receipt, dateFormat);
  await enqueueJob(tx, receipt.accountId, 'mail', {
    to: receipt.billingEmail,
    subject: receiptTitle(receipt),
    text: [
      'Hello,',
      '',
      'Thank you for your payment. This is the receipt of the charge to your card for your Blotter',
      'subscription.',
      '',
      ...lines(receiptLines),
      '',
      ...lines(billedTo),
      '',
      ...lines(charge),
      '',
      'The receipt can also be downloaded as a PDF from Administration, Billing information.',
    ].join('\n'),
  });
}
