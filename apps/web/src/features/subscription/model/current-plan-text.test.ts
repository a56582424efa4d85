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
});
