import { DATE_FORMAT } from '@blotter/shared/constants';
import CircularProgress from '@mui/material/CircularProgress';
import { useInitData } from '../../../lib/api/get-init-data';
import { useBillingInformation } from '../api/get-billing-information';
import { usePaymentMethod } from '../api/get-payment-method';
import { useSubscription } from '../api/get-subscription';
import { SubscriptionStepper } from './subscription-stepper';

/** The Subscription card of /administration (spec 3 §2, SUBSCRIPTION_EDIT). */
export default function SubscriptionCard() {
  const subscription = useSubscription();
  const paymentMethod = usePaymentMethod();
  const billing = useBillingInformation();
  const init = useInitData();
  if (!subscription.data || !paymentMethod.data || !billing.data) {
    return subscription.isError || paymentMethod.isError ? null : (
      <CircularProgress aria-label="Loading the subscription" />
    );
  }
  return (
    <SubscriptionStepper
      subscription={subscription.data}
      cardNumber={paymentMethod.data.cardNumber}
      account={billing.data}
      countries={init.data?.countries ?? []}
      dateFormat={init.data?.companySettings.dateFormat ?? DATE_FORMAT.DMY}
    />
  );
}
