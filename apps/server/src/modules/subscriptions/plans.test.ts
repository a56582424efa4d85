import { planPrice, subscriptionBody } from '@blotter/shared';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { addPeriod, plansFor, pricePlan } from './plans';

const config = loadConfig({ PROMOTION_CODES: 'launch20=20,HALF=50' }).payments;

describe('the price formula (spec 3 §9)', () => {
  it('is default + additional × ceil((users − 5) / 10), in cents, for both periods', () => {
    const { monthly, yearly } = plansFor(config, null);
    expect(monthly).toEqual({ defaultAmount: 4900, additionalAmount: 2500 });
    expect(yearly).toEqual({ defaultAmount: 49_000, additionalAmount: 25_000 });
    expect([5, 15, 25, 205].map((users) => planPrice(monthly, users))).toEqual([4900, 7400, 9900, 54_900]);
    expect([5, 15, 25, 205].map((users) => planPrice(yearly, users))).toEqual([49_000, 74_000, 99_000, 549_000]);
    expect(pricePlan(config, { periodType: 'YEAR', concurrentUserCount: 25 }).amountCents).toBe(99_000);
  });

  it('comes from the configuration', () => {
    const custom = loadConfig({ PLAN_MONTHLY_CENTS: '1000', PLAN_MONTHLY_ADDITIONAL_CENTS: '300', TAX_PERCENT: '13' });
    const plans = plansFor(custom.payments, undefined);
    expect(plans.monthly).toEqual({ defaultAmount: 1000, additionalAmount: 300 });
    expect(plans.taxRate).toBe(13);
    expect(() => loadConfig({ PROMOTION_CODES: 'BAD' })).toThrow(/PROMOTION_CODES/);
    expect(() => loadConfig({ PROMOTION_CODES: 'X=0' })).toThrow(/PROMOTION_CODES/);
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_PUBLISHABLE_KEY/);
  });
});

describe('promotion codes', () => {
  it('lower both amounts by their percent, whatever the case typed', () => {
    const plans = plansFor(config, 'Launch20');
    expect(plans).toMatchObject({ promotionCode: 'LAUNCH20', promotionValid: true });
    expect(plans.monthly).toEqual({ defaultAmount: 3920, additionalAmount: 2000 });
    expect(plans.yearly).toEqual({ defaultAmount: 39_200, additionalAmount: 20_000 });
    expect(pricePlan(config, { periodType: 'MONTH', concurrentUserCount: 15, promotionCode: 'HALF' }).amountCents).toBe(
      3700,
    );
  });

  it('answer the normal plans for an unknown code, and refuse it when a plan is bought', () => {
    expect(plansFor(config, 'nope')).toMatchObject({
      promotionCode: 'NOPE',
      promotionValid: false,
      monthly: { defaultAmount: 4900 },
    });
    expect(() => pricePlan(config, { periodType: 'MONTH', concurrentUserCount: 5, promotionCode: 'NOPE' })).toThrow(
      'The promotion code is not valid.',
    );
  });

  it('are upper-cased by the plan schema, and users are 5 to 205 in steps of 10', () => {
    expect(
      subscriptionBody.parse({ periodType: 'MONTH', concurrentUserCount: 15, promotionCode: ' launch20 ' }),
    ).toMatchObject({ promotionCode: 'LAUNCH20' });
    for (const users of [0, 4, 10, 215, 6.5]) {
      expect(
        subscriptionBody.safeParse({ periodType: 'MONTH', concurrentUserCount: users }).success,
        String(users),
      ).toBe(false);
    }
  });
});

describe('addPeriod', () => {
  it('adds months and years, clamping the day to the month', () => {
    expect(addPeriod(new Date('2024-01-31T10:00:00Z'), 'MONTH').toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addPeriod(new Date('2024-02-29T10:00:00Z'), 'YEAR').toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addPeriod(new Date('2024-03-15T00:00:00Z'), 'MONTH', -1).toISOString()).toBe('2024-02-15T00:00:00.000Z');
  });

  it('clamps in common years and back to a leap day, and keeps the UTC time over a summer-time change', () => {
    expect(addPeriod(new Date('2026-01-31T10:00:00Z'), 'MONTH').toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addPeriod(new Date('2024-03-31T10:00:00Z'), 'MONTH', -1).toISOString()).toBe('2024-02-29T10:00:00.000Z');
    expect(addPeriod(new Date('2024-02-29T10:00:00Z'), 'YEAR', 4).toISOString()).toBe('2028-02-29T10:00:00.000Z');
    expect(addPeriod(new Date('2025-12-31T23:30:00Z'), 'MONTH', 2).toISOString()).toBe('2026-02-28T23:30:00.000Z');
    const savedZone = process.env.TZ;
    process.env.TZ = 'America/Toronto';
    try {
      // Summer time starts in Toronto on 8 March 2026: a month is still to the same UTC minute.
      expect(addPeriod(new Date('2026-02-08T06:30:00Z'), 'MONTH').toISOString()).toBe('2026-03-08T06:30:00.000Z');
      expect(addPeriod(new Date('2026-03-31T04:30:00Z'), 'MONTH').toISOString()).toBe('2026-04-30T04:30:00.000Z');
      // 1 March 02:00 UTC is still 28 February in Toronto: the period follows the UTC calendar.
      expect(addPeriod(new Date('2026-03-01T02:00:00Z'), 'MONTH').toISOString()).toBe('2026-04-01T02:00:00.000Z');
    } finally {
      if (savedZone === undefined) delete process.env.TZ;
      else process.env.TZ = savedZone;
    }
  });
});
