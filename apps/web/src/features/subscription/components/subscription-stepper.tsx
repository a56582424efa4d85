import { DEBOUNCE } from '@blotter/shared/constants';
import type { Country } from '@blotter/shared/schemas/geo';
import type { BillingInformationAnswer } from '@blotter/shared/schemas/subscription';
import {
  type BillingInformation,
  SUBSCRIPTION_MESSAGES,
  type Subscription,
} from '@blotter/shared/schemas/subscription';
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedAction } from '../../../lib/use-debounced-action';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useCancelSubscription } from '../api/cancel-subscription';
import { usePlans } from '../api/get-plans';
import { useSaveSubscription } from '../api/save-subscription';
import { initialChoice, type PlanChoice, STEP, type StepIndex, SUBSCRIPTION_STEPS } from '../model/stepper-rules';
import { BillingInformationFields, useBillingForm } from './billing-fields';
import { CurrentPlan } from './current-plan';
import { LogoutRequiredDialog } from './logout-required-dialog';
import { PaymentMethodStep } from './payment-method-step';
import { SelectPlanStep } from './select-plan-step';
import { StepperButtons } from './stepper-buttons';

interface SubscriptionStepperProps {
  subscription: Subscription;
  cardNumber: string | null;
  account: BillingInformationAnswer | undefined;
  countries: readonly Country[];
  dateFormat: number;
}

/** The subscription stepper (spec 3 §2, §4): Current Plan → Payment Method → Select Plan → Billing Information. */
export function SubscriptionStepper({
  subscription,
  cardNumber,
  account,
  countries,
  dateFormat,
}: SubscriptionStepperProps) {
  const [step, setStep] = useState<StepIndex>(STEP.currentPlan);
  const [choice, setChoice] = useState<PlanChoice>(() => initialChoice(subscription));
  const [promotionCode, setPromotionCode] = useState('');
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [logoutRequired, setLogoutRequired] = useState(false);
  const code = useDebouncedValue(promotionCode.trim(), 300);
  const plans = usePlans(code);
  const billingForm = useBillingForm(account);
  const save = useSaveSubscription();
  const cancel = useCancelSubscription();

  const backToCurrentPlan = (from: Subscription) => {
    setStep(STEP.currentPlan);
    setChoice(initialChoice(from));
    setPromotionCode('');
  };
  const sendSave = useDebouncedAction((billing: BillingInformation) => {
    const valid = plans.data?.promotionValid && plans.data.promotionCode ? plans.data.promotionCode : undefined;
    save.mutate(
      { billing, plan: { ...choice, promotionCode: valid } },
      {
        onSuccess: (saved) => {
          backToCurrentPlan(saved);
          toastSuccess(SUBSCRIPTION_MESSAGES.updated);
          setLogoutRequired(true);
        },
      },
    );
  }, DEBOUNCE.subscriptionSaveMs);
  const sendCancel = useDebouncedAction(() => {
    cancel.mutate(undefined, {
      onSuccess: () => {
        setConfirmCancel(false);
        toastSuccess(SUBSCRIPTION_MESSAGES.cancelled);
      },
    });
  }, DEBOUNCE.subscriptionSaveMs);

  const state = { step, subscription, cardNumber, choice, busy: save.isPending || cancel.isPending };
  const forward = () => {
    if (step === STEP.billingInformation) {
      void billingForm.handleSubmit(sendSave)();
      return;
    }
    setStep((step + 1) as StepIndex);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Stepper activeStep={step} alternativeLabel>
        {SUBSCRIPTION_STEPS.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {step === STEP.currentPlan && <CurrentPlan subscription={subscription} dateFormat={dateFormat} />}
      {step === STEP.paymentMethod && (
        <PaymentMethodStep cardNumber={cardNumber} defaultEmail={billingForm.getValues('billingEmail') ?? ''} />
      )}
      {step === STEP.selectPlan && (
        <SelectPlanStep
          choice={choice}
          onChoice={setChoice}
          promotionCode={promotionCode}
          onPromotionCode={setPromotionCode}
          plans={plans.data}
        />
      )}
      {step === STEP.billingInformation && (
        <FormProvider {...billingForm}>
          <Box
            component="form"
            aria-label="Billing information"
            noValidate
            onSubmit={(event) => event.preventDefault()}
          >
            <BillingInformationFields countries={countries} />
          </Box>
        </FormProvider>
      )}
      <StepperButtons
        state={state}
        onPrev={() => setStep((step - 1) as StepIndex)}
        onForward={forward}
        onCancel={() => backToCurrentPlan(subscription)}
        onCancelSubscription={() => setConfirmCancel(true)}
      />
      <ConfirmDialog
        open={confirmCancel}
        title="Cancel subscription"
        message={`Are you sure you want to cancel the subscription? The service continues until the end of the period you have paid for.`}
        confirmLabel="Cancel subscription"
        cancelLabel="Keep subscription"
        destructive
        busy={cancel.isPending}
        onConfirm={sendCancel}
        onCancel={() => setConfirmCancel(false)}
      />
      <LogoutRequiredDialog open={logoutRequired} />
    </Box>
  );
}
