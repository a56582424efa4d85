import {
  type IncidentNotificationFormValues,
  type IncidentNotificationInput,
  incidentNotificationBody,
  incidentNotificationFormSchema,
} from '@blotter/shared/schemas/incident-notifications';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId } from 'react';
import { FormProvider, useController, useFieldArray, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form/form-text-field';
import { ClassRowFields } from './class-row-fields';

type FormOutput = z.output<typeof incidentNotificationFormSchema>;

interface NotificationDialogProps {
  /** The rule being edited or added; the dialog is open while it is set. */
  initial: IncidentNotificationFormValues | undefined;
  tree: readonly LookupNode[];
  busy: boolean;
  onCancel: () => void;
  onSave: (body: IncidentNotificationInput) => void;
}

/** The add/edit dialog of an email notification rule (spec 3 §2, §4, §5). */
export function NotificationDialog({ initial, ...props }: NotificationDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={Boolean(initial)}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {/* Mounted per opening, so each starts from its own values. */}
      {initial && <NotificationForm {...props} initial={initial} titleId={titleId} />}
    </Dialog>
  );
}

function NotificationForm({
  titleId,
  initial,
  tree,
  busy,
  onCancel,
  onSave,
}: Omit<NotificationDialogProps, 'initial'> & { initial: IncidentNotificationFormValues; titleId: string }) {
  const methods = useForm<IncidentNotificationFormValues, unknown, FormOutput>({
    resolver: zodResolver(incidentNotificationFormSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const rows = useFieldArray({ control: methods.control, name: 'lookupClasses' });
  const banned = useController({ control: methods.control, name: 'bannedSubjectAlerts' });
  const rowsError = methods.formState.errors.lookupClasses;
  const rowsMessage = rowsError?.message ?? rowsError?.root?.message;
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    void methods.handleSubmit((values) => onSave(incidentNotificationBody(values)))(event);
  };
  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{initial.id ? 'Edit Email Notification' : 'Add Email Notification'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormTextField<IncidentNotificationFormValues>
            name="name"
            label="Email Subject Heading"
            required
            autoFocus
            disabled={busy}
          />
          <FormTextField<IncidentNotificationFormValues>
            name="recipients"
            label="Recipients"
            required
            disabled={busy}
            helperText="Separate email addresses with commas."
            placeholder="guard@example.com, manager@example.com"
          />
          <FormControlLabel
            label="Banned subject alerts"
            control={
              <Checkbox
                checked={Boolean(banned.field.value)}
                disabled={busy}
                onChange={(event) => {
                  banned.field.onChange(event.target.checked);
                  // The option is an event too: 'add at least one event' under the classes is checked again.
                  if (methods.formState.isSubmitted) void methods.trigger('lookupClasses');
                }}
              />
            }
          />
          <FormHelperText sx={{ mt: -2 }}>
            Email the recipients whenever a subject with an active ban, trespass notice or watch is named on an incident
            at a location it covers, whatever the incident's class. With this ticked, the rule needs no class row.
          </FormHelperText>
          <Typography variant="subtitle2" component="h3">
            Incident classes and events
          </Typography>
          {rows.fields.map((row, index) => (
            <ClassRowFields
              key={row.id}
              index={index}
              tree={tree}
              disabled={busy}
              onRemove={() => rows.remove(index)}
            />
          ))}
          {rowsMessage && <FormHelperText error>{rowsMessage}</FormHelperText>}
          <Box>
            <Button
              startIcon={<AddIcon />}
              disabled={busy}
              onClick={() => rows.append({ classLookupId: '', CREATE: true, EDIT: false, CLOSE: false })}
            >
              Add class
            </Button>
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </FormProvider>
  );
}
