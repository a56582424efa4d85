import { formatMoney, type PeriodType, taxOf } from '@blotter/shared';
import { and, count, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client';
import { accounts, subscriptionPayments } from '../../db/schema/index';
import { createIntervalLoop } from '../../platform/interval-loop';
import type { PaymentGateway } from '../../platform/payments';
import { writeAudit } from '../audit/audit.service';
import { chargePayment, markPaymentFailed, markPaymentPaid, paymentProfileOf, recordPendingPayment } from './charges';
import type { PaidPayment } from './payment-events';
import { addPeriod } from './plans';
import {
  raiseAccountDisabledBanner,
  raisePaymentErrorBanner,
  resolveBanners,
  SUBSCRIPTION_BANNER_SOURCES,
} from './subscription-banners';
import { accountForUpdate } from './subscriptions.service';

export interface RenewalOptions {
  /** Hours after a declined renewal before it is tried again. */
  retryHours: number;
  /** Days of payment error before the account is disabled. */
  graceDays: number;
}

export interface RenewalCheck {
  renewed: number;
  failed: number;
  disabled: number;
  ended: number;
}

export interface RenewalJob {
  check(): Promise<RenewalCheck>;
  /** Charges one company's due renewal now (a new card while in payment error); 'none' when nothing is due. */
  renewAccount(accountId: string, options?: { ignoreRetryWait?: boolean }): Promise<'renewed' | 'failed' | 'none'>;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

const SYSTEM = (accountId: string) => ({ accountId, userId: null, name: 'System' });

/** Paid by card, not cancelled, its next charge come. */
const due = sql`${accounts.subscriptionType} = 'paid' and ${accounts.subscriptionSource} = 'STRIPE'
  and not ${accounts.cancelled} and ${accounts.nextChargeDate} <= now()`;

type Prepared = { payment: PaidPayment; profile: NonNullable<Awaited<ReturnType<typeof paymentProfileOf>>> } | null;

/**
 * The renewal of one company, in three steps so that a crash anywhere charges at most once: (1) the
 * payment is recorded pending under the key `renewal:<account>:<period start>:<attempt>` and
 * committed; (2) the provider is asked with that key (a rerun finds the pending row and asks again
 * with the same key, which the provider answers with the first charge); (3) the outcome is applied
 * once (only a pending row is settled).
 */
async function prepareRenewal(
  tx: Tx,
  accountId: string,
  options: RenewalOptions,
  ignoreRetryWait: boolean,
): Promise<Prepared> {
  const row = await accountForUpdate(tx, accountId);
  const now = new Date();
  if (row.subscriptionType !== 'paid' || row.subscriptionSource !== 'STRIPE' || row.cancelled) return null;
  if (!row.nextChargeDate || row.nextChargeDate > now || !row.periodType) return null;
  const periodStart = row.nextChargeDate;
  const forPeriod = and(eq(subscriptionPayments.kind, 'renewal'), eq(subscriptionPayments.periodStart, periodStart));
  const [pending] = await tx
    .select()
    .from(subscriptionPayments)
    .where(and(forPeriod, eq(subscriptionPayments.status, 'pending')))
    .limit(1);
  const profile = await paymentProfileOf(tx, accountId);
  if (!profile) return null;
  if (pending) return { payment: pending, profile };
  const [failures] = await tx
    .select({ n: count(), last: sql<string | null>`max(${subscriptionPayments.createdAt})` })
    .from(subscriptionPayments)
    .where(and(forPeriod, eq(subscriptionPayments.status, 'failed')));
  const attempts = failures?.n ?? 0;
  const last = failures?.last ? new Date(failures.last) : null;
  if (!ignoreRetryWait && last && now.getTime() - last.getTime() < options.retryHours * 3_600_000) return null;
  // A lower plan chosen during the period takes effect now, with the renewal that charges it.
  const periodType = (row.pendingPeriodType ?? row.periodType) as PeriodType;
  const amountCents = row.pendingAmountCents ?? row.amountCents;
  const payment = await recordPendingPayment(tx, {
    accountId,
    amountCents,
    taxCents: taxOf(amountCents, row.pendingTaxPercent ?? row.taxPercent),
    periodType,
    periodStart,
    periodEnd: addPeriod(periodStart, periodType),
    kind: 'renewal',
    concurrentUserCount: row.pendingConcurrentUserCount ?? row.concurrentUserCount,
    idempotencyKey: `renewal:${accountId}:${periodStart.toISOString()}:${attempts + 1}`,
  });
  return { payment, profile };
}

async function applyRenewed(tx: Tx, payment: PaidPayment, chargeId: string) {
  // Locked first: the receipt written with the payment is numbered under this lock.
  await accountForUpdate(tx, payment.accountId);
  const paid = await markPaymentPaid(tx, payment.id, chargeId);
  if (!paid) return;
  // The renewal's plan (a pending lower plan, now charged) is the plan in force from here on.
  const [row] = await tx
    .update(accounts)
    .set({
      periodType: paid.periodType,
      concurrentUserCount: paid.concurrentUserCount,
      amountCents: paid.amountCents,
      taxPercent: sql`coalesce(${accounts.pendingTaxPercent}, ${accounts.taxPercent})`,
      pendingPeriodType: null,
      pendingConcurrentUserCount: null,
      pendingAmountCents: null,
      pendingTaxPercent: null,
      firstChargeDate: null,
      nextChargeDate: paid.periodEnd,
      subscriptionValidDate: paid.periodEnd,
      paymentError: null,
      active: true,
      updatedAt: sql`now()`,
    })
    .where(eq(accounts.id, paid.accountId))
    .returning();
  await resolveBanners(tx, paid.accountId, [
    SUBSCRIPTION_BANNER_SOURCES.paymentError,
    SUBSCRIPTION_BANNER_SOURCES.disabled,
  ]);
  await writeAudit(tx, SYSTEM(paid.accountId), {
    objectType: 'SUBSCRIPTION',
    transactionType: 'RENEW',
    objectName: row?.companyName ?? '',
    objectId: paid.accountId,
    objectData: {
      periodType: paid.periodType,
      concurrentUserCount: paid.concurrentUserCount,
      amount: formatMoney(paid.amountCents),
      amountCents: paid.amountCents,
      chargedCents: paid.amountCents + paid.taxCents,
      cardLast4: row?.cardLast4 ?? null,
      validUntil: paid.periodEnd.toISOString(),
    },
  });
}

async function applyDeclined(tx: Tx, payment: PaidPayment, message: string, billingEmail: string) {
  if (!(await markPaymentFailed(tx, payment.id, message))) return;
  await tx
    .update(accounts)
    .set({ paymentError: sql`coalesce(${accounts.paymentError}, ${new Date().toISOString()})`, updatedAt: sql`now()` })
    .where(eq(accounts.id, payment.accountId));
  await raisePaymentErrorBanner(tx, payment.accountId);
  await writeAudit(tx, SYSTEM(payment.accountId), {
    objectType: 'PAYMENT_METHOD',
    transactionType: 'FAIL',
    objectName: 'Renewal',
    objectData: { billingEmail, valid: false, errorMessage: message },
  });
}

/** Disables companies whose payment error outlasted the grace period. */
async function disableAfterGrace(tx: Tx, graceDays: number): Promise<number> {
  const disabled = await tx
    .update(accounts)
    .set({ active: false, updatedAt: sql`now()` })
    .where(
      and(
        isNotNull(accounts.paymentError),
        eq(accounts.active, true),
        eq(accounts.subscriptionType, 'paid'),
        lte(sql`${accounts.paymentError}::timestamptz`, sql`now() - make_interval(days => ${graceDays})`),
      ),
    )
    .returning({ id: accounts.id, companyName: accounts.companyName });
  for (const account of disabled) await disabledWith(tx, account, 'PAYMENT_ERROR');
  return disabled.length;
}

/** Ends cancelled subscriptions at their valid date. */
async function endCancelled(tx: Tx): Promise<number> {
  const ended = await tx
    .update(accounts)
    .set({ active: false, updatedAt: sql`now()` })
    .where(
      and(
        eq(accounts.subscriptionType, 'paid'),
        eq(accounts.cancelled, true),
        eq(accounts.active, true),
        lte(accounts.subscriptionValidDate, sql`now()`),
      ),
    )
    .returning({ id: accounts.id, companyName: accounts.companyName });
  for (const account of ended) await disabledWith(tx, account, 'SUBSCRIPTION_ENDED');
  return ended.length;
}

async function disabledWith(tx: Tx, account: { id: string; companyName: string }, reason: string) {
  await raiseAccountDisabledBanner(tx, account.id);
  await writeAudit(tx, SYSTEM(account.id), {
    objectType: 'ACCOUNT',
    transactionType: 'DISABLE',
    objectName: account.companyName,
    objectId: account.id,
    objectData: { companyName: account.companyName, active: false, reason },
  });
}

/**
 * Renewals of card subscriptions (issue 15 item 6), on a timer: due renewals charged, declines
 * retried every retryHours with a PAYMENT_ERROR banner, the account disabled after graceDays, and
 * cancelled subscriptions ended at their valid date. Any number of processes may run it.
 */
export function createRenewalJob(
  database: Database,
  gateway: PaymentGateway,
  options: RenewalOptions,
  log: (error: unknown, message: string) => void,
): RenewalJob {
  async function renewAccount(accountId: string, { ignoreRetryWait = false } = {}) {
    const prepared = await database.tenant(accountId, (tx) => prepareRenewal(tx, accountId, options, ignoreRetryWait));
    if (!prepared) return 'none' as const;
    const outcome = await chargePayment(gateway, prepared.profile, prepared.payment);
    await database.tenant(accountId, (tx) =>
      outcome.ok
        ? applyRenewed(tx, prepared.payment, outcome.chargeId)
        : applyDeclined(tx, prepared.payment, outcome.message, prepared.profile.billingEmail),
    );
    return outcome.ok ? ('renewed' as const) : ('failed' as const);
  }

  async function check(): Promise<RenewalCheck> {
    const result: RenewalCheck = { renewed: 0, failed: 0, disabled: 0, ended: 0 };
    const dueAccounts = await database.system((tx) => tx.select({ id: accounts.id }).from(accounts).where(due));
    for (const { id } of dueAccounts) {
      try {
        const outcome = await renewAccount(id);
        if (outcome === 'renewed') result.renewed += 1;
        if (outcome === 'failed') result.failed += 1;
      } catch (error) {
        // A provider or network failure leaves the payment pending; the next run asks again with its key.
        log(error, 'renewing a subscription failed');
      }
    }
    await database.system(async (tx) => {
      result.ended = await endCancelled(tx);
      result.disabled = await disableAfterGrace(tx, options.graceDays);
    });
    return result;
  }

  const loop = createIntervalLoop(check, log, 'renewing subscriptions failed');
  return { check, renewAccount, start: (ms) => loop.start(ms), stop: () => loop.stop() };
}
