import type { JobModule } from '../../platform/jobs/job-types';
import { deliverWebhook } from './webhook-delivery';

declare module '../../platform/jobs/job-types' {
  interface JobPayloads {
    /** One delivery of a webhook event to one endpoint (webhook-delivery.ts). */
    webhookDelivery: { deliveryId: string };
  }
}

/** Webhook deliveries (issue 32 §3): signed POSTs, retried with backoff for 24 hours. */
export const webhookJobs = {
  name: 'webhooks',
  jobs: {
    webhookDelivery: {
      run: ({ deliveryId }, job, services) => {
        if (!job.accountId) throw new Error('A webhook delivery job without a company');
        return deliverWebhook(deliveryId, job.accountId, services);
      },
    },
  },
} satisfies JobModule;
