import { hasPrivilege, type Privilege, type PrivilegeHolder } from '@blotter/shared/privileges';
import {
  API_TOKEN_FORBIDDEN_PRIVILEGES,
  type ApiTokenFormValues,
  apiTokenForm,
} from '@blotter/shared/schemas/api-tokens';
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
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { useId } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { CalendarDateField } from '../../../components/form/calendar-date-field';
import { FormTextField } from '../../../components/form/form-text-field';
import { PRIVILEGE_GROUPS, type PrivilegeGroup } from '../../../components/privilege-groups';

/** What a partly typed expiry holds: text the schema refuses. */
const PARTLY_TYPED = 'invalid';

/** The privilege groups with only what the creator holds and a token may hold; empty groups dropped. */
export function grantableGroups(viewer: PrivilegeHolder | null): PrivilegeGroup[] {
  return PRIVILEGE_GROUPS.map((group) => ({
    ...group,
    items: group.items.filter(
      (item) => !API_TOKEN_FORBIDDEN_PRIVILEGES.includes(item.code) && hasPrivilege(viewer, item.code),
    ),
  })).filter((group) => group.items.length > 0);
}

interface ApiTokenDialogProps {
  viewer: PrivilegeHolder | null;
  dateFormat: number;
  busy: boolean;
  onCancel: () => void;
  onCreate: (values: ApiTokenFormValues) => void;
}

/** Create API token: a name, an optional expiry day and the privileges (only those the creator holds). */
export function ApiTokenDialog({ viewer, dateFormat, busy, onCancel, onCreate }: ApiTokenDialogProps) {
  const titleId = useId();
  const form = useForm<ApiTokenFormValues>({
    resolver: zodResolver(apiTokenForm),
    mode: 'onTouched',
    defaultValues: { name: '', privileges: [], expiresOn: '' },
  });
  const groups = grantableGroups(viewer);
  return (
    <Dialog open onClose={busy ? undefined : onCancel} aria-labelledby={titleId} maxWidth="md" fullWidth>
      <FormProvider {...form}>
        <Box
          component="form"
          noValidate
          onSubmit={form.handleSubmit(onCreate)}
          sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, overflow: 'hidden' }}
        >
          <DialogTitle id={titleId}>Create API token</DialogTitle>
          <DialogContent dividers>
            <FormTextField<ApiTokenFormValues>
              name="name"
              label="Token name"
              required
              fullWidth
              margin="dense"
              helperText="Say which system uses it, e.g. 'BI export'. Its changes are audited under this name."
            />
            <Controller
              name="expiresOn"
              control={form.control}
              render={({ field, fieldState }) => (
                <LocalizationProvider dateAdapter={AdapterDateFns}>
                  <CalendarDateField
                    label="Expires after (optional)"
                    dateFormat={dateFormat}
                    value={field.value === PARTLY_TYPED ? '' : field.value}
                    onChange={(next, partial) => field.onChange(partial ? PARTLY_TYPED : next)}
                    textField={{
                      size: 'medium',
                      margin: 'dense',
                      name: field.name,
                      onBlur: field.onBlur,
                      error: Boolean(fieldState.error),
                      helperText: fieldState.error?.message ?? 'Leave empty for a token that does not expire.',
                    }}
                  />
                </LocalizationProvider>
              )}
            />
            <Controller
              name="privileges"
              control={form.control}
              render={({ field, fieldState }) => {
                const chosen = new Set<Privilege>(field.value);
                const toggle = (code: Privilege, on: boolean) =>
                  field.onChange(on ? [...chosen, code] : [...chosen].filter((c) => c !== code));
                return (
                  <>
                    <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 2, mt: 1 }}>
                      {groups.map((group) => (
                        <FormControl key={group.title} component="fieldset" variant="standard">
                          <FormLabel component="legend">{group.title}</FormLabel>
                          <FormGroup>
                            {group.items.map((item) => (
                              <FormControlLabel
                                key={item.code}
                                label={item.label}
                                control={
                                  <Checkbox
                                    size="small"
                                    checked={chosen.has(item.code)}
                                    onChange={(_e, on) => toggle(item.code, on)}
                                  />
                                }
                              />
                            ))}
                          </FormGroup>
                        </FormControl>
                      ))}
                    </Box>
                    {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                  </>
                );
              }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              Create
            </Button>
          </DialogActions>
        </Box>
      </FormProvider>
    </Dialog>
  );
}
