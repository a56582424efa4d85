import {
  formatMoney,
  type PeriodType,
  SUBSCRIPTION_MESSAGES,
  type Subscription,
  type SubscriptionValues,
  taxOf,
} from '@blotter/shared';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PaymentsConfig } from '../../config';
import type { Tx } from '../../db/client';
import { accounts, subscriptionPayments } from '../../db/schema/index';
import type { PaymentGateway } from '../../platform/payments';
import type { Principal } from '../../plugins/auth';
import { badRequest, notFound } from '../../plugins/errors';
import { writeAudit } from '../audit/audit.service';
import { chargePayment, markPaymentFailed, markPaymentPaid, paymentProfileOf, recordPendingPayment } from './charges';
import { addPeriod, type PricedPlan, pricePlan } from './plans';
import { resolveSubscriptionBanners } from './subscription-banners';

export type TenantRunner = <T>(fn: (tx: Tx) => Promise<T>) => Promise<T>;
type AccountRow = typeof accounts.$inferSelect;

export async function accountForUpdate(tx: Tx, accountId: string): Promise<AccountRow> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!row) throw notFound('Company');
  return row;
}

/** GET /subscriptions2. */
export function subscriptionOf(row: AccountRow): Subscription {
  return {
    subscriptionType: row.subscriptionType as Subscription['subscriptionType'],
    source: row.subscriptionSource as Subscription['source'],
    periodType: (row.periodType as PeriodType | null) ?? null,
    concurrentUserCount: row.concurrentUserCount,
    amount: row.amountCents,
    taxPercent: row.taxPercent,
    nextChargeDate: row.nextChargeDate?.toISOString() ?? null,
    trialExpirationDate: row.trialExpiryDate?.toISOString() ?? null,
    subscriptionValidDate: row.subscriptionValidDate?.toISOString() ?? null,
    cancelled: row.cancelled,
    trial: row.trial,
    cardLast4: row.cardLast4,
    paymentError: row.paymentError,
  };
}

export async function getSubscription(tx: Tx, accountId: string): Promise<Subscription> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw notFound('Company');
  return subscriptionOf(row);
}

const isManual = (row: AccountRow) => row.subscriptionType === 'manual' || row.subscriptionSource === 'MANUAL';

/** A paid period still running (possibly cancelled): a change is priced against what is left of it. */
const runningPaidPeriod = (row: AccountRow, now: Date) =>
  row.subscriptionType === 'paid' && row.periodType && row.subscriptionValidDate && row.subscriptionValidDate > now
    ? { periodType: row.periodType as PeriodType, validUntil: row.subscriptionValidDate }
    : null;

interface ChargePlan {
  kind: 'subscribe' | 'change';
  /** Before tax, in cents. */
  chargeCents: number;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * What choosing a plan costs now. No running paid period: the first period in full from now. A
 * running one is credited for its unused part: the same period type keeps its dates and pays the
 * prorated difference of a higher price (a lower one takes effect at the next renewal, no refunds);
 * another period type starts a new period now and pays its price less the credit (never below 0).
 */
export function chargeFor(row: AccountRow, plan: PricedPlan, now: Date): ChargePlan {
  const running = runningPaidPeriod(row, now);
  if (!running) {
    return {
      kind: 'subscribe',
      chargeCents: plan.amountCents,
      periodStart: now,
      periodEnd: addPeriod(now, plan.periodType),
    };
  }
  const start = addPeriod(running.validUntil, running.periodType, -1);
  const length = running.validUntil.getTime() - start.getTime();
  const unused = Math.min(1, Math.max(0, (running.validUntil.getTime() - now.getTime()) / length));
  if (running.periodType === plan.periodType) {
    return {
      kind: 'change',
      chargeCents: Math.max(0, Math.round((plan.amountCents - row.amountCents) * unused)),
      periodStart: now,
      periodEnd: running.validUntil,
    };
  }
  return {
    kind: 'change',
    chargeCents: Math.max(0, plan.amountCents - Math.round(row.amountCents * unused)),
    periodStart: now,
    periodEnd: addPeriod(now, plan.periodType),
  };
}

const auditData = (row: AccountRow, plan: PricedPlan, chargedCents: number) => ({
  periodType: plan.periodType,
  concurrentUserCount: plan.concurrentUserCount,
  amount: formatMoney(plan.amountCents),
  amountCents: plan.amountCents,
  taxPercent: plan.taxPercent,
  chargedCents,
  promotionCode: plan.promotionCode,
  cardLast4: row.cardLast4,
});

/**
 * POST /subscriptions2: checks the rules and records the charge (pending) in one transaction,
 * charges the card, then applies the plan in another: subscription paid, account active, the trial
 * and payment banners resolved, a SUBSCRIPTION entry.
 */
export async function choosePlan(
  tenant: TenantRunner,
  gateway: PaymentGateway,
  config: PaymentsConfig,
  principal: Principal,
  input: SubscriptionValues,
): Promise<Subscription> {
  const plan = pricePlan(config, input);
  const prepared = await tenant(async (tx) => {
    const row = await accountForUpdate(tx, principal.accountId);
    if (isManual(row)) throw badRequest(SUBSCRIPTION_MESSAGES.manual);
    const profile = await paymentProfileOf(tx, principal.accountId);
    if (!profile) throw badRequest(SUBSCRIPTION_MESSAGES.noPaymentMethod);
    const [busy] = await tx
      .select({ id: subscriptionPayments.id })
      .from(subscriptionPayments)
      .where(
        and(
          eq(subscriptionPayments.status, 'pending'),
          gt(subscriptionPayments.createdAt, sql`now() - interval '2 minutes'`),
        ),
      )
      .limit(1);
    if (busy) throw badRequest('A payment is already in progress. Please try again in a few minutes.');
    const now = new Date();
    const charge = chargeFor(row, plan, now);
    if (charge.chargeCents === 0) return { profile, charge, payment: null };
    const payment = await recordPendingPayment(tx, {
      accountId: principal.accountId,
      amountCents: charge.chargeCents,
      taxCents: taxOf(charge.chargeCents, plan.taxPercent),
      periodType: plan.periodType,
      periodStart: charge.periodStart,
      periodEnd: charge.periodEnd,
      kind: charge.kind,
      concurrentUserCount: plan.concurrentUserCount,
      idempotencyKey: `${charge.kind}:${principal.accountId}:${crypto.randomUUID()}`,
    });
    return { profile, charge, payment };
  });

  const { payment, charge, profile } = prepared;
  const outcome = payment ? await chargePayment(gateway, profile, payment) : null;
  if (payment && outcome && !outcome.ok) {
    await tenant((tx) => markPaymentFailed(tx, payment.id, outcome.message));
    throw badRequest(outcome.message);
  }
  return tenant(async (tx) => {
    if (payment && outcome?.ok) await markPaymentPaid(tx, payment.id, outcome.chargeId);
    const before = await accountForUpdate(tx, principal.accountId);
    const [row] = await tx
      .update(accounts)
      .set({
        subscriptionType: 'paid',
        subscriptionSource: 'STRIPE',
        periodType: plan.periodType,
        concurrentUserCount: plan.concurrentUserCount,
        amountCents: plan.amountCents,
        taxPercent: plan.taxPercent,
        nextChargeDate: charge.periodEnd,
        subscriptionValidDate: charge.periodEnd,
        cancelled: false,
        trial: false,
        active: true,
        paymentError: null,
        updatedAt: sql`now()`,
      })
      .where(eq(accounts.id, principal.accountId))
      .returning();
    if (!row) throw notFound('Company');
    await resolveSubscriptionBanners(tx, principal.accountId);
    await writeAudit(tx, principal, {
      objectType: 'SUBSCRIPTION',
      transactionType: before.subscriptionType === 'paid' ? 'UPDATE' : 'CREATE',
      objectName: row.companyName,
      objectId: row.id,
      objectData: auditData(row, plan, payment ? payment.amountCents + payment.taxCents : 0),
    });
    return subscriptionOf(row);
  });
}

/**
 * DELETE /subscriptions2: no further renewals; the service stays until subscriptionValidDate,
 * when the renewal job ends it. A trial, a manual and an already cancelled subscription refuse.
 */
export async function cancelSubscription(tx: Tx, principal: Principal): Promise<Subscription> {
  const row = await accountForUpdate(tx, principal.accountId);
  if (isManual(row)) throw badRequest(SUBSCRIPTION_MESSAGES.manual);
  if (row.subscriptionType !== 'paid') throw badRequest(SUBSCRIPTION_MESSAGES.trialCannotCancel);
  if (row.cancelled) throw badRequest(SUBSCRIPTION_MESSAGES.alreadyCancelled);
  const [updated] = await tx
    .update(accounts)
    .set({ cancelled: true, nextChargeDate: null, updatedAt: sql`now()` })
    .where(eq(accounts.id, principal.accountId))
    .returning();
  if (!updated) throw notFound('Company');
  await writeAudit(tx, principal, {
    objectType: 'SUBSCRIPTION',
    transactionType: 'CANCEL',
    objectName: updated.companyName,
    objectId: updated.id,
    objectData: {
      periodType: updated.periodType,
      concurrentUserCount: updated.concurrentUserCount,
      amount: formatMoney(updated.amountCents),
      amountCents: updated.amountCents,
      cardLast4: updated.cardLast4,
      validUntil: updated.subscriptionValidDate?.toISOString() ?? null,
    },
  });
  return subscriptionOf(updated);
}
