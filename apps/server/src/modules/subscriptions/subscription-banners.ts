import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { notifications } from '../../db/schema/index';
import { ACCOUNT_DISABLED_MESSAGE, TRIAL_BANNER_SOURCES } from '../trial/trial-banners';

/** The `source` of the banners the subscription raises (one live banner per company and source). */
export const SUBSCRIPTION_BANNER_SOURCES = {
  paymentError: 'payment-error',
  /** Shared with the trial job: one ACCOUNT_DISABLED banner whatever disabled the account. */
  disabled: TRIAL_BANNER_SOURCES.disabled,
} as const;

export const PAYMENT_ERROR_MESSAGE =
  'The payment for your subscription failed. Please update the payment method to keep using Blotter.';

/** Resolves the company's banners of these sources for everyone. */
export async function resolveBanners(tx: Tx, accountId: string, sources: readonly string[]) {
  await tx
    .update(notifications)
    .set({ dismissed: true })
    .where(
      and(
        eq(notifications.accountId, accountId),
        eq(notifications.dismissed, false),
        inArray(notifications.source, [...sources]),
      ),
    );
}

/** Every banner a paid subscription ends: the trial's, the disabled account's and the payment error. */
export const resolveSubscriptionBanners = (tx: Tx, accountId: string) =>
  resolveBanners(tx, accountId, [...Object.values(TRIAL_BANNER_SOURCES), SUBSCRIPTION_BANNER_SOURCES.paymentError]);

/** The PAYMENT_ERROR banner: shown to every user, not dismissable, one per company. */
export async function raisePaymentErrorBanner(tx: Tx, accountId: string) {
  await tx
    .insert(notifications)
    .values({
      accountId,
      message: PAYMENT_ERROR_MESSAGE,
      notificationType: 'PAYMENT_ERROR',
      level: 'WARNING',
      userDismissAvailable: false,
      source: SUBSCRIPTION_BANNER_SOURCES.paymentError,
    })
    .onConflictDoNothing();
}

export async function raiseAccountDisabledBanner(tx: Tx, accountId: string) {
  await tx
    .insert(notifications)
    .values({
      accountId,
      message: ACCOUNT_DISABLED_MESSAGE,
      notificationType: 'ACCOUNT_DISABLED',
      level: 'WARNING',
      userDismissAvailable: false,
      source: SUBSCRIPTION_BANNER_SOURCES.disabled,
    })
    .onConflictDoNothing();
}
