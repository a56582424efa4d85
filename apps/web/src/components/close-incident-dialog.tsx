import {
  CLOSE_MESSAGES,
  type CloseIncidentBody,
  closeIncidentBody,
  NO_CLOSE_PERSON,
} from '@blotter/shared/schemas/incident-view';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { ConfirmDialog } from './confirm-dialog';
import { FormTextField } from './form/form-text-field';

type CloseValues = z.input<typeof closeIncidentBody>;

interface CloseIncidentDialogProps {
  open: boolean;
  /** The signed-in user's name, shown for 'By user'. */
  userName: string;
  onCancel: () => void;
  /**
   * Closes the incident with the dialog's values, after the person confirmed. A rejection keeps the
   * dialog open (the caller has shown the error); on success the caller closes the dialog.
   */
  onSubmit: (body: CloseIncidentBody) => Promise<unknown>;
}

const EMPTY: CloseValues = { closedBy: 'USER', ...NO_CLOSE_PERSON, closeComments: '' };

const OTHER_FIELDS = [
  ['closeFirstName', 'First name', 100],
  ['closeMiddleName', 'Middle initial', 100],
  ['closeLastName', 'Last name', 100],
  ['closeAlias', 'Alias', 100],
  ['closePosition', 'Position', 100],
  ['closeDepartment', 'Department', 100],
  ['closeEmail', 'Email', 255],
  ['closePhone', 'Phone', 20],
  ['closeMobilePhone', 'Mobile phone', 20],
] as const;

/**
 * The Close dialog (spec 1 §2): closed 'By user' (the signed-in user) or 'By other' (a named person),
 * with comments; validated with the server's schema, then confirmed with the warning that closed
 * incidents cannot be edited. Used by the incident viewer and by the entry form.
 */
export function CloseIncidentDialog({ open, userName, onCancel, onSubmit }: CloseIncidentDialogProps) {
  const titleId = useId();
  const [busy, setBusy] = useState(false);
  return (
    <Dialog open={open} onClose={busy ? undefined : onCancel} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      {open && (
        <CloseIncidentForm
          titleId={titleId}
          userName={userName}
          busy={busy}
          setBusy={setBusy}
          onCancel={onCancel}
          onSubmit={onSubmit}
        />
      )}
    </Dialog>
  );
}

interface CloseIncidentFormProps extends Omit<CloseIncidentDialogProps, 'open'> {
  titleId: string;
  busy: boolean;
  setBusy: (busy: boolean) => void;
}

function CloseIncidentForm({ titleId, userName, busy, setBusy, onCancel, onSubmit }: CloseIncidentFormProps) {
  const radioLabelId = useId();
  const methods = useForm<CloseValues, unknown, CloseIncidentBody>({
    resolver: zodResolver(closeIncidentBody),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const closedBy = useWatch({ control: methods.control, name: 'closedBy' });
  const [pending, setPending] = useState<CloseIncidentBody | null>(null);

  const submit = (event: FormEvent) => {
    // The dialog is portalled, but React still bubbles its submit to a surrounding form.
    event.stopPropagation();
    void methods.handleSubmit((body) => setPending(body))(event);
  };
  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await onSubmit(pending);
    } catch {
      // The caller showed the error; the person may correct and try again.
      setPending(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>Close Incident</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormControl>
            <FormLabel id={radioLabelId}>Closed by</FormLabel>
            <Controller
              control={methods.control}
              name="closedBy"
              render={({ field }) => (
                <RadioGroup row aria-labelledby={radioLabelId} {...field}>
                  <FormControlLabel value="USER" control={<Radio />} label="By user" disabled={busy} />
                  <FormControlLabel value="OTHER" control={<Radio />} label="By other" disabled={busy} />
                </RadioGroup>
              )}
            />
          </FormControl>
          {closedBy === 'USER' ? (
            <TextField label="Name" value={userName} slotProps={{ input: { readOnly: true } }} />
          ) : (
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {OTHER_FIELDS.map(([name, label, max], index) => (
                <FormTextField<CloseValues>
                  key={name}
                  name={name}
                  label={label}
                  required={name === 'closeFirstName'}
                  autoFocus={index === 0}
                  disabled={busy}
                  type={name === 'closeEmail' ? 'email' : name.endsWith('Phone') ? 'tel' : 'text'}
                  slotProps={{ htmlInput: { maxLength: max } }}
                />
              ))}
            </Box>
          )}
          <FormTextField<CloseValues>
            name="closeComments"
            label="Comments"
            multiline
            minRows={3}
            disabled={busy}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Close incident
          </Button>
        </DialogActions>
      </Box>
      <ConfirmDialog
        open={pending !== null}
        title="Close confirmation"
        message={CLOSE_MESSAGES.closeWarning}
        confirmLabel="Close incident"
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => void confirm()}
      />
    </FormProvider>
  );
}
