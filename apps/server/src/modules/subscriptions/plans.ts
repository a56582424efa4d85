import {
  type PeriodType,
  type Plan,
  type Plans,
  planOf,
  planPrice,
  SUBSCRIPTION_MESSAGES,
  taxOf,
} from '@blotter/shared';
import { tz } from '@date-fns/tz';
// Its own module, not the package's index (which loads every date-fns function, see analysis-buckets.ts).
import { addMonths } from 'date-fns/addMonths';
import type { PaymentsConfig } from '../../config';
import { badRequest } from '../../plugins/errors';

type PlanConfig = Pick<PaymentsConfig, 'plans' | 'taxPercent' | 'promotionCodes'>;

const discounted = (plan: Plan, percent: number): Plan => ({
  defaultAmount: Math.round((plan.defaultAmount * (100 - percent)) / 100),
  additionalAmount: Math.round((plan.additionalAmount * (100 - percent)) / 100),
});

/**
 * The plans offered (GET /subscriptions2/plans): the configured amounts, lowered by a known
 * promotion code's percent; an unknown code answers the normal plans with promotionValid false.
 */
export function plansFor(config: PlanConfig, promotionCode: string | null | undefined): Plans {
  const code = promotionCode?.trim().toUpperCase() || null;
  const percent = code ? config.promotionCodes[code] : undefined;
  const { monthly, yearly } = config.plans;
  return {
    monthly: percent ? discounted(monthly, percent) : monthly,
    yearly: percent ? discounted(yearly, percent) : yearly,
    taxRate: config.taxPercent,
    promotionCode: code,
    promotionValid: percent !== undefined,
  };
}

export interface PricedPlan {
  periodType: PeriodType;
  concurrentUserCount: number;
  /** Price per period before tax, in cents. */
  amountCents: number;
  taxPercent: number;
  promotionCode: string | null;
}

/** The price of a chosen plan; an unknown promotion code is refused when a plan is bought. */
export function pricePlan(
  config: PlanConfig,
  choice: { periodType: PeriodType; concurrentUserCount: number; promotionCode?: string | null },
): PricedPlan {
  const plans = plansFor(config, choice.promotionCode);
  if (plans.promotionCode && !plans.promotionValid) throw badRequest(SUBSCRIPTION_MESSAGES.promotionInvalid);
  return {
    periodType: choice.periodType,
    concurrentUserCount: choice.concurrentUserCount,
    amountCents: planPrice(planOf(plans, choice.periodType), choice.concurrentUserCount),
    taxPercent: plans.taxRate,
    promotionCode: plans.promotionCode,
  };
}

export { taxOf };

/**
 * One period later, the day clamped to the month's last (31 January + 1 month = 28/29 February,
 * 29 February + 1 year = 28 February), on the UTC calendar: the time of day stays, whatever the
 * server's zone and its summer time.
 */
export function addPeriod(from: Date, periodType: PeriodType, count = 1): Date {
  const months = periodType === 'YEAR' ? 12 * count : count;
  return new Date(addMonths(from, months, { in: tz('UTC') }).getTime());
}
