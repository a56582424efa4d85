import type { Country } from '@blotter/shared/schemas/geo';
import type { BillingInformationAnswer } from '@blotter/shared/schemas/subscription';
import {
  type BillingInformation,
  type BillingInformationInput,
  billingInformationBody,
} from '@blotter/shared/schemas/subscription';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import { useForm } from 'react-hook-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';

/** The billing fields of an account, '' where none is stored (or the account cannot be read). */
export function billingDefaults(account: BillingInformationAnswer | undefined): BillingInformationInput {
  return {
    billingContactName: account?.billingContactName ?? '',
    billingAddressLine1: account?.billingAddressLine1 ?? '',
    billingAddressLine2: account?.billingAddressLine2 ?? '',
    billingAddressCity: account?.billingAddressCity ?? '',
    billingAddressState: account?.billingAddressState ?? '',
    billingAddressPostalCode: account?.billingAddressPostalCode ?? '',
    billingAddressCountryCode: account?.billingAddressCountryCode ?? '',
    billingEmail: account?.billingEmail ?? '',
    billingPhone: account?.billingPhone ?? '',
  };
}

/** The billing form with spec 3 §5's rules and texts (the schema the server checks too). */
export function useBillingForm(account: BillingInformationAnswer | undefined) {
  return useForm<BillingInformationInput, unknown, BillingInformation>({
    resolver: zodResolver(billingInformationBody),
    mode: 'onTouched',
    defaultValues: billingDefaults(account),
  });
}

type Field = keyof BillingInformationInput;

/** The billing information fields (spec 3 §3 Billing info), inside the caller's FormProvider. */
export function BillingInformationFields({ countries }: { countries: readonly Country[] }) {
  const text = (
    name: Field,
    label: string,
    extra: { required?: boolean; type?: string; placeholder?: string } = {},
  ) => <FormTextField<BillingInformationInput> name={name} label={label} {...extra} />;
  const countryOptions = [
    { value: '', label: 'Select a country' },
    ...countries.map((country) => ({ value: country.code, label: country.name })),
  ];
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' }, maxWidth: 760 }}>
      {text('billingContactName', 'Contact name', { required: true })}
      {text('billingEmail', 'Billing email', { required: true, type: 'email' })}
      {text('billingPhone', 'Phone', { required: true, placeholder: 'ex) 123-456-7890' })}
      {text('billingAddressLine1', 'Address 1', { required: true })}
      {text('billingAddressLine2', 'Address 2')}
      {text('billingAddressCity', 'City', { required: true })}
      {text('billingAddressState', 'State / Province')}
      {text('billingAddressPostalCode', 'Postal code', { required: true })}
      <FormSelectField<BillingInformationInput>
        name="billingAddressCountryCode"
        label="Country"
        required
        options={countryOptions}
      />
    </Box>
  );
}
