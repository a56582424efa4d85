import { SUBSCRIPTION_MESSAGES } from '@blotter/shared/schemas/subscription';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { z } from 'zod';
import { PageLoader } from '../../../components/page-loader';
import { errorMessage } from '../../../lib/api-error';
import { getClientConfig } from '../../../lib/config';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSavePaymentMethod } from '../api/save-payment-method';
import { OfflineCardField } from './offline-card-field';

const StripeCardField = lazy(() => import('./stripe-card-field'));
const emailSchema = z.email();

interface PaymentMethodStepProps {
  cardNumber: string | null;
  /** The billing email to start from. */
  defaultEmail: string;
}

/**
 * The Payment Method step (spec 3 §2, §8): the stored card's last 4 digits and the card provider's
 * own field; the card is tokenised in the browser and only the token is sent.
 */
export function PaymentMethodStep({ cardNumber, defaultEmail }: PaymentMethodStepProps) {
  const { payments } = getClientConfig();
  const [email, setEmail] = useState(defaultEmail);
  const [emailTouched, setEmailTouched] = useState(false);
  const [failure, setFailure] = useState<string | undefined>();
  const save = useSavePaymentMethod();
  const emailValid = emailSchema.safeParse(email.trim()).success;

  const fail = (reason: string | undefined) => {
    setFailure(reason);
    toastError(SUBSCRIPTION_MESSAGES.paymentMethodFailed);
  };
  const onToken = (token: string | null, reason?: string) => {
    setEmailTouched(true);
    if (!emailValid) return;
    if (!token) {
      fail(reason);
      return;
    }
    setFailure(undefined);
    save.mutate(
      { token, email: email.trim() },
      {
        onSuccess: () => toastSuccess(SUBSCRIPTION_MESSAGES.paymentMethodSaved),
        onError: (error) => fail(errorMessage(error)),
      },
    );
  };
  const fieldProps = { busy: save.isPending, onToken };

  return (
    <Box component="section" aria-label="Payment method" sx={{ display: 'grid', gap: 2 }}>
      <Typography>{cardNumber ? `Card on file: •••• ${cardNumber}` : 'No card on file.'}</Typography>
      <TextField
        label="Billing email"
        type="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setEmailTouched(true)}
        error={emailTouched && !emailValid}
        helperText={emailTouched && !emailValid ? SUBSCRIPTION_MESSAGES.cardEmail : ' '}
        sx={{ maxWidth: 420 }}
      />
      {payments.provider === 'stripe' && payments.stripePublishableKey ? (
        <Suspense fallback={<PageLoader />}>
          <StripeCardField publishableKey={payments.stripePublishableKey} {...fieldProps} />
        </Suspense>
      ) : (
        <OfflineCardField {...fieldProps} />
      )}
      {payments.testCardNumber && (
        <Typography variant="body2" color="text.secondary">
          Test card: {payments.testCardNumber}
          {payments.provider === 'stripe' ? ', any future expiry date and any CVC.' : ''}
        </Typography>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
    </Box>
  );
}
