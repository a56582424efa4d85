import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  type WebhookEndpointInput,
  type WebhookEndpointValues,
  webhookEndpointInputSchema,
} from '@blotter/shared/schemas/webhooks';
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
import Switch from '@mui/material/Switch';
import { type FormEvent, useId } from 'react';
import { FormProvider, useController, useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form/form-text-field';

export interface WebhookDialogTarget {
  id?: string | undefined;
  values: WebhookEndpointInput;
}

interface WebhookDialogProps {
  /** The endpoint being added or edited; the dialog is open while it is set. */
  target: WebhookDialogTarget | undefined;
  busy: boolean;
  onCancel: () => void;
  onSave: (id: string | undefined, body: WebhookEndpointValues) => void;
}

export const NEW_WEBHOOK: WebhookEndpointInput = { url: '', description: '', events: [], enabled: true };

/** The add/edit dialog of a webhook endpoint: its URL, description, events and whether it is enabled. */
export function WebhookDialog({ target, ...props }: WebhookDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={Boolean(target)}
      onClose={props.busy ? undefined : props.onCancel}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      {target && <WebhookForm {...props} target={target} titleId={titleId} />}
    </Dialog>
  );
}

function EventsField({ disabled }: { disabled: boolean }) {
  const { field, fieldState } = useController<WebhookEndpointInput, 'events'>({ name: 'events' });
  const selected = new Set(field.value);
  const legendId = useId();
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} aria-labelledby={legendId}>
      <FormLabel id={legendId} component="legend">
        Events
      </FormLabel>
      <FormGroup>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <FormControlLabel
            key={type}
            label={`${WEBHOOK_EVENT_LABELS[type]} (${type})`}
            control={
              <Checkbox
                checked={selected.has(type)}
                disabled={disabled}
                onChange={(event) => {
                  const next = WEBHOOK_EVENT_TYPES.filter((t) => (t === type ? event.target.checked : selected.has(t)));
                  field.onChange(next);
                  field.onBlur();
                }}
              />
            }
          />
        ))}
      </FormGroup>
      {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
    </FormControl>
  );
}

function WebhookForm({
  titleId,
  target,
  busy,
  onCancel,
  onSave,
}: Omit<WebhookDialogProps, 'target'> & { target: WebhookDialogTarget; titleId: string }) {
  const methods = useForm<WebhookEndpointInput, unknown, WebhookEndpointValues>({
    resolver: zodResolver(webhookEndpointInputSchema),
    mode: 'onTouched',
    defaultValues: target.values,
  });
  const enabled = useController({ control: methods.control, name: 'enabled' });
  const submit = (event: FormEvent) => {
    event.stopPropagation();
    void methods.handleSubmit((values) => onSave(target.id, values))(event);
  };
  return (
    <FormProvider {...methods}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{target.id ? 'Edit Webhook Endpoint' : 'Add Webhook Endpoint'}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          <FormTextField<WebhookEndpointInput>
            name="url"
            label="Endpoint URL"
            required
            autoFocus
            disabled={busy}
            placeholder="https://example.com/blotter/webhooks"
            helperText="Blotter POSTs each event to this HTTPS address, signed with the endpoint's secret."
          />
          <FormTextField<WebhookEndpointInput> name="description" label="Description" disabled={busy} />
          <EventsField disabled={busy} />
          <FormControlLabel
            label="Enabled"
            control={
              <Switch
                checked={Boolean(enabled.field.value)}
                disabled={busy}
                onChange={(event) => enabled.field.onChange(event.target.checked)}
              />
            }
          />
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
