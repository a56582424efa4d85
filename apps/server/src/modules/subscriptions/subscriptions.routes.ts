import {
  billingInformationBody,
  billingInformationSchema,
  idParams,
  pageOf,
  pageQuery,
  paymentMethodAnswer,
  paymentMethodBody,
  plansQuery,
  plansSchema,
  receiptSchema,
  subscriptionBody,
  subscriptionSchema,
} from '@blotter/shared';
import type { FastifyInstance } from 'fastify';
import { contentDisposition } from '../../plugins/content-disposition';
import { defineRoute } from '../../plugins/route';
import {
  getPaymentMethod,
  readBillingInformation,
  savePaymentMethod,
  updateBillingInformation,
} from './payment-methods.service';
import { plansFor } from './plans';
import { listReceipts, receiptDocument } from './receipts';
import { cancelPendingChange, cancelSubscription, choosePlan, getSubscription } from './subscriptions.service';

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
      'Choose or change the plan: the first period is charged now; during the free trial nothing is charged ' +
      'until the trial ends (the first period starts then, charged by the renewal); a higher plan of a running ' +
      'period is charged its prorated difference over what was paid for it; a lower plan takes effect at the ' +
      'next renewal (pendingChange; the current seats stay until then). Needs a stored card; manual ' +
      'subscriptions change through support.',
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
    method: 'DELETE',
    url: '/subscriptions2/pendingChange',
    tag: 'Subscription',
    summary: 'Drop the lower plan waiting for the next renewal; the current plan renews as it is.',
    privileges,
    response: subscriptionSchema,
    handler: ({ auth, tenant }) => tenant((tx) => cancelPendingChange(tx, auth)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/subscriptions2/receipts',
    tag: 'Subscription',
    summary: "The company's receipts, one per paid charge, newest first, paged (p from 0, psz).",
    privileges,
    query: pageQuery,
    response: pageOf(receiptSchema),
    handler: ({ auth, query, tenant }) => tenant((tx) => listReceipts(tx, auth.accountId, query)),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/subscriptions2/receipts/:id/pdf',
    tag: 'Subscription',
    summary:
      'A receipt as a PDF (application/pdf, attachment receipt-<number>.pdf): amount, tax, period, users, ' +
      "card's last 4, the company and its billing address. 404 for another company's or an unknown id.",
    privileges,
    params: idParams,
    response: null,
    produces: 'application/pdf',
    handler: async ({ auth, params, tenant, reply }) => {
      const { number, pdf } = await tenant((tx) => receiptDocument(tx, auth.accountId, params.id));
      // Awaited until the answer is out, so the route does not answer a second time (204).
      await reply
        .type('application/pdf')
        .header(
          'content-disposition',
          contentDisposition(`receipt-${number}.pdf`, { type: 'attachment', names: 'plain' }),
        )
        .header('cache-control', 'no-store')
        .header('content-length', pdf.length)
        .send(pdf);
      return undefined;
    },
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
