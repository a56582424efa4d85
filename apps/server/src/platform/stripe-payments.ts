import type Stripe from 'stripe';
import type { PaymentsConfig } from '../config';
import { once } from './once';
import { PaymentDeclinedError, type PaymentGateway } from './payments';

type StripeOptions = NonNullable<PaymentsConfig['stripe']>;

/** A refusal the customer can act on (a declined or invalid card) rather than our fault. */
const isCardError = (Sdk: typeof Stripe, error: unknown): error is Stripe.errors.StripeCardError =>
  error instanceof Sdk.errors.StripeCardError ||
  (error instanceof Sdk.errors.StripeInvalidRequestError && /card|payment_method/i.test(error.param ?? ''));

async function declinesAsError<T>(Sdk: typeof Stripe, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isCardError(Sdk, error)) {
      throw new PaymentDeclinedError(error.message || 'Your card was declined.', error.code ?? 'card_declined');
    }
    throw error;
  }
}

/**
 * Stripe through its official SDK: a customer per company, the browser's token (tok_… or pm_…)
 * turned into a payment method attached to it as its default, and PaymentIntents confirmed
 * off-session with our idempotency key.
 */
export function stripePayments(options: StripeOptions): PaymentGateway {
  // The SDK is loaded at the first payment, not with the server (its code is several MB of memory).
  const sdk = once(async () => {
    const { default: Sdk } = await import('stripe');
    const stripe = new Sdk(options.secretKey, {
      maxNetworkRetries: 2,
      // Each request, not the retries together (HTTP_TIMEOUT_MS).
      timeout: options.timeoutMs ?? 30_000,
      ...(options.api ? { host: options.api.host, port: options.api.port, protocol: options.api.protocol } : {}),
    });
    return { Sdk, stripe };
  });
  return {
    provider: 'stripe',
    async saveCard({ customerId, token, email, accountId }) {
      const { Sdk, stripe } = await sdk();
      return declinesAsError(Sdk, async () => {
        const paymentMethod = token.startsWith('pm_')
          ? await stripe.paymentMethods.retrieve(token)
          : await stripe.paymentMethods.create({ type: 'card', card: { token } });
        const customer = customerId ?? (await stripe.customers.create({ email, metadata: { accountId } })).id;
        await stripe.paymentMethods.attach(paymentMethod.id, { customer });
        await stripe.customers.update(customer, {
          email,
          invoice_settings: { default_payment_method: paymentMethod.id },
        });
        return {
          customerId: customer,
          paymentMethodId: paymentMethod.id,
          last4: paymentMethod.card?.last4 ?? '',
          brand: paymentMethod.card?.brand ?? null,
        };
      });
    },
    async charge(request) {
      const { Sdk, stripe } = await sdk();
      return declinesAsError(Sdk, async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            description: request.description,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        );
        if (intent.status !== 'succeeded') {
          throw new PaymentDeclinedError('The payment could not be completed.', intent.status);
        }
        return { chargeId: intent.id };
      });
    },
  };
}
