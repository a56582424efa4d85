import type { PeriodType } from '@blotter/shared';
import type { accounts } from '../../db/schema/index';
import { addPeriod, type PricedPlan } from './plans';

type AccountRow = typeof accounts.$inferSelect;

/**
 * What choosing a plan does now:
 * - 'charge': the plan applies now and `chargeCents` (before tax, maybe 0) is charged for
 *   periodStart–periodEnd; 'subscribe' when no paid period runs, 'change' when one is replaced;
 * - 'trial': chosen during the free trial, the plan applies now and nothing is charged: its first
 *   period starts at the trial's end (firstChargeDate), when the renewal job charges it;
 * - 'pending': a lower plan, kept for the next renewal (effectiveDate); nothing changes now.
 */
export type PlanChange =
  | { kind: 'subscribe' | 'change'; chargeCents: number; periodStart: Date; periodEnd: Date }
  | { kind: 'trial'; firstChargeDate: Date }
  | { kind: 'pending'; effectiveDate: Date };

/** The running free trial's end, or the trial end a plan chosen in it waits for; else null. */
export function trialEnd(row: AccountRow, now: Date): Date | null {
  if (row.firstChargeDate && row.firstChargeDate > now) return row.firstChargeDate;
  const inTrial = row.subscriptionType === 'trial' && row.trial && row.active;
  return inTrial && row.trialExpiryDate && row.trialExpiryDate > now ? row.trialExpiryDate : null;
}

/** A paid period still running (possibly cancelled): what is left of it is already paid. */
export function runningPaidPeriod(row: AccountRow, now: Date) {
  if (row.subscriptionType !== 'paid' || row.firstChargeDate || !row.periodType) return null;
  if (!row.subscriptionValidDate || row.subscriptionValidDate <= now) return null;
  return { periodType: row.periodType as PeriodType, validUntil: row.subscriptionValidDate };
}

/**
 * Prices a choice against what was already paid for the running period (`amountCents`, the price
 * of the plan in force, which a pending lower plan does not change), so the same seats and days are
 * never charged twice. The same period type keeps its dates: a higher price pays the prorated
 * difference for the unused part, a lower one waits for the renewal (the terms allow no refunds).
 * Another period type starts a new period now and pays its price less the unused part's credit;
 * when the credit covers it, the change waits for the renewal instead of losing the credit.
 */
export function planChange(row: AccountRow, plan: PricedPlan, now: Date): PlanChange {
  const firstCharge = trialEnd(row, now);
  if (firstCharge) return { kind: 'trial', firstChargeDate: firstCharge };
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
    if (plan.amountCents < row.amountCents) return { kind: 'pending', effectiveDate: running.validUntil };
    return {
      kind: 'change',
      chargeCents: Math.round((plan.amountCents - row.amountCents) * unused),
      periodStart: now,
      periodEnd: running.validUntil,
    };
  }
  const chargeCents = plan.amountCents - Math.round(row.amountCents * unused);
  if (chargeCents <= 0) return { kind: 'pending', effectiveDate: running.validUntil };
  return { kind: 'change', chargeCents, periodStart: now, periodEnd: addPeriod(now, plan.periodType) };
}
