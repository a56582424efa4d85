import { randomUUID } from 'node:crypto';
import { OFFLINE_TEST_CARDS } from '@blotter/shared';
import type { PaymentsConfig } from '../config';
import { stripePayments } from './stripe-payments';

/** A card the provider refused, or a charge it declined: its message is safe to show the user. */
export class PaymentDeclinedError extends Error {
  constructor(
    message: string,
    readonly declineCode: string,
  ) {
    super(message);
    this.name = 'PaymentDeclinedError';
  }
}

export interface SavedCard {
  customerId: string;
  paymentMethodId: string;
  last4: string;
  brand: string | null;
}

export interface ChargeRequest {
  customerId: string;
  paymentMethodId: string;
  /** Total to charge in cents (tax included). */
  amountCents: number;
  /** The same key for every attempt of one charge: the provider charges it once. */
  idempotencyKey: string;
  description: string;
  metadata: Record<string, string>;
}

/** Card payments (platform adapter): offline test provider by default, Stripe when configured. */
export interface PaymentGateway {
  readonly provider: 'offline' | 'stripe';
  /** Stores a card token made in the browser for the company (a new customer when customerId is null). */
  saveCard(input: { customerId: string | null; token: string; email: string; accountId: string }): Promise<SavedCard>;
  /** Charges the stored card off-session; throws PaymentDeclinedError when declined. */
  charge(request: ChargeRequest): Promise<{ chargeId: string }>;
}

/** The gateway the configuration asks for. */
export function configuredPayments(config: PaymentsConfig): PaymentGateway {
  return config.stripe ? stripePayments(config.stripe) : offlinePayments();
}

const DECLINED = 'Your card was declined.';

/**
 * The offline provider: knows the documented Stripe test cards by their test tokens
 * (OFFLINE_TEST_CARDS), so the trial → paid journey works with no configuration. Like Stripe, a
 * charge repeated with the same idempotency key answers the first result and charges once
 * (`charges` lists what was really charged, for tests).
 */
export function offlinePayments(): PaymentGateway & { charges: ChargeRequest[] } {
  const methods = new Map<string, (typeof OFFLINE_TEST_CARDS)[number]>();
  const results = new Map<string, { chargeId: string } | PaymentDeclinedError>();
  const charges: ChargeRequest[] = [];
  return {
    provider: 'offline',
    charges,
    async saveCard({ customerId, token }) {
      const card = OFFLINE_TEST_CARDS.find((c) => c.token === token || `pm_card_${c.token.slice(4)}` === token);
      if (!card) throw new PaymentDeclinedError('Your card number is incorrect.', 'incorrect_number');
      if (card.outcome === 'decline') throw new PaymentDeclinedError(DECLINED, 'card_declined');
      const paymentMethodId = `pm_offline_${card.token.slice(4)}_${randomUUID()}`;
      methods.set(paymentMethodId, card);
      return {
        customerId: customerId ?? `cus_offline_${randomUUID()}`,
        paymentMethodId,
        last4: card.number.slice(-4),
        brand: card.brand,
      };
    },
    async charge(request) {
      const known = results.get(request.idempotencyKey);
      if (known instanceof PaymentDeclinedError) throw known;
      if (known) return known;
      // A method saved before a restart is read from its id (the offline provider keeps no store).
      const token = /^pm_offline_(\w+?)_/.exec(request.paymentMethodId)?.[1];
      const card = methods.get(request.paymentMethodId) ?? OFFLINE_TEST_CARDS.find((c) => c.token === `tok_${token}`);
      const result =
        card?.outcome !== 'ok'
          ? new PaymentDeclinedError(DECLINED, 'card_declined')
          : { chargeId: `ch_offline_${randomUUID()}` };
      results.set(request.idempotencyKey, result);
      if (result instanceof PaymentDeclinedError) throw result;
      charges.push(request);
      return result;
    },
  };
}
