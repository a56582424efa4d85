import type { BillingInformation, PaymentMethodAnswer, PaymentMethodBody } from '@blotter/shared';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { accounts, paymentProfiles } from '../../db/schema/index';
import { PaymentDeclinedError, type PaymentGateway } from '../../platform/payments';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { auditAccount } from '../accounts/accounts.service';
import { writeAudit } from '../audit/audit.service';
import { paymentProfileOf } from './charges';
import type { TenantRunner } from './subscriptions.service';

export async function getPaymentMethod(tx: Tx, accountId: string): Promise<PaymentMethodAnswer> {
  const profile = await paymentProfileOf(tx, accountId);
  return { cardNumber: profile?.cardLast4 ?? null };
}

const auditPaymentMethod = (
  tx: Tx,
  principal: Pick<Principal, 'accountId' | 'userId' | 'name'>,
  data: {
    billingEmail: string;
    valid: boolean;
    errorMessage: string | null;
    cardLast4?: string | null;
  },
) =>
  writeAudit(tx, principal, {
    objectType: 'PAYMENT_METHOD',
    transactionType: data.valid ? 'UPDATE' : 'FAIL',
    objectName: data.cardLast4 ? `Card ending ${data.cardLast4}` : 'Card',
    objectData: data,
  });

/**
 * POST /payments/methods: the provider stores the card of the browser's token (a customer per
 * company); we keep its ids and last 4 digits. A refused card is 400 with the provider's message
 * and a PAYMENT_METHOD entry saying so. Returns whether the company is in payment error, so the
 * caller retries the charge at once.
 */
export async function savePaymentMethod(
  tenant: TenantRunner,
  gateway: PaymentGateway,
  principal: Principal,
  input: PaymentMethodBody,
): Promise<PaymentMethodAnswer & { retryCharge: boolean }> {
  const existing = await tenant((tx) => paymentProfileOf(tx, principal.accountId));
  const customerId = existing?.provider === gateway.provider ? existing.customerId : null;
  let card: Awaited<ReturnType<PaymentGateway['saveCard']>>;
  try {
    card = await gateway.saveCard({
      customerId,
      token: input.token,
      email: input.email,
      accountId: principal.accountId,
    });
  } catch (error) {
    if (!(error instanceof PaymentDeclinedError)) throw error;
    await tenant((tx) =>
      auditPaymentMethod(tx, principal, { billingEmail: input.email, valid: false, errorMessage: error.message }),
    );
    throw badRequest(error.message);
  }
  return tenant(async (tx) => {
    const values = {
      provider: gateway.provider,
      customerId: card.customerId,
      paymentMethodId: card.paymentMethodId,
      cardLast4: card.last4,
      cardBrand: card.brand,
      billingEmail: input.email,
      updatedAt: new Date(),
    };
    await tx
      .insert(paymentProfiles)
      .values({ accountId: principal.accountId, ...values })
      .onConflictDoUpdate({ target: paymentProfiles.accountId, set: values });
    const [row] = await tx
      .update(accounts)
      .set({ cardLast4: card.last4, updatedAt: sql`now()` })
      .where(eq(accounts.id, principal.accountId))
      .returning({ paymentError: accounts.paymentError });
    if (!row) throw notFound('Company');
    await auditPaymentMethod(tx, principal, {
      billingEmail: input.email,
      valid: true,
      errorMessage: null,
      cardLast4: card.last4,
    });
    return { cardNumber: card.last4, retryCharge: row.paymentError !== null };
  });
}

/** GET /accounts/billingInformation: the stored billing fields (SUBSCRIPTION_EDIT, not ACCOUNT_ADMIN). */
export async function readBillingInformation(tx: Tx, principal: Principal) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, principal.accountId));
  if (!row) throw notFound('Company');
  return row;
}

/** PUT /accounts/billingInformation: the billing fields, with an ACCOUNT entry. */
export async function updateBillingInformation(tx: Tx, principal: Principal, input: BillingInformation) {
  const [row] = await tx
    .update(accounts)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(accounts.id, principal.accountId))
    .returning();
  if (!row) throw notFound('Company');
  await auditAccount(tx, principal, row);
  return row;
}
