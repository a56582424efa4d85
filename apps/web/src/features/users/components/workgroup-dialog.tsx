import { isAdminChangeRefusal, privilegeChangeRefusal } from '@blotter/shared/privilege-grants';
import type { PrivilegeHolder } from '@blotter/shared/privileges';
import { type Workgroup, type WorkgroupInput, workgroupInput } from '@blotter/shared/schemas/user-admin';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import { useId } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { PRIVILEGE_GROUPS } from '../../../components/privilege-groups';
import { errorMessage } from '../../../lib/api-error';
import { toastError, toastSuccess } from '../../../lib/toast';
import { useSaveWorkgroup } from '../api/save-workgroup';
import { FORM_IN_DIALOG } from './form-in-dialog';
import { WithReason } from './with-reason';

interface WorkgroupDialogProps {
  /** The group to edit; null adds a new one. */
  group: Workgroup | null;
  /** The signed-in user: a non-administrator changes only the privileges they hold. */
  viewer: PrivilegeHolder | null;
  onClose: () => void;
}

type Output = z.output<typeof workgroupInput>;

/** Before the session's claims arrive nobody is trusted with anything. */
const NOBODY: PrivilegeHolder = { admin: false, privileges: [] };

/** Edit Workgroup Privileges (spec 3 §2): name, 'Is admin' (locks every privilege on) and the privileges by group. */
export function WorkgroupDialog({ group, viewer, onClose }: WorkgroupDialogProps) {
  const titleId = useId();
  const save = useSaveWorkgroup();
  const form = useForm<WorkgroupInput, unknown, Output>({
    resolver: zodResolver(workgroupInput),
    mode: 'onTouched',
    defaultValues: {
      name: group?.name ?? '',
      isAdmin: group?.isAdmin ?? false,
      userPrivileges: group?.userPrivileges ?? [],
    },
  });
  const isAdmin = form.watch('isAdmin') ?? false;
  // The same rules the server applies (packages/shared/src/privilege-grants.ts).
  const holder = viewer ?? NOBODY;
  const adminFlagRefusal = isAdminChangeRefusal(holder);
  const boxRefusal = (code: string, checked: boolean) => privilegeChangeRefusal(holder, code, !checked);
  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, ...(group ? { id: group.id } : {}) },
      {
        onSuccess: (saved) => {
          toastSuccess(`${saved.name} has been updated.`);
          onClose();
        },
        onError: (error) => toastError(errorMessage(error)),
      },
    ),
  );

  return (
    <Dialog open onClose={save.isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <FormProvider {...form}>
        <Box component="form" noValidate onSubmit={submit} sx={FORM_IN_DIALOG}>
          <DialogTitle id={titleId}>{group ? 'Edit Workgroup Privileges' : 'Add Workgroup'}</DialogTitle>
          <DialogContent dividers>
            <FormTextField<WorkgroupInput> name="name" label="Workgroup name" required fullWidth margin="dense" />
            <Controller
              name="isAdmin"
              control={form.control}
              render={({ field }) => (
                <WithReason reason={adminFlagRefusal}>
                  <FormControlLabel
                    control={
                      <Switch
                        checked={Boolean(field.value)}
                        disabled={adminFlagRefusal !== null}
                        onChange={(_e, on) => field.onChange(on)}
                      />
                    }
                    label="Is admin"
                  />
                </WithReason>
              )}
            />
            <Controller
              name="userPrivileges"
              control={form.control}
              render={({ field }) => {
                const granted = new Set(field.value ?? []);
                const toggle = (code: string, on: boolean) =>
                  field.onChange(on ? [...granted, code] : [...granted].filter((c) => c !== code));
                return (
                  <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 2, mt: 1 }}>
                    {PRIVILEGE_GROUPS.map((privilegeGroup) => (
                      <FormControl key={privilegeGroup.title} component="fieldset" variant="standard">
                        <FormLabel component="legend">{privilegeGroup.title}</FormLabel>
                        <FormGroup>
                          {privilegeGroup.items.map((item) => {
                            const checked = granted.has(item.code);
                            // An admin group holds everything: its boxes need no reason.
                            const reason = isAdmin ? null : boxRefusal(item.code, checked);
                            return (
                              <WithReason key={item.code} reason={reason}>
                                <FormControlLabel
                                  label={item.label}
                                  control={
                                    <Checkbox
                                      size="small"
                                      checked={isAdmin || checked}
                                      disabled={isAdmin || reason !== null}
                                      onChange={(_e, on) => toggle(item.code, on)}
                                    />
                                  }
                                />
                              </WithReason>
                            );
                          })}
                        </FormGroup>
                      </FormControl>
                    ))}
                  </Box>
                );
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={save.isPending}>
              Save
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
