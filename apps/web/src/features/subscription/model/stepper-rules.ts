import type { PeriodType, Subscription } from '@blotter/shared/schemas/subscription';

/** The subscription stepper's steps in order (spec 3 §2, §4). */
export const SUBSCRIPTION_STEPS = ['Current Plan', 'Payment Method', 'Select Plan', 'Billing Information'] as const;
export const STEP = { currentPlan: 0, paymentMethod: 1, selectPlan: 2, billingInformation: 3 } as const;
export type StepIndex = (typeof STEP)[keyof typeof STEP];

/** The plan chosen on Select Plan. */
export interface PlanChoice {
  periodType: PeriodType;
  concurrentUserCount: number;
}

/** What the buttons' enablement depends on. */
export interface StepperState {
  step: StepIndex;
  subscription: Pick<Subscription, 'subscriptionType' | 'trial' | 'cancelled' | 'periodType' | 'concurrentUserCount'>;
  /** The stored card's last 4 digits, null when no card is stored. */
  cardNumber: string | null;
  choice: PlanChoice;
  /** A save or a cancel is on its way. */
  busy: boolean;
}

const isTrial = (s: StepperState['subscription']) => s.trial || s.subscriptionType === 'trial';

/**
 * Next on Select Plan is disabled when nothing changed: the same users and period and not a trial
 * (spec 3 §4). A cancelled subscription may take its own plan again (that is a change: it renews).
 */
export function planChanged(state: Pick<StepperState, 'subscription' | 'choice'>): boolean {
  const { subscription, choice } = state;
  if (isTrial(subscription) || subscription.cancelled) return true;
  return (
    subscription.periodType !== choice.periodType || subscription.concurrentUserCount !== choice.concurrentUserCount
  );
}

/** The label of the forward button: Change on Current Plan, Save on the last step, Next between. */
export function forwardLabel(step: StepIndex): 'Change' | 'Next' | 'Save' {
  if (step === STEP.currentPlan) return 'Change';
  return step === STEP.billingInformation ? 'Save' : 'Next';
}

/**
 * Whether Next/Change/Save is enabled: a manual subscription changes through support only; Next on
 * Payment Method needs a stored card; Next on Select Plan needs a change (spec 3 §4).
 */
export function forwardEnabled(state: StepperState): boolean {
  if (state.busy) return false;
  switch (state.step) {
    case STEP.currentPlan:
      return state.subscription.subscriptionType !== 'manual';
    case STEP.paymentMethod:
      return state.cardNumber !== null;
    case STEP.selectPlan:
      return planChanged(state);
    default:
      return true;
  }
}

/** Prev goes back one step; there is nothing before Current Plan. */
export const prevEnabled = (state: StepperState) => !state.busy && state.step > STEP.currentPlan;

/** Cancel returns to Current Plan from any later step. */
export const cancelEnabled = (state: StepperState) => !state.busy && state.step > STEP.currentPlan;

/**
 * Cancel subscription is disabled for a trial, an already cancelled subscription and at any step
 * but Current Plan (spec 3 §4); a manual subscription is cancelled through support like any change.
 */
export function cancelSubscriptionEnabled(state: StepperState): boolean {
  const { subscription } = state;
  return (
    !state.busy &&
    state.step === STEP.currentPlan &&
    !isTrial(subscription) &&
    !subscription.cancelled &&
    subscription.subscriptionType !== 'manual'
  );
}

/** The plan Select Plan starts from: the current one, or the monthly plan for a trial. */
export function initialChoice(subscription: StepperState['subscription']): PlanChoice {
  return {
    periodType: subscription.periodType ?? 'MONTH',
    concurrentUserCount: subscription.concurrentUserCount,
  };
}
