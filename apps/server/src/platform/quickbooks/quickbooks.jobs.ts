import type { Tx } from '../../db/client';
import { enqueueJob, JobPostponed } from '../jobs/enqueue';
import type { JobModule } from '../jobs/job-types';
import { pushQuickBooksInvoice, type QuickBooksInvoicePayload, QuickBooksNotConnected } from './invoice';

declare module '../jobs/job-types' {
  interface JobPayloads {
    /** A paid subscription payment recorded in QuickBooks Online (platform/quickbooks/invoice.ts). */
    quickbooksInvoice: QuickBooksInvoicePayload;
  }
}

/** How long an invoice waits before looking again for a QuickBooks connection. */
export const QUICKBOOKS_WAIT_SECONDS = 3600;

/** Paid invoices pushed to QuickBooks Online; they wait (postponed, no attempt spent) while it is not connected. */
export const quickBooksJobs = {
  name: 'quickbooks',
  jobs: {
    quickbooksInvoice: {
      run: async (payload, _job, { database, quickBooks, publicUrl }) => {
        const notYet = () => new JobPostponed(QUICKBOOKS_WAIT_SECONDS, new QuickBooksNotConnected().message);
        if (!quickBooks || !publicUrl) throw notYet();
        try {
          await pushQuickBooksInvoice(database, quickBooks, publicUrl, payload);
        } catch (error) {
          throw error instanceof QuickBooksNotConnected ? notYet() : error;
        }
      },
    },
  },
} satisfies JobModule;

/**
 * Queues the QuickBooks Online receipt of a paid subscription payment in the caller's transaction
 * (the one that records the payment): it is pushed only if the payment commits, and waits while
 * QuickBooks is not connected.
 */
export async function enqueueQuickBooksInvoice(tx: Tx, payment: QuickBooksInvoicePayload) {
  await enqueueJob(tx, payment.accountId, 'quickbooksInvoice', payment);
}
