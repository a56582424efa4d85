import { DATE_FORMAT, DEBOUNCE } from '@blotter/shared/constants';
import type { BillingInformationAnswer } from '@blotter/shared/schemas/subscription';
import { SUBSCRIPTION_MESSAGES } from '@blotter/shared/schemas/subscription';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { FormProvider } from 'react-hook-form';
import { useInitData } from '../../../lib/api/get-init-data';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedAction } from '../../../lib/use-debounced-action';
import { useBillingInformation } from '../api/get-billing-information';
import { useSaveBillingInformation } from '../api/save-billing-information';
import { BillingInformationFields, billingDefaults, useBillingForm } from './billing-fields';
import { ReceiptsList } from './receipts-list';

function BillingInformationForm({ account }: { account: BillingInformationAnswer | undefined }) {
  const init = useInitData();
  const form = useBillingForm(account);
  const save = useSaveBillingInformation();
  const send = useDebouncedAction(
    (values: Parameters<typeof save.mutate>[0]) =>
      save.mutate(values, {
        onSuccess: () => {
          form.reset(values);
          toastSuccess(SUBSCRIPTION_MESSAGES.billingUpdated);
        },
      }),
    DEBOUNCE.subscriptionSaveMs,
  );
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        aria-label="Billing information"
        noValidate
        onSubmit={form.handleSubmit(send)}
        sx={{ display: 'grid', gap: 2 }}
      >
        <BillingInformationFields countries={init.data?.countries ?? []} />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </Box>
      </Box>
    </FormProvider>
  );
}

/**
 * The Billing information card of /administration (spec 3 §2): the company's billing details
 * alone, saved with PUT /accounts/billingInformation, and the receipts of past charges. The card is
 * hidden during a trial.
 */
export default function BillingInformationCard() {
  const billing = useBillingInformation();
  const init = useInitData();
  if (!billing.data) return <CircularProgress aria-label="Loading the billing information" />;
  return (
    <Box sx={{ display: 'grid', gap: 4 }}>
      {/* Keyed by the stored values: a save elsewhere (the stepper) starts the form again from them. */}
      <BillingInformationForm key={JSON.stringify(billingDefaults(billing.data))} account={billing.data} />
      <ReceiptsList dateFormat={init.data?.companySettings.dateFormat ?? DATE_FORMAT.DMY} />
    </Box>
  );
}
