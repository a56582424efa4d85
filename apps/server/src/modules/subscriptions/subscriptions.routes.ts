import {
  billingInformationBody,
  billingInformationSchema,
  paymentMethodAnswer,
  paymentMethodBody,
  plansQuery,
  plansSchema,
  subscriptionBody,
  subscriptionSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../plugins/route';
import {
  getPaymentMethod,
  readBillingInformation,
  savePaymentMethod,
  updateBillingInformation,
} from './payment-methods.service';
import { plansFor } from './plans';
import { cancelSubscription, choosePlan, getSubscription } from './subscriptions.service';

/** Payments and subscriptions (spec 3 §7) and the billing information, for SUBSCRIPTION_EDIT (admins hold it). */
export async function subscriptionRoutes(app: FastifyInstance) {
  const privileges = ['SUBSCRIPTION_EDIT'] as const;
  const payments = app.config.payments;

  defineRoute(app, {
    method: 'GET',
    url: '/payments/methods',
    tag: 'Subscription',
    summary: "The company's stored card: its last 4 digits, or null.",
    privileges,
    response: paymentMethodAnswer,
    handler: ({ auth, tenant }) => tenant((tx) => getPaymentMethod(tx, auth.accountId)),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/payments/methods',
    tag: 'Subscription',
    summary:
      'Store the card of a token made in the browser by the card provider (Stripe, or the offline test ' +
      "provider's test tokens); a refused card is 400 with the provider's message. In payment error, the " +
      'due renewal is charged again at once.',
    privileges,
    body: paymentMethodBody,
    response: paymentMethodAnswer,
    handler: async ({ auth, body, tenant, request }) => {
      const saved = await savePaymentMethod(tenant, app.payments, auth, body);
      if (saved.retryCharge) {
        await app.subscriptionRenewals
          .renewAccount(auth.accountId, { ignoreRetryWait: true })
          .catch((error) => request.log.error({ err: error }, 'retrying the renewal after a new card failed'));
      }
      return { cardNumber: saved.cardNumber };
    },
  });
  defineRoute(app, {
    method: 'GET',
    url: '/subscriptions2',
    tag: 'Subscription',
    summary: 'The current subscription: kind, source, plan, amounts in cents, dates, card and payment error.',
    privileges,
    response: subscriptionSchema,
    handler: ({ auth, tenant }) => tenant((tx) => getSubscription(tx, auth.accountId)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/subscriptions2/plans',
    tag: 'Subscription',
    summary:
      'The monthly and yearly plans in cents and the tax rate; a known promotion code lowers the amounts, ' +
      'an unknown one answers the normal plans with promotionValid false.',
    privileges,
    query: plansQuery,
    response: plansSchema,
    handler: async ({ query }) => plansFor(payments, query.promotionCode),
  });
  defineRoute(app, {
    method: 'POST',
    url: '/subscriptions2',
    tag: 'Subscription',
    summary:
      'Choose or change the plan: the first period is charged now; a change of a running plan is charged ' +
      'its prorated difference. Needs a stored card; manual subscriptions change through support.',
    privileges,
    body: subscriptionBody,
    response: subscriptionSchema,
    handler: ({ auth, body, tenant }) => choosePlan(tenant, app.payments, payments, auth, body),
  });
  defineRoute(app, {
    method: 'DELETE',
    url: '/subscriptions2',
    tag: 'Subscription',
    summary: 'Cancel: no more renewals; the service stays until subscriptionValidDate.',
    privileges,
    response: subscriptionSchema,
    handler: ({ auth, tenant }) => tenant((tx) => cancelSubscription(tx, auth)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/accounts/billingInformation',
    tag: 'Accounts',
    summary: "The company's billing contact, address, email and phone, for the subscription's billing step.",
    privileges,
    response: billingInformationSchema,
    handler: ({ auth, tenant }) => tenant((tx) => readBillingInformation(tx, auth)),
  });
  defineRoute(app, {
    method: 'PUT',
    url: '/accounts/billingInformation',
    tag: 'Accounts',
    summary: "Change the company's billing contact, address, email and phone.",
    privileges,
    body: billingInformationBody,
    response: billingInformationSchema,
    handler: ({ auth, body, tenant }) => tenant((tx) => updateBillingInformation(tx, auth, body)),
  });
}
