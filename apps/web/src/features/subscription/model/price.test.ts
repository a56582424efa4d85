import type { Plans } from '@blotter/shared/schemas/subscription';
import { describe, expect, it } from 'vitest';
import { priceDisplay } from './price';

const plans: Plans = {
  monthly: { defaultAmount: 4900, additionalAmount: 2500 },
  yearly: { defaultAmount: 49000, additionalAmount: 25000 },
  taxRate: 5,
  promotionCode: null,
  promotionValid: false,
};

describe('Select Plan price (spec 3 §9)', () => {
  it('is the default amount at 5 users, in US dollars', () => {
    expect(priceDisplay(plans, 'MONTH', 5)).toMatchObject({
      amountCents: 4900,
      amount: '$49.00',
      taxCents: 245,
      tax: '$2.45',
      total: '$51.45',
      per: 'month',
    });
  });

  it('adds one additional amount per started 10 users above 5', () => {
    expect(priceDisplay(plans, 'MONTH', 15).amountCents).toBe(4900 + 2500);
    expect(priceDisplay(plans, 'YEAR', 25)).toMatchObject({ amountCents: 99000, amount: '$990.00', per: 'year' });
    expect(priceDisplay(plans, 'YEAR', 205)).toMatchObject({ amountCents: 49000 + 25000 * 20, amount: '$5,490.00' });
  });

  it('rounds the tax to the cent and shows thousands separators', () => {
    const odd = { ...plans, taxRate: 13, monthly: { defaultAmount: 999, additionalAmount: 0 } };
    expect(priceDisplay(odd, 'MONTH', 5)).toMatchObject({ taxCents: 130, tax: '$1.30', total: '$11.29' });
  });
});
