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
import { type PlanChange, planChange } from './plan-change';
import { type PricedPlan, pricePlan } from './plans';
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
    firstChargeDate: row.firstChargeDate?.toISOString() ?? null,
    pendingChange: pendingChangeOf(row),
  };
}

function pendingChangeOf(row: AccountRow): Subscription['pendingChange'] {
  const { pendingPeriodType, pendingConcurrentUserCount, pendingAmountCents, pendingTaxPercent } = row;
  if (pendingPeriodType === null || pendingConcurrentUserCount === null || pendingAmountCents === null) return null;
  return {
    periodType: pendingPeriodType as PeriodType,
    concurrentUserCount: pendingConcurrentUserCount,
    amount: pendingAmountCents,
    taxPercent: pendingTaxPercent ?? row.taxPercent,
    // The change waits for the end of the period in force (the next renewal).
    effectiveDate: (row.subscriptionValidDate ?? row.nextChargeDate ?? new Date()).toISOString(),
  };
}

export async function getSubscription(tx: Tx, accountId: string): Promise<Subscription> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, accountId)).limit(1);
  if (!row) throw notFound('Company');
  return subscriptionOf(row);
}

const isManual = (row: AccountRow) => row.subscriptionType === 'manual' || row.subscriptionSource === 'MANUAL';

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

const noPendingChange = {
  pendingPeriodType: null,
  pendingConcurrentUserCount: null,
  pendingAmountCents: null,
  pendingTaxPercent: null,
} as const;

/** The account's columns once the change is applied (a pending change touches only its own). */
function appliedPlan(plan: PricedPlan, change: PlanChange) {
  if (change.kind === 'pending') {
    return {
      pendingPeriodType: plan.periodType,
      pendingConcurrentUserCount: plan.concurrentUserCount,
      pendingAmountCents: plan.amountCents,
      pendingTaxPercent: plan.taxPercent,
      nextChargeDate: change.effectiveDate,
      cancelled: false,
    };
  }
  const periodEnd = change.kind === 'trial' ? change.firstChargeDate : change.periodEnd;
  return {
    ...noPendingChange,
    subscriptionType: 'paid',
    subscriptionSource: 'STRIPE',
    periodType: plan.periodType,
    concurrentUserCount: plan.concurrentUserCount,
    amountCents: plan.amountCents,
    taxPercent: plan.taxPercent,
    nextChargeDate: periodEnd,
    subscriptionValidDate: periodEnd,
    firstChargeDate: change.kind === 'trial' ? change.firstChargeDate : null,
    cancelled: false,
    trial: false,
    active: true,
    paymentError: null,
  };
}

/**
 * POST /subscriptions2: checks the rules and records the charge (pending) in one transaction,
 * charges the card, then applies the plan in another: subscription paid, account active, the trial
 * and payment banners resolved, a SUBSCRIPTION entry. During the free trial nothing is charged (the
 * trial's end starts the first period); a lower plan waits for the renewal (see planChange).
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
    const change = planChange(row, plan, new Date());
    if (change.kind === 'trial' || change.kind === 'pending' || change.chargeCents === 0) {
      return { profile, change, payment: null };
    }
    const payment = await recordPendingPayment(tx, {
      accountId: principal.accountId,
      amountCents: change.chargeCents,
      taxCents: taxOf(change.chargeCents, plan.taxPercent),
      periodType: plan.periodType,
      periodStart: change.periodStart,
      periodEnd: change.periodEnd,
      kind: change.kind,
      concurrentUserCount: plan.concurrentUserCount,
      idempotencyKey: `${change.kind}:${principal.accountId}:${crypto.randomUUID()}`,
    });
    return { profile, change, payment };
  });

  const { payment, change, profile } = prepared;
  const outcome = payment ? await chargePayment(gateway, profile, payment) : null;
  if (payment && outcome && !outcome.ok) {
    await tenant((tx) => markPaymentFailed(tx, payment.id, outcome.message));
    throw badRequest(outcome.message);
  }
  return tenant(async (tx) => {
    const before = await accountForUpdate(tx, principal.accountId);
    if (payment && outcome?.ok) await markPaymentPaid(tx, payment.id, outcome.chargeId);
    const [row] = await tx
      .update(accounts)
      .set({ ...appliedPlan(plan, change), updatedAt: sql`now()` })
      .where(eq(accounts.id, principal.accountId))
      .returning();
    if (!row) throw notFound('Company');
    if (change.kind !== 'pending') await resolveSubscriptionBanners(tx, principal.accountId);
    await writeAudit(tx, principal, {
      objectType: 'SUBSCRIPTION',
      transactionType: before.subscriptionType === 'paid' ? 'UPDATE' : 'CREATE',
      objectName: row.companyName,
      objectId: row.id,
      objectData: {
        ...auditData(row, plan, payment ? payment.amountCents + payment.taxCents : 0),
        ...(change.kind === 'pending' ? { effectiveDate: change.effectiveDate.toISOString() } : {}),
        ...(change.kind === 'trial' ? { firstChargeDate: change.firstChargeDate.toISOString() } : {}),
      },
    });
    return subscriptionOf(row);
  });
}

/** The audit entry of the plan in force on the account row, with what the action adds. */
const auditInForce = (tx: Tx, principal: Principal, row: AccountRow, transactionType: string, extra: object) =>
  writeAudit(tx, principal, {
    objectType: 'SUBSCRIPTION',
    transactionType,
    objectName: row.companyName,
    objectId: row.id,
    objectData: {
      periodType: row.periodType,
      concurrentUserCount: row.concurrentUserCount,
      amount: formatMoney(row.amountCents),
      amountCents: row.amountCents,
      cardLast4: row.cardLast4,
      ...extra,
    },
  });

/** DELETE /subscriptions2/pendingChange: the lower plan waiting for the renewal is dropped. */
export async function cancelPendingChange(tx: Tx, principal: Principal): Promise<Subscription> {
  const row = await accountForUpdate(tx, principal.accountId);
  if (row.pendingAmountCents === null) throw badRequest(SUBSCRIPTION_MESSAGES.noPendingChange);
  const [updated] = await tx
    .update(accounts)
    .set({ ...noPendingChange, updatedAt: sql`now()` })
    .where(eq(accounts.id, principal.accountId))
    .returning();
  if (!updated) throw notFound('Company');
  await auditInForce(tx, principal, updated, 'UPDATE', {
    cancelledChange: {
      periodType: row.pendingPeriodType,
      concurrentUserCount: row.pendingConcurrentUserCount,
      amountCents: row.pendingAmountCents,
    },
  });
  return subscriptionOf(updated);
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
    .set({ ...noPendingChange, cancelled: true, nextChargeDate: null, updatedAt: sql`now()` })
    .where(eq(accounts.id, principal.accountId))
    .returning();
  if (!updated) throw notFound('Company');
  await auditInForce(tx, principal, updated, 'CANCEL', {
    validUntil: updated.subscriptionValidDate?.toISOString() ?? null,
  });
  return subscriptionOf(updated);
}
