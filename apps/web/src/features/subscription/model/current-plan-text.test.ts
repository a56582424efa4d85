import { DATE_FORMAT } from '@blotter/shared/constants';
import { SUBSCRIPTION_MESSAGES, type Subscription } from '@blotter/shared/schemas/subscription';
import { describe, expect, it } from 'vitest';
import { currentPlanText } from './current-plan-text';

const base: Subscription = {
  subscriptionType: 'paid',
  source: 'STRIPE',
  periodType: 'YEAR',
  concurrentUserCount: 25,
  amount: 99000,
  taxPercent: 5,
  nextChargeDate: '2027-03-10T12:00:00.000Z',
  trialExpirationDate: null,
  subscriptionValidDate: '2027-03-10T12:00:00.000Z',
  cancelled: false,
  trial: false,
  cardLast4: '4242',
  paymentError: null,
  firstChargeDate: null,
  pendingChange: null,
};
const now = new Date('2026-06-01T12:00:00.000Z');
const US = DATE_FORMAT.MDY;

describe('Current Plan text (spec 3 §2)', () => {
  it('tells an expired trial from one expiring on a date', () => {
    const trial = { ...base, subscriptionType: 'trial', source: 'TRIAL', trial: true, periodType: null } as const;
    expect(currentPlanText({ ...trial, trialExpirationDate: '2026-05-20T12:00:00.000Z' }, US, now)).toMatchObject({
      heading: '30-day free trial',
      status: 'Your free trial expired on 05/20/2026.',
    });
    expect(currentPlanText({ ...trial, trialExpirationDate: '2026-06-20T12:00:00.000Z' }, US, now).status).toBe(
      'Your free trial expires on 06/20/2026.',
    );
  });

  it('shows a manual plan with its users and the way to change it', () => {
    const text = currentPlanText({ ...base, subscriptionType: 'manual', source: 'MANUAL' }, US, now);
    expect(text.status).toBe('25 concurrent users available.');
    expect(text.details).toEqual([SUBSCRIPTION_MESSAGES.manual]);
  });

  it('shows an active paid plan with its price, card and next charge', () => {
    const text = currentPlanText(base, DATE_FORMAT.DMY, now);
    expect(text).toMatchObject({ heading: 'Yearly plan', status: 'Active' });
    expect(text.details).toContain('$990.00 per year + tax 5% ($49.50) = $1,039.50');
    expect(text.details).toContain('Card ending in 4242');
    expect(text.details).toContain('Next charge on 10/03/2027');
  });

  it('shows a cancelled plan as valid until its date', () => {
    const text = currentPlanText({ ...base, cancelled: true }, US, now);
    expect(text.status).toBe('Cancelled: the subscription is valid until 03/10/2027.');
    expect(text.details.some((line) => line.startsWith('Next charge'))).toBe(false);
  });

  it('asks for a new card after a failed payment', () => {
    const text = currentPlanText({ ...base, paymentError: '2026-05-30T12:00:00.000Z' }, US, now);
    expect(text).toMatchObject({ severity: 'error' });
    expect(text.status).toContain('05/30/2026');
  });

  it('shows a lower plan waiting for the renewal, with the period when that changes too', () => {
    const pendingChange = {
      periodType: 'YEAR',
      concurrentUserCount: 5,
      amount: 49_000,
      taxPercent: 5,
      effectiveDate: '2027-03-10T12:00:00.000Z',
    } as const;
    const text = currentPlanText({ ...base, pendingChange }, US, now);
    expect(text).toMatchObject({ status: 'Active', pendingChange: 'Changes to 5 users on 03/10/2027' });
    expect(text.details).toContain('25 concurrent users');
    const monthly = currentPlanText({ ...base, pendingChange: { ...pendingChange, periodType: 'MONTH' } }, US, now);
    expect(monthly.pendingChange).toBe('Changes to 5 users (monthly) on 03/10/2027');
    expect(currentPlanText(base, US, now).pendingChange).toBeNull();
  });

  it('tells a plan chosen during the trial that its first charge is at the trial end', () => {
    const firstChargeDate = '2026-06-20T12:00:00.000Z';
    const text = currentPlanText({ ...base, firstChargeDate, nextChargeDate: firstChargeDate }, US, now);
    expect(text).toMatchObject({
      severity: 'info',
      status: 'Free trial until 06/20/2026: the first charge is on 06/20/2026, when the paid period starts.',
    });
    expect(text.details.some((line) => line.startsWith('Next charge'))).toBe(false);
    // Once that date has passed (the renewal charges it) the plan reads as any other.
    const later = new Date('2026-06-21T12:00:00.000Z');
    expect(currentPlanText({ ...base, firstChargeDate }, US, later).status).toBe('Active');
  });
});
