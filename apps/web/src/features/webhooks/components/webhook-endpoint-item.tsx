import { WEBHOOK_EVENT_LABELS, type WebhookEndpoint } from '@blotter/shared/schemas/webhooks';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { toastSuccess } from '../../../lib/toast';
import { useSendWebhookTest } from '../api/send-webhook-test';
import { useSetWebhookEnabled } from '../api/set-webhook-enabled';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookSecretRow } from './webhook-secret';

const STATUS = {
  active: { label: 'Active', color: 'success' },
  failing: { label: 'Failing', color: 'warning' },
  disabled: { label: 'Disabled', color: 'default' },
} as const;

interface WebhookEndpointItemProps {
  endpoint: WebhookEndpoint;
  formatTime: (iso: string) => string;
  onEdit: () => void;
  onDelete: () => void;
}

/** One endpoint in the card: its URL, status, events, secret, the buttons, and its delivery log. */
export function WebhookEndpointItem({ endpoint, formatTime, onEdit, onDelete }: WebhookEndpointItemProps) {
  const [logOpen, setLogOpen] = useState(false);
  const setEnabled = useSetWebhookEnabled();
  const sendTest = useSendWebhookTest();
  const status = STATUS[endpoint.status];
  return (
    <Card variant="outlined" component="li" aria-label={endpoint.url} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ pb: 0, display: 'grid', gap: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h6" component="h3" sx={{ fontSize: '1rem', overflowWrap: 'anywhere' }}>
            {endpoint.url}
          </Typography>
          <Chip size="small" label={status.label} color={status.color} />
        </Stack>
        {endpoint.description && (
          <Typography variant="body2" color="text.secondary">
            {endpoint.description}
          </Typography>
        )}
        {endpoint.disabledReason && <Alert severity="warning">{endpoint.disabledReason}</Alert>}
        {endpoint.status === 'failing' && endpoint.failingSince && (
          <Alert severity="warning">
            Deliveries have been failing since {formatTime(endpoint.failingSince)}. After 24 hours of failures the
            endpoint is disabled.
          </Alert>
        )}
        <Box component="ul" aria-label="Events" sx={{ m: 0, p: 0, display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
          {endpoint.events.map((type) => (
            <Chip key={type} component="li" size="small" variant="outlined" label={WEBHOOK_EVENT_LABELS[type]} />
          ))}
        </Box>
        <WebhookSecretRow endpointId={endpoint.id} formatTime={formatTime} />
      </CardContent>
      <CardActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <FormControlLabel
          label="Enabled"
          sx={{ ml: 0.5 }}
          control={
            <Switch
              checked={endpoint.enabled}
              disabled={setEnabled.isPending}
              onChange={(event) => setEnabled.mutate({ id: endpoint.id, enabled: event.target.checked })}
            />
          }
        />
        <Button
          size="small"
          disabled={!endpoint.enabled || sendTest.isPending}
          onClick={() =>
            sendTest.mutate(endpoint.id, {
              onSuccess: () => {
                toastSuccess('A test event has been sent.');
                setLogOpen(true);
              },
            })
          }
        >
          Send test event
        </Button>
        <Button size="small" aria-expanded={logOpen} onClick={() => setLogOpen((open) => !open)}>
          {logOpen ? 'Hide delivery log' : 'Delivery log'}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <IconButton aria-label={`Edit ${endpoint.url}`} onClick={onEdit}>
          <EditIcon />
        </IconButton>
        <IconButton aria-label={`Delete ${endpoint.url}`} onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </CardActions>
      <Collapse in={logOpen} unmountOnExit>
        <Box sx={{ px: 2, pb: 2 }}>
          <WebhookDeliveries endpointId={endpoint.id} enabled={endpoint.enabled} formatTime={formatTime} />
        </Box>
      </Collapse>
    </Card>
  );
}
