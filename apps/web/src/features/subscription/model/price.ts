import { formatMoney } from '@blotter/shared/presentation';
import { type PeriodType, type Plans, planOf, planPrice, taxOf } from '@blotter/shared/schemas/subscription';

/** A plan's price as Select Plan shows it, in cents and in US dollars. */
export interface PriceDisplay {
  amountCents: number;
  taxCents: number;
  totalCents: number;
  amount: string;
  tax: string;
  total: string;
  /** 'month' or 'year'. */
  per: string;
  taxRate: number;
}

/** The price of the chosen plan (spec 3 §9), its tax at the plans' rate and the total per period. */
export function priceDisplay(plans: Plans, periodType: PeriodType, users: number): PriceDisplay {
  const amountCents = planPrice(planOf(plans, periodType), users);
  const taxCents = taxOf(amountCents, plans.taxRate);
  const totalCents = amountCents + taxCents;
  return {
    amountCents,
    taxCents,
    totalCents,
    amount: formatMoney(amountCents),
    tax: formatMoney(taxCents),
    total: formatMoney(totalCents),
    per: periodType === 'YEAR' ? 'year' : 'month',
    taxRate: plans.taxRate,
  };
}
