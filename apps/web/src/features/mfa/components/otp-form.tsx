import { otpSchema } from '@blotter/shared/schemas/mfa';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';

const otpForm = z.object({ otp: otpSchema });
type OtpForm = z.infer<typeof otpForm>;

interface OtpFormProps {
  /** Verify code is enabled only once a code was sent (spec 3 §4). */
  codeSent: boolean;
  busy: boolean;
  /** The label of the send button: 'Send code' before the first code, 'Send new code' after. */
  sendLabel: string;
  onSend: () => void;
  /** Resolves when the code passed; a refused code rejects and the page stays. */
  onVerify: (otp: string) => Promise<unknown>;
  onCancel: () => void;
}

/** The Code field with Verify code, the send button and Cancel, for sign-in and enrolment alike. */
export function OtpForm({ codeSent, busy, sendLabel, onSend, onVerify, onCancel }: OtpFormProps) {
  const form = useForm<OtpForm>({ resolver: zodResolver(otpForm), mode: 'onTouched', defaultValues: { otp: '' } });
  const submit = form.handleSubmit(async ({ otp }) => {
    await onVerify(otp).catch(() => form.setValue('otp', ''));
  });
  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <FormTextField<OtpForm>
          name="otp"
          label="Code"
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={!codeSent || busy}>
          Verify code
        </Button>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between' }}>
          <Button onClick={onSend} disabled={busy}>
            {sendLabel}
          </Button>
          <Button onClick={onCancel} disabled={busy} color="inherit">
            Cancel
          </Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
}
