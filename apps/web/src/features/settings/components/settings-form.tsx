import {
  autoLogoutOptions,
  type CompanySettingsInput,
  type CompanySettingsValues,
  companySettingsBody,
  SETTINGS_MESSAGES,
} from '@blotter/shared/schemas/account-settings';
import type { CompanySettings } from '@blotter/shared/schemas/commons';
import type { Country } from '@blotter/shared/schemas/geo';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useMemo } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { getClientConfig } from '../../../lib/config';
import { toastSuccess, toastWarning } from '../../../lib/toast';
import { useSaveCompanySettings } from '../api/settings-api';
import { NumberSelectField } from './number-select-field';
import { TimeZoneField } from './time-zone-field';

const TEST_ENVIRONMENTS: readonly string[] = ['local', 'dev', 'test'];

const secondsLabel = (seconds: number) => (seconds < 60 ? `${seconds} seconds` : `${seconds / 60} minutes`);

/** The auto-logout choice must be one of this environment's options (spec 3 §9). */
function settingsSchema(options: readonly number[]) {
  return companySettingsBody.refine((value) => options.includes(value.autoLogoutTime), {
    path: ['autoLogoutTime'],
    message: SETTINGS_MESSAGES.autoLogoutTime,
  });
}

interface SettingsFormProps {
  settings: CompanySettings;
  countries: readonly Country[];
}

/** The company settings form (spec 3 §3, §5; the time zone of issue 31): saved with PUT /accounts/settings. */
export function SettingsForm({ settings, countries }: SettingsFormProps) {
  const logoutOptions = autoLogoutOptions(!TEST_ENVIRONMENTS.includes(getClientConfig().environment));
  const schema = useMemo(() => settingsSchema(logoutOptions), [logoutOptions]);
  const form = useForm<CompanySettingsInput, unknown, CompanySettingsValues>({
    resolver: zodResolver(schema),
    mode: 'onTouched',
    defaultValues: {
      companyName: settings.companyName,
      phone: settings.phone,
      companyCountryCode: settings.companyCountryCode || 'XX',
      measurementType: settings.measurementType,
      dateFormat: settings.dateFormat,
      billingEmail: settings.billingEmail,
      autoLogoutTime: settings.autoLogoutTime,
      mfa: settings.mfa,
      timeZone: settings.timeZone || 'UTC',
    },
  });
  const save = useSaveCompanySettings();
  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: () => {
        // Spec 3 §2: the warning is about the measurement type, so only a change of it shows it.
        const measurementChanged = values.measurementType !== form.formState.defaultValues?.measurementType;
        // The saved values are the form's new baseline (the country as upper-cased by the schema).
        form.reset(values);
        toastSuccess(SETTINGS_MESSAGES.updated);
        if (measurementChanged) toastWarning(SETTINGS_MESSAGES.measurementWarning);
      },
    }),
  );
  const countryOptions = [
    { value: 'XX', label: 'Not specified' },
    ...countries.map((country) => ({ value: country.code, label: country.name })),
  ];
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        aria-label="Company settings"
        sx={{ display: 'grid', gap: 2, maxWidth: 560 }}
      >
        <FormTextField<CompanySettingsInput> name="companyName" label="Company name" required />
        <FormTextField<CompanySettingsInput> name="phone" label="Phone" required placeholder="ex) 123-456-7890" />
        <FormSelectField<CompanySettingsInput> name="companyCountryCode" label="Country" options={countryOptions} />
        <NumberSelectField<CompanySettingsInput>
          name="measurementType"
          label="Measurement type"
          options={[
            { value: 0, label: 'Metric' },
            { value: 1, label: 'US' },
          ]}
        />
        <NumberSelectField<CompanySettingsInput>
          name="dateFormat"
          label="Date format"
          options={[
            { value: 0, label: 'DD/MM/YYYY' },
            { value: 1, label: 'MM/DD/YYYY' },
          ]}
        />
        <TimeZoneField />
        <FormTextField<CompanySettingsInput> name="billingEmail" label="Billing email" type="email" />
        <NumberSelectField<CompanySettingsInput>
          name="autoLogoutTime"
          label="Auto logout time"
          options={logoutOptions.map((seconds) => ({ value: seconds, label: secondsLabel(seconds) }))}
        />
        <Controller
          control={form.control}
          name="mfa"
          render={({ field }) => (
            <FormControlLabel
              label="2-step verification (MFA)"
              control={
                <Switch checked={Boolean(field.value)} onChange={(event) => field.onChange(event.target.checked)} />
              }
            />
          )}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            Save
          </Button>
        </Box>
      </Box>
    </FormProvider>
  );
}
