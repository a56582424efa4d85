import { formatDate, formatMoney } from '@blotter/shared/presentation';
import { SUBSCRIPTION_MESSAGES, type Subscription, taxOf } from '@blotter/shared/schemas/subscription';

/** What Current Plan says about the subscription: a heading, a status line and its details. */
export interface CurrentPlanText {
  heading: string;
  status: string;
  severity: 'info' | 'warning' | 'success' | 'error';
  details: string[];
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
  };
}

function paidText(s: Subscription, dateFormat: number): CurrentPlanText {
  const tax = taxOf(s.amount, s.taxPercent);
  const per = s.periodType === 'YEAR' ? 'year' : 'month';
  const details = [
    `${s.concurrentUserCount} concurrent users`,
    `${formatMoney(s.amount)} per ${per} + tax ${s.taxPercent}% (${formatMoney(tax)}) = ${formatMoney(s.amount + tax)}`,
  ];
  if (s.cardLast4) details.push(`Card ending in ${s.cardLast4}`);
  const valid = formatDate(s.subscriptionValidDate, dateFormat);
  if (s.cancelled) {
    return {
      heading: `${periodWord(s.periodType)} plan`,
      status: `Cancelled: the subscription is valid until ${valid}.`,
      severity: 'warning',
      details,
    };
  }
  if (s.nextChargeDate) details.push(`Next charge on ${formatDate(s.nextChargeDate, dateFormat)}`);
  if (s.paymentError) {
    return {
      heading: `${periodWord(s.periodType)} plan`,
      status: `The payment of ${formatDate(s.paymentError, dateFormat)} failed. Please update the payment method.`,
      severity: 'error',
      details,
    };
  }
  return { heading: `${periodWord(s.periodType)} plan`, status: 'Active', severity: 'success', details };
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
    };
  }
  return paidText(s, dateFormat);
}
