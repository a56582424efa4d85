import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTheme } from '@mui/material/styles';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import type { CardFieldProps } from './card-field-props';

/** Stripe.js is loaded once, and only when this field is first shown. */
const stripes = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string) {
  let stripe = stripes.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey);
    stripes.set(publishableKey, stripe);
  }
  return stripe;
}

function StripeCardForm({ busy, onToken }: CardFieldProps) {
  const stripe = useStripe();
  const elements = useElements();
  const theme = useTheme();
  const tokenise = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    const { token, error } = await stripe.createToken(card);
    onToken(token?.id ?? null, error?.message);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
      <Box role="group" aria-label="Card details" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}>
        <CardElement
          options={{ hidePostalCode: false, style: { base: { fontSize: '16px', color: theme.palette.text.primary } } }}
        />
      </Box>
      <Box>
        <Button variant="outlined" disabled={busy || !stripe} onClick={() => void tokenise()}>
          Save card
        </Button>
      </Box>
    </Box>
  );
}

/** Stripe Elements: the card is entered in Stripe's own field and tokenised by Stripe.js. */
export default function StripeCardField({ publishableKey, ...props }: CardFieldProps & { publishableKey: string }) {
  return (
    <Elements stripe={stripeFor(publishableKey)}>
      <StripeCardForm {...props} />
    </Elements>
  );
}
