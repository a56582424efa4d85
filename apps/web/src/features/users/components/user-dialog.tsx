import { assignGroupRefusal } from '@blotter/shared/privilege-grants';
import type { PrivilegeHolder } from '@blotter/shared/privileges';
import {
  type AdminUser,
  PHONE_PLACEHOLDER,
  userCreateSchema,
  userFieldsSchema,
  type Workgroup,
} from '@blotter/shared/schemas/user-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { format } from 'date-fns';
import { useId, useMemo } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormSelectField } from '../../../components/form/form-select-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { errorMessage } from '../../../lib/api-error';
import { getClientConfig } from '../../../lib/config';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useCreateUser, useUpdateUser } from '../api/save-user';
import { FORM_IN_DIALOG } from './form-in-dialog';
import { StartDateField } from './start-date-field';

interface UserDialogProps {
  /** The user to edit; null adds one to `groupId`. */
  user: AdminUser | null;
  groupId: string;
  groups: readonly Workgroup[];
  /** The signed-in user: only the workgroups they may assign are offered. */
  viewer: PrivilegeHolder | null;
  /** The company has two-step verification on: the MFA toggle shows. */
  companyMfa: boolean;
  dateFormat: number;
  onClose: () => void;
}

/** The edit form holds the (read-only) email too; the server ignores it. */
const editSchema = userFieldsSchema.extend({ email: z.string(), password: z.string().optional() });
type Values = z.input<typeof editSchema>;

const TEXT_FIELDS: readonly { name: keyof Values; label: string; placeholder?: string }[] = [
  { name: 'position', label: 'Position' },
  { name: 'company', label: 'Company' },
  { name: 'division', label: 'Division' },
  { name: 'department', label: 'Department' },
  { name: 'location', label: 'Location' },
  { name: 'phone', label: 'Phone', placeholder: PHONE_PLACEHOLDER },
  { name: 'fax', label: 'Fax', placeholder: PHONE_PLACEHOLDER },
];

/** Add/Edit User (spec 3 §2): Save is enabled only when the form is valid; the email is fixed once created. */
export function UserDialog({ user, groupId, groups, viewer, companyMfa, dateFormat, onClose }: UserDialogProps) {
  const titleId = useId();
  const create = useCreateUser();
  const update = useUpdateUser();
  const busy = create.isPending || update.isPending;
  const schema = useMemo(
    () => (user ? editSchema : userCreateSchema(getClientConfig().environment === 'prod')),
    [user],
  );
  const form = useForm<Values>({
    // Both take the same form values; adding also checks the email and the password rule.
    resolver: zodResolver(schema as typeof editSchema),
    mode: 'onChange',
    defaultValues: {
      email: user?.email ?? '',
      password: '',
      firstName: user?.firstName ?? '',
      middleName: user?.middleName ?? '',
      lastName: user?.lastName ?? '',
      position: user?.position ?? '',
      company: user?.company ?? '',
      division: user?.division ?? '',
      department: user?.department ?? '',
      location: user?.location ?? '',
      phone: user?.phone ?? '',
      fax: user?.fax ?? '',
      companyStartDate: user ? user.companyStartDate : format(new Date(), 'yyyy-MM-dd'),
      mfa: user?.mfa ?? false,
      userGroupId: user?.userGroupId ?? groupId,
    },
  });
  const done = (saved: AdminUser) => {
    toastSuccess(`${saved.firstName} ${saved.lastName} has been updated.`);
    onClose();
  };
  const failed = (error: unknown) => toastError(errorMessage(error));
  // The server's rule (packages/shared/src/privilege-grants.ts): nobody puts a user, themselves
  // included, into a workgroup with privileges they do not have, nor into an admin group.
  const assignable = groups.filter((g) => viewer && assignGroupRefusal(viewer, g) === null);
  const someWithheld = assignable.length < groups.length;
  const submit = form.handleSubmit((values) => {
    const { email, password, ...fields } = values;
    if (user) update.mutate({ ...fields, id: user.id }, { onSuccess: done, onError: failed });
    else create.mutate({ ...fields, email, password }, { onSuccess: done, onError: failed });
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={submit} sx={FORM_IN_DIALOG}>
          <DialogTitle id={titleId}>{user ? 'Edit User' : 'Add User'}</DialogTitle>
          <DialogContent dividers>
            <FormTextField<Values>
              name="email"
              label="Email"
              type="email"
              required
              fullWidth
              margin="dense"
              slotProps={{ htmlInput: { readOnly: Boolean(user) } }}
            />
            {user ? null : (
              <FormTextField<Values>
                name="password"
                label="Password"
                type="password"
                autoComplete="new-password"
                fullWidth
                margin="dense"
                helperText="Leave empty to let the user choose one from the verification email."
              />
            )}
            <FormTextField<Values> name="firstName" label="First name" required fullWidth margin="dense" />
            <FormTextField<Values> name="middleName" label="Middle name" fullWidth margin="dense" />
            <FormTextField<Values> name="lastName" label="Last name" required fullWidth margin="dense" />
            {TEXT_FIELDS.map((field) => (
              <FormTextField<Values>
                key={field.name}
                name={field.name}
                label={field.label}
                placeholder={field.placeholder}
                fullWidth
                margin="dense"
              />
            ))}
            <StartDateField dateFormat={dateFormat} />
            <FormSelectField<Values>
              name="userGroupId"
              label="Workgroup"
              options={assignable.map((g) => ({ value: g.id, label: g.name }))}
              helperText={someWithheld ? 'Only workgroups whose privileges you hold yourself are offered.' : undefined}
              required
              fullWidth
              margin="dense"
            />
            {companyMfa ? (
              <Controller
                name="mfa"
                control={form.control}
                render={({ field }) => (
                  <FormControlLabel
                    control={<Switch checked={Boolean(field.value)} onChange={(_e, on) => field.onChange(on)} />}
                    label="2-step verification (MFA)"
                  />
                )}
              />
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy || !form.formState.isValid}>
              Save
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
