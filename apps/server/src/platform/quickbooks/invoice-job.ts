import type { Tx } from '../../db/client';
import { enqueueJob } from '../jobs';
import type { QuickBooksInvoicePayload } from './invoice';

/**
 * Queues the QuickBooks Online receipt of a paid subscription payment in the caller's transaction
 * (the one that records the payment): it is pushed only if the payment commits, and waits while
 * QuickBooks is not connected.
 */
export async function enqueueQuickBooksInvoice(tx: Tx, payment: QuickBooksInvoicePayload) {
  await enqueueJob(tx, payment.accountId, 'quickbooksInvoice', payment);
}
