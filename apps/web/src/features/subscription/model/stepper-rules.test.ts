import { describe, expect, it } from 'vitest';
import {
  cancelEnabled,
  cancelSubscriptionEnabled,
  forwardEnabled,
  forwardLabel,
  initialChoice,
  planChanged,
  prevEnabled,
  STEP,
  type StepperState,
} from './stepper-rules';

const paid: StepperState['subscription'] = {
  subscriptionType: 'paid',
  trial: false,
  cancelled: false,
  periodType: 'YEAR',
  concurrentUserCount: 25,
};
const trial: StepperState['subscription'] = {
  subscriptionType: 'trial',
  trial: true,
  cancelled: false,
  periodType: null,
  concurrentUserCount: 5,
};
const state = (patch: Partial<StepperState> = {}): StepperState => ({
  step: STEP.currentPlan,
  subscription: paid,
  cardNumber: '4242',
  choice: { periodType: 'YEAR', concurrentUserCount: 25 },
  busy: false,
  ...patch,
});

describe('subscription stepper rules (spec 3 §4)', () => {
  it('labels the forward button Change, Next, Next, Save', () => {
    expect([0, 1, 2, 3].map((step) => forwardLabel(step as StepperState['step']))).toEqual([
      'Change',
      'Next',
      'Next',
      'Save',
    ]);
  });

  it('disables Next on Payment Method while no card is stored', () => {
    expect(forwardEnabled(state({ step: STEP.paymentMethod, cardNumber: null }))).toBe(false);
    expect(forwardEnabled(state({ step: STEP.paymentMethod, cardNumber: '4242' }))).toBe(true);
  });

  it('disables Next on Select Plan when the users and the period are unchanged, except for a trial', () => {
    const same = state({ step: STEP.selectPlan });
    expect(forwardEnabled(same)).toBe(false);
    expect(forwardEnabled({ ...same, choice: { periodType: 'MONTH', concurrentUserCount: 25 } })).toBe(true);
    expect(forwardEnabled({ ...same, choice: { periodType: 'YEAR', concurrentUserCount: 35 } })).toBe(true);
    const trialSame = state({ step: STEP.selectPlan, subscription: trial, choice: initialChoice(trial) });
    expect(forwardEnabled(trialSame)).toBe(true);
  });

  it('lets a cancelled subscription take its own plan again', () => {
    expect(planChanged({ subscription: { ...paid, cancelled: true }, choice: initialChoice(paid) })).toBe(true);
  });

  it('disables Cancel subscription for a trial, a cancelled or manual plan and past Current Plan', () => {
    expect(cancelSubscriptionEnabled(state())).toBe(true);
    expect(cancelSubscriptionEnabled(state({ subscription: trial }))).toBe(false);
    expect(cancelSubscriptionEnabled(state({ subscription: { ...paid, cancelled: true } }))).toBe(false);
    expect(cancelSubscriptionEnabled(state({ subscription: { ...paid, subscriptionType: 'manual' } }))).toBe(false);
    for (const step of [STEP.paymentMethod, STEP.selectPlan, STEP.billingInformation]) {
      expect(cancelSubscriptionEnabled(state({ step }))).toBe(false);
    }
  });

  it('offers no Change for a manual subscription (changes go through support)', () => {
    expect(forwardEnabled(state({ subscription: { ...paid, subscriptionType: 'manual' } }))).toBe(false);
    expect(forwardEnabled(state({ subscription: trial }))).toBe(true);
  });

  it('enables Prev and Cancel only after Current Plan, and nothing while a save runs', () => {
    expect(prevEnabled(state())).toBe(false);
    expect(cancelEnabled(state())).toBe(false);
    expect(prevEnabled(state({ step: STEP.selectPlan }))).toBe(true);
    expect(cancelEnabled(state({ step: STEP.billingInformation }))).toBe(true);
    const busy = state({ step: STEP.billingInformation, busy: true });
    expect([prevEnabled(busy), cancelEnabled(busy), forwardEnabled(busy)]).toEqual([false, false, false]);
    expect(cancelSubscriptionEnabled(state({ busy: true }))).toBe(false);
  });

  it('starts Select Plan from the current plan, monthly for a trial', () => {
    expect(initialChoice(paid)).toEqual({ periodType: 'YEAR', concurrentUserCount: 25 });
    expect(initialChoice(trial)).toEqual({ periodType: 'MONTH', concurrentUserCount: 5 });
  });
});
