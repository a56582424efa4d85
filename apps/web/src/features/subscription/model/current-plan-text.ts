import { formatDate, formatMoney } from '@blotter/shared/presentation';
import { SUBSCRIPTION_MESSAGES, type Subscription, taxOf } from '@blotter/shared/schemas/subscription';

/** What Current Plan says about the subscription: a heading, a status line and its details. */
export interface CurrentPlanText {
  heading: string;
  status: string;
  severity: 'info' | 'warning' | 'success' | 'error';
  details: string[];
  /** A lower plan waiting for the renewal: 'Changes to N users on <date>', which may be cancelled. */
  pendingChange: string | null;
}

/** The pending lower plan as Current Plan says it (the period too when that changes). */
export function pendingChangeText(s: Subscription, dateFormat: number): string | null {
  const change = s.pendingChange;
  if (!change) return null;
  const period = change.periodType === s.periodType ? '' : ` (${change.periodType === 'YEAR' ? 'yearly' : 'monthly'})`;
  return `Changes to ${change.concurrentUserCount} users${period} on ${formatDate(change.effectiveDate, dateFormat)}`;
}

const periodWord = (periodType: Subscription['periodType']) => (periodType === 'YEAR' ? 'Yearly' : 'Monthly');

function trialText(s: Subscription, dateFormat: number, now: Date): CurrentPlanText {
  const ends = s.trialExpirationDate ? new Date(s.trialExpirationDate) : undefined;
  const expired = !ends || ends.getTime() <= now.getTime();
  const date = formatDate(s.trialExpirationDate, dateFormat);
  return {
    heading: '30-day free trial',
    status: expired ? `Your free trial expired${date ? ` on ${date}` : ''}.` : `Your free trial expires on ${date}.`,
    severity: expired ? 'error' : 'info',
    details: [`${s.concurrentUserCount} concurrent users`, 'Choose a plan with Change to keep using Blotter.'],
    pendingChange: null,
  };
}

function paidText(s: Subscription, dateFormat: number, now: Date): CurrentPlanText {
  const tax = taxOf(s.amount, s.taxPercent);
  const per = s.periodType === 'YEAR' ? 'year' : 'month';
  const details = [
    `${s.concurrentUserCount} concurrent users`,
    `${formatMoney(s.amount)} per ${per} + tax ${s.taxPercent}% (${formatMoney(tax)}) = ${formatMoney(s.amount + tax)}`,
  ];
  if (s.cardLast4) details.push(`Card ending in ${s.cardLast4}`);
  const heading = `${periodWord(s.periodType)} plan`;
  const pendingChange = pendingChangeText(s, dateFormat);
  const valid = formatDate(s.subscriptionValidDate, dateFormat);
  if (s.cancelled) {
    return {
      heading,
      status: `Cancelled: the subscription is valid until ${valid}.`,
      severity: 'warning',
      details,
      pendingChange,
    };
  }
  if (s.paymentError) {
    if (s.nextChargeDate) details.push(`Next charge on ${formatDate(s.nextChargeDate, dateFormat)}`);
    return {
      heading,
      status: `The payment of ${formatDate(s.paymentError, dateFormat)} failed. Please update the payment method.`,
      severity: 'error',
      details,
      pendingChange,
    };
  }
  if (s.firstChargeDate && new Date(s.firstChargeDate).getTime() > now.getTime()) {
    // Chosen during the free trial: the trial runs on, and its end starts (and charges) the first period.
    const first = formatDate(s.firstChargeDate, dateFormat);
    return {
      heading,
      status: `Free trial until ${first}: the first charge is on ${first}, when the paid period starts.`,
      severity: 'info',
      details,
      pendingChange,
    };
  }
  if (s.nextChargeDate) details.push(`Next charge on ${formatDate(s.nextChargeDate, dateFormat)}`);
  return { heading, status: 'Active', severity: 'success', details, pendingChange };
}

/** Current Plan's text for a trial (expired or expiring), a manual or a paid (active or cancelled) plan. */
export function currentPlanText(s: Subscription, dateFormat: number, now = new Date()): CurrentPlanText {
  if (s.subscriptionType === 'trial' || s.trial) return trialText(s, dateFormat, now);
  if (s.subscriptionType === 'manual') {
    return {
      heading: 'Manual subscription',
      status: `${s.concurrentUserCount} concurrent users available.`,
      severity: 'info',
      details: [SUBSCRIPTION_MESSAGES.manual],
      pendingChange: null,
    };
  }
  return paidText(s, dateFormat, now);
}
