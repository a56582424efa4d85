import {
  BUSINESS_TYPE_LABELS,
  BUSINESS_TYPES,
  PHONE_MAX,
  type SignUp,
  type SignUpAnswer,
  signUpSchema,
} from '@blotter/shared/schemas/sign-up';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import { useMemo, useState } from 'react';
import { FormProvider, type Resolver, useController, useForm } from 'react-hook-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { getClientConfig } from '../../../lib/config';
import { useCountries } from '../api/get-countries';
import { useSignUp } from '../api/sign-up';
import { LegalDialog } from './legal-dialog';
import { PRIVACY_POLICY, TERMS_OF_SERVICE } from './legal-texts';

/** What the form holds before the schema checks it (the box unticked, nothing chosen yet). */
interface SignUpFormValues {
  email: string;
  password: string;
  passwordConfirm: string;
  firstName: string;
  lastName: string;
  companyName: string;
  phone: string;
  companyCountryCode: string;
  businessType: string;
  serviceAgreementChecked: boolean;
}

const EMPTY: SignUpFormValues = {
  email: '',
  password: '',
  passwordConfirm: '',
  firstName: '',
  lastName: '',
  companyName: '',
  phone: '',
  companyCountryCode: '',
  businessType: '',
  serviceAgreementChecked: false,
};

const BUSINESS_TYPE_OPTIONS = BUSINESS_TYPES.map((type) => ({ value: type, label: BUSINESS_TYPE_LABELS[type] }));

/** The agreement box, whose label opens the two legal texts. */
function AgreementField({ onOpen }: { onOpen: (which: 'terms' | 'privacy') => void }) {
  const { field, fieldState } = useController<SignUpFormValues, 'serviceAgreementChecked'>({
    name: 'serviceAgreementChecked',
  });
  const open = (which: 'terms' | 'privacy') => (event: React.MouseEvent) => {
    event.preventDefault();
    onOpen(which);
  };
  return (
    <FormControl error={Boolean(fieldState.error)}>
      <FormControlLabel
        control={
          <Checkbox
            checked={field.value}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            slotProps={{ input: { 'aria-label': 'I agree to the Terms of Service and Privacy Policy' } }}
          />
        }
        label={
          <span>
            I agree to the{' '}
            <Link component="button" type="button" onClick={open('terms')}>
              Terms of Service
            </Link>{' '}
            and{' '}
            <Link component="button" type="button" onClick={open('privacy')}>
              Privacy Policy
            </Link>
          </span>
        }
      />
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

/** The sign-up form of spec 2 §3 with the validation texts of §5 (the server's own schema). */
export function SignUpForm({ onSignedUp }: { onSignedUp: (user: SignUpAnswer) => void }) {
  const schema = useMemo(() => signUpSchema(getClientConfig().environment === 'prod'), []);
  const form = useForm<SignUpFormValues, unknown, SignUp>({
    resolver: zodResolver(schema) as unknown as Resolver<SignUpFormValues, unknown, SignUp>,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const countries = useCountries();
  const signUp = useSignUp();
  const [legal, setLegal] = useState<'terms' | 'privacy'>();
  const countryOptions = (countries.data ?? []).map((country) => ({ value: country.code, label: country.name }));
  // A failure shows the server's message (the query client's toast); the form stays as it is.
  const submit = form.handleSubmit((values) => signUp.mutate(values, { onSuccess: onSignedUp }));

  return (
    <FormProvider {...form}>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Sign up"
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, maxWidth: 720 }}
      >
        <FormTextField<SignUpFormValues>
          name="email"
          label="Company email"
          type="email"
          autoComplete="email"
          required
          sx={{ gridColumn: '1 / -1' }}
        />
        <FormTextField<SignUpFormValues>
          name="password"
          label="Password"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormTextField<SignUpFormValues>
          name="passwordConfirm"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
        />
        <FormTextField<SignUpFormValues> name="firstName" label="First name" autoComplete="given-name" required />
        <FormTextField<SignUpFormValues> name="lastName" label="Last name" autoComplete="family-name" required />
        <FormTextField<SignUpFormValues>
          name="companyName"
          label="Company name"
          autoComplete="organization"
          required
          sx={{ gridColumn: '1 / -1' }}
        />
        <FormTextField<SignUpFormValues>
          name="phone"
          label="Phone"
          type="tel"
          autoComplete="tel"
          placeholder="ex) 123-456-7890"
          required
          slotProps={{ htmlInput: { maxLength: PHONE_MAX } }}
        />
        <FormSelectField<SignUpFormValues>
          name="businessType"
          label="Business type"
          required
          emptyLabel=""
          options={BUSINESS_TYPE_OPTIONS}
        />
        <FormSelectField<SignUpFormValues>
          name="companyCountryCode"
          label="Country of your business"
          required
          emptyLabel=""
          options={countryOptions}
          sx={{ gridColumn: '1 / -1' }}
        />
        <Box sx={{ gridColumn: '1 / -1' }}>
          <AgreementField onOpen={setLegal} />
        </Box>
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button type="submit" variant="contained" size="large" disabled={signUp.isPending}>
            Sign Up
          </Button>
        </Box>
      </Box>
      <LegalDialog
        title="Terms of Service"
        sections={TERMS_OF_SERVICE}
        open={legal === 'terms'}
        onClose={() => setLegal(undefined)}
      />
      <LegalDialog
        title="Privacy Policy"
        sections={PRIVACY_POLICY}
        open={legal === 'privacy'}
        onClose={() => setLegal(undefined)}
      />
    </FormProvider>
  );
}
