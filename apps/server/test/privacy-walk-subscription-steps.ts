import type { Walker } from './privacy-walker';
import { exampleBody } from './test-app';

/**
 * The walk's steps of the Subscription and Billing information cards (privacy-walk-steps.ts places
 * them in WALK): a test card is stored, the plans read, a plan bought and cancelled, and the
 * billing information saved.
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
