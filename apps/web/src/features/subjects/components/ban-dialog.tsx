import { BAN_TYPES, type Ban } from '@blotter/shared/schemas/subjects';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useMemo } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { type BanFormValues, banFormSchema, banFormValuesOf, type LocationOption } from '../model/ban-form';
import { BAN_TYPE_LABELS } from '../model/subject-labels';
import { BanDateField } from './ban-date-field';

interface BanDialogProps {
  open: boolean;
  subjectName: string;
  /** Edit: the ban whose terms the form starts from; none: Add ban. */
  ban?: Ban | null | undefined;
  locations: readonly LocationOption[];
  today: string;
  /** The company's date format: the days are typed in it. */
  dateFormat: number;
  busy: boolean;
  /** The server's refusal (a 400's message), shown above the buttons. */
  error: string | undefined;
  onCancel: () => void;
  onSave: (form: z.output<typeof banFormSchema>) => void;
}

/**
 * 'Add ban' and 'Edit': type, reason, the locations it covers (none: every location), start and end
 * or indefinite; Edit starts from the ban's terms.
 */
export function BanDialog(props: BanDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={props.open}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {props.open && <BanForm {...props} titleId={titleId} />}
    </Dialog>
  );
}

function BanForm({
  titleId,
  subjectName,
  ban,
  locations,
  today,
  dateFormat,
  busy,
  error,
  onCancel,
  onSave,
}: BanDialogProps & { titleId: string }) {
  const methods = useForm<BanFormValues, unknown, z.output<typeof banFormSchema>>({
    resolver: zodResolver(banFormSchema),
    mode: 'onTouched',
    defaultValues: ban
      ? banFormValuesOf(ban)
      : { banType: 'ban', reason: '', locationIds: [], startDate: today, indefinite: false, endDate: '' },
  });
  const indefinite = useWatch({ control: methods.control, name: 'indefinite' });
  const byId = useMemo(() => new Map(locations.map((option) => [option.id, option])), [locations]);
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    void methods.handleSubmit(onSave)(event);
  };
  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>
          {ban ? `Edit ${BAN_TYPE_LABELS[ban.banType].toLowerCase()} for ${subjectName}` : `Add ban for ${subjectName}`}
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 1, pt: '8px !important' }}>
          <FormTextField<BanFormValues> name="banType" label="Type" select required disabled={busy}>
            {BAN_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                {BAN_TYPE_LABELS[type]}
              </MenuItem>
            ))}
          </FormTextField>
          <FormTextField<BanFormValues> name="reason" label="Reason" required multiline minRows={2} disabled={busy} />
          <Controller
            control={methods.control}
            name="locationIds"
            render={({ field, fieldState }) => (
              <Autocomplete
                multiple
                options={locations}
                value={field.value.map((id) => byId.get(id)).filter((option) => option !== undefined)}
                onChange={(_event, value) => field.onChange(value.map((option) => option.id))}
                getOptionLabel={(option) => option.path}
                isOptionEqualToValue={(option, value) => option.id === value.id}
                disabled={busy}
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label="Locations"
                    error={Boolean(fieldState.error)}
                    helperText={fieldState.error?.message ?? 'Each covers the places under it. None: every location.'}
                  />
                )}
              />
            )}
          />
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <BanDateField name="startDate" label="Start date" dateFormat={dateFormat} />
            {!indefinite && <BanDateField name="endDate" label="End date" dateFormat={dateFormat} />}
          </Stack>
          <Controller
            control={methods.control}
            name="indefinite"
            render={({ field }) => (
              <FormControlLabel
                label="Indefinite (no end date)"
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => {
                      field.onChange(event.target.checked);
                      if (event.target.checked) methods.clearErrors('endDate');
                    }}
                    disabled={busy}
                  />
                }
              />
            )}
          />
          {error && <Alert severity="error">{error}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {ban ? 'Save changes' : 'Save ban'}
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}
