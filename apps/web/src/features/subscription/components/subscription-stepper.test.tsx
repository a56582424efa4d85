// @vitest-environment jsdom
import type { Plans, Subscription } from '@blotter/shared/schemas/subscription';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestClientConfig } from '../../../test/client-config';
import { api, server } from '../../../test/msw-server';
import { renderWithApp } from '../../../test/render';
import { SubscriptionStepper } from './subscription-stepper';

const paid: Subscription = {
  subscriptionType: 'paid',
  source: 'STRIPE',
  periodType: 'MONTH',
  concurrentUserCount: 15,
  amount: 5000,
  taxPercent: 0,
  nextChargeDate: '2026-12-01T00:00:00Z',
  trialExpirationDate: null,
  subscriptionValidDate: '2026-12-01T00:00:00Z',
  cancelled: false,
  trial: false,
  cardLast4: '4242',
  paymentError: null,
  firstChargeDate: null,
  pendingChange: null,
};
const plans: Plans = {
  monthly: { defaultAmount: 3000, additionalAmount: 1000 },
  yearly: { defaultAmount: 30000, additionalAmount: 10000 },
  taxRate: 0,
  promotionCode: null,
  promotionValid: false,
};
const account = {
  billingContactName: 'Ada Admin',
  billingAddressLine1: '1 Main Street',
  billingAddressLine2: '',
  billingAddressCity: 'Springfield',
  billingAddressState: '',
  billingAddressPostalCode: '12345',
  billingAddressCountryCode: 'US',
  billingEmail: 'billing@example.com',
  billingPhone: '555-0100',
};

function renderStepper(subscription: Subscription, cardNumber: string | null) {
  return renderWithApp(
    <SubscriptionStepper
      subscription={subscription}
      cardNumber={cardNumber}
      account={account}
      countries={[{ code: 'US', name: 'United States' }]}
      dateFormat={0}
    />,
  );
}

const button = (name: string) => screen.getByRole('button', { name });

beforeAll(async () => {
  await loadTestClientConfig();
});

describe('SubscriptionStepper (spec 3 §4)', () => {
  it('walks a paid plan to a yearly one and saves the billing details, then the plan', async () => {
    const sent: { method: string; path: string; body: unknown }[] = [];
    const keep = async ({ request }: { request: Request }) => {
      sent.push({ method: request.method, path: new URL(request.url).pathname, body: await request.json() });
    };
    server.use(
      http.get(api('/subscriptions2/plans'), () => HttpResponse.json(plans)),
      http.put(api('/accounts/billingInformation'), async (info) => {
        await keep(info);
        return HttpResponse.json({});
      }),
      http.post(api('/subscriptions2'), async (info) => {
        await keep(info);
        return HttpResponse.json({ ...paid, periodType: 'YEAR' });
      }),
    );
    const { user } = renderStepper(paid, '4242');

    expect(button('Prev')).toBeDisabled();
    expect(button('Cancel')).toBeDisabled();
    expect(button('Cancel subscription')).toBeEnabled();
    await user.click(button('Change'));

    expect(screen.getByText('Card on file: •••• 4242')).toBeInTheDocument();
    expect(button('Cancel subscription')).toBeDisabled();
    expect(button('Prev')).toBeEnabled();
    await user.click(button('Next'));

    // The same plan is no change: Next waits for one.
    expect(await screen.findByText(/^Total:/)).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Yearly' }));
    expect(button('Next')).toBeEnabled();
    await user.click(button('Next'));

    expect(screen.getByRole('form', { name: 'Billing information' })).toBeInTheDocument();
    await user.click(button('Save'));
    expect(await screen.findByRole('heading', { name: 'Logout required' })).toBeInTheDocument();
    expect(sent).toEqual([
      {
        method: 'PUT',
        path: '/api/accounts/billingInformation',
        body: expect.objectContaining({ billingContactName: 'Ada Admin', billingAddressCountryCode: 'US' }),
      },
      { method: 'POST', path: '/api/subscriptions2', body: { periodType: 'YEAR', concurrentUserCount: 15 } },
    ]);
  });

  it('a manual subscription changes and cancels through support only', () => {
    server.use(http.get(api('/subscriptions2/plans'), () => HttpResponse.json(plans)));
    renderStepper({ ...paid, subscriptionType: 'manual', source: 'MANUAL' }, null);
    expect(button('Change')).toBeDisabled();
    expect(button('Cancel subscription')).toBeDisabled();
  });

  it('a trial cannot be cancelled and goes no further than Payment Method without a card', async () => {
    server.use(http.get(api('/subscriptions2/plans'), () => HttpResponse.json(plans)));
    const trial: Subscription = { ...paid, subscriptionType: 'trial', source: 'TRIAL', trial: true, cardLast4: null };
    const { user } = renderStepper(trial, null);
    expect(button('Cancel subscription')).toBeDisabled();
    await user.click(button('Change'));
    expect(screen.getByText('No card on file.')).toBeInTheDocument();
    expect(button('Next')).toBeDisabled();
    await user.click(button('Cancel'));
    await waitFor(() => expect(button('Change')).toBeEnabled());
  });
});
