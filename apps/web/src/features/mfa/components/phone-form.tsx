import { mfaPhoneSchema } from '@blotter/shared/schemas/mfa';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';

const phoneForm = z.object({ phoneNumber: mfaPhoneSchema });
type PhoneForm = z.infer<typeof phoneForm>;

interface PhoneFormProps {
  busy: boolean;
  /** Resolves when the number was saved and a code sent. */
  onSave: (phoneNumber: string) => Promise<unknown>;
  onCancel: () => void;
}

/** The Phone Number field with Save phone number and Cancel (spec 3 §2, §5). */
export function PhoneForm({ busy, onSave, onCancel }: PhoneFormProps) {
  const form = useForm<PhoneForm>({
    resolver: zodResolver(phoneForm),
    mode: 'onTouched',
    defaultValues: { phoneNumber: '' },
  });
  const submit = form.handleSubmit(async ({ phoneNumber }) => {
    await onSave(phoneNumber).catch(() => undefined);
  });
  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2} onSubmit={submit}>
        <FormTextField<PhoneForm>
          name="phoneNumber"
          label="Phone Number"
          autoComplete="tel"
          helperText="With the country code, digits only (e.g. 15551234567)."
          slotProps={{ htmlInput: { inputMode: 'tel', maxLength: 15 } }}
          fullWidth
        />
        <Button type="submit" variant="contained" disabled={busy}>
          Save phone number
        </Button>
        <Button onClick={onCancel} disabled={busy} color="inherit">
          Cancel
        </Button>
      </Stack>
    </FormProvider>
  );
}
