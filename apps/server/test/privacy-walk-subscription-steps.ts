import type { Walker } from './privacy-walker';
import { exampleBody } from './test-app';

/**
 * The walk's steps of the Subscription and Billing information cards (privacy-walk-steps.ts places
 * them in WALK): a test card is stored, the plans read, a plan bought and cancelled, and the
 * billing information saved; a smaller plan
 * waits and is dropped, and the receipts are listed and printed.
 */

type Step = [string, (w: Walker) => Promise<unknown>];

export const SUBSCRIPTION_STEPS: Step[] = [
  ['GET /payments/methods', (w) => w.call('GET /payments/methods', { url: '/payments/methods' })],
  [
    'POST /payments/methods',
    (w) =>
      w.json('POST /payments/methods', {
        url: '/payments/methods',
        payload: { token: 'tok_visa', email: 'billing@example.com' },
      }),
  ],
  ['GET /subscriptions2/plans', (w) => w.call('GET /subscriptions2/plans', { url: '/subscriptions2/plans' })],
  [
    'POST /subscriptions2',
    (w) =>
      w.json('POST /subscriptions2', {
        url: '/subscriptions2',
        payload: { periodType: 'YEAR', concurrentUserCount: 205 },
      }),
  ],
  ['GET /subscriptions2', (w) => w.call('GET /subscriptions2', { url: '/subscriptions2' })],
  [
    'DELETE /subscriptions2/pendingChange',
    async (w) => {
      // A smaller plan waits for the renewal; the walker then drops it.
      await w.json('POST /subscriptions2', {
        url: '/subscriptions2',
        payload: { periodType: 'YEAR', concurrentUserCount: 5 },
      });
      await w.json('DELETE /subscriptions2/pendingChange', { url: '/subscriptions2/pendingChange' });
    },
  ],
  [
    'GET /subscriptions2/receipts',
    async (w) => {
      const page = await w.json<{ items: { id: string }[] }>('GET /subscriptions2/receipts', {
        url: '/subscriptions2/receipts',
      });
      w.state.receipt = page.items[0]?.id ?? '';
    },
  ],
  [
    'GET /subscriptions2/receipts/:id/pdf',
    (w) => w.call('GET /subscriptions2/receipts/:id/pdf', { url: `/subscriptions2/receipts/${w.state.receipt}/pdf` }),
  ],
  ['DELETE /subscriptions2', (w) => w.json('DELETE /subscriptions2', { url: '/subscriptions2' })],
  [
    'GET /accounts/billingInformation',
    (w) => w.call('GET /accounts/billingInformation', { url: '/accounts/billingInformation' }),
  ],
  [
    'PUT /accounts/billingInformation',
    (w) =>
      w.json('PUT /accounts/billingInformation', {
        url: '/accounts/billingInformation',
        payload: exampleBody('PUT /accounts/billingInformation'),
      }),
  ],
];
