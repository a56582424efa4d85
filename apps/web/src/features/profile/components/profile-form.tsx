import { DEBOUNCE } from '@blotter/shared/constants';
import { formatCalendarDate } from '@blotter/shared/presentation';
import {
  PROFILE_MESSAGES,
  type Profile,
  type ProfileFormInput,
  type ProfileUpdate,
  profileFormSchema,
} from '@blotter/shared/schemas/profile';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedAction } from '../../../lib/use-debounced-action';
import { useSaveProfile } from '../api/save-profile';

/** The read-only fields of the profile (spec 3 §2), in the spec's order. */
const READ_ONLY: [keyof Profile, string][] = [
  ['position', 'Position'],
  ['startDate', 'Start date with company'],
  ['company', 'Company'],
  ['division', 'Division'],
  ['department', 'Department'],
  ['region', 'Region'],
  ['location', 'Location'],
  ['phone', 'Phone'],
  ['fax', 'Fax'],
  ['userGroupName', 'Workgroup'],
];

interface ProfileFormProps {
  profile: Profile;
  /** The company's dateFormat setting, for the start date. */
  dateFormat: number;
  /** Change Password, Change MFA Phone: beside Save. */
  actions?: ReactNode;
}

/**
 * The profile form (spec 3 §2, §4, §5): the email read-only, the names checked on change and blur;
 * Save is enabled only when the form is valid and is debounced 200 ms ('{name} has been updated.').
 */
export function ProfileForm({ profile, dateFormat, actions }: ProfileFormProps) {
  const form = useForm<ProfileFormInput, unknown, ProfileUpdate>({
    resolver: zodResolver(profileFormSchema),
    mode: 'all',
    defaultValues: {
      email: profile.email,
      firstName: profile.firstName,
      middleName: profile.middleName,
      lastName: profile.lastName,
    },
  });
  const save = useSaveProfile();
  const send = useDebouncedAction((values: ProfileUpdate) => {
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset({
          email: saved.email,
          firstName: saved.firstName,
          middleName: saved.middleName,
          lastName: saved.lastName,
        });
        toastSuccess(PROFILE_MESSAGES.updated(`${saved.firstName} ${saved.lastName}`));
      },
    });
  }, DEBOUNCE.profileSaveMs);
  const submit = form.handleSubmit(send);

  return (
    <FormProvider {...form}>
      <Box component="form" onSubmit={submit} noValidate aria-label="Profile" sx={{ display: 'grid', gap: 2 }}>
        <FormTextField<ProfileFormInput> name="email" label="Email" type="email" required disabled />
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '2fr 1fr 2fr' } }}>
          <FormTextField<ProfileFormInput> name="firstName" label="First name" required />
          <FormTextField<ProfileFormInput> name="middleName" label="Middle initial" />
          <FormTextField<ProfileFormInput> name="lastName" label="Last name" required />
        </Box>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '1fr 1fr' } }}>
          {READ_ONLY.map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              value={key === 'startDate' ? formatCalendarDate(profile.startDate, dateFormat) : (profile[key] ?? '')}
              slotProps={{ input: { readOnly: true }, inputLabel: { shrink: true } }}
              variant="filled"
            />
          ))}
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button type="submit" variant="contained" disabled={!form.formState.isValid || save.isPending}>
            Save
          </Button>
          {actions}
        </Box>
      </Box>
    </FormProvider>
  );
}
