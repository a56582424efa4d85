import type { WebhookDelivery } from '@blotter/shared/schemas/webhooks';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PagePagination } from '../../../components/page-pagination';
import { toastSuccess } from '../../../lib/toast';
import { useWebhookDeliveries } from '../api/get-webhook-deliveries';
import { useRedeliverWebhook } from '../api/redeliver-webhook';

const STATUS_CHIP = {
  delivered: { label: 'Delivered', color: 'success' },
  pending: { label: 'Retrying', color: 'warning' },
  failed: { label: 'Failed', color: 'error' },
} as const;

function statusChip(delivery: WebhookDelivery) {
  const chip =
    delivery.status === 'pending' && delivery.attempts === 0
      ? { label: 'Queued', color: 'default' as const }
      : STATUS_CHIP[delivery.status];
  return <Chip size="small" label={chip.label} color={chip.color} variant="outlined" />;
}

/** The endpoint's delivery log (paged on the server, newest first) with a Redeliver button per row. */
export function WebhookDeliveries({
  endpointId,
  enabled,
  formatTime,
}: {
  endpointId: string;
  enabled: boolean;
  formatTime: (iso: string) => string;
}) {
  const [page, setPage] = useState(0);
  const deliveries = useWebhookDeliveries(endpointId, page);
  const redeliver = useRedeliverWebhook();
  if (deliveries.isPending) return <Typography variant="body2">Loading deliveries…</Typography>;
  if (deliveries.isError) return <Alert severity="error">The delivery log could not be loaded.</Alert>;
  if (deliveries.data.total === 0)
    return (
      <Typography variant="body2" color="text.secondary">
        No deliveries yet.
      </Typography>
    );
  return (
    <>
      <TableContainer>
        <Table size="small" aria-label="Delivery log">
          <TableHead>
            <TableRow>
              <TableCell>Event</TableCell>
              <TableCell>Time</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Response</TableCell>
              <TableCell align="right">Attempts</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {deliveries.data.items.map((delivery) => (
              <TableRow key={delivery.id}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{delivery.eventType}</TableCell>
                <TableCell>{formatTime(delivery.lastAttemptAt ?? delivery.createdAt)}</TableCell>
                <TableCell>{statusChip(delivery)}</TableCell>
                <TableCell title={delivery.error ?? undefined} sx={{ maxWidth: 260, overflowWrap: 'anywhere' }}>
                  {delivery.responseCode ?? delivery.error ?? '—'}
                  {delivery.durationMs !== null && (
                    <Typography component="span" variant="caption" color="text.secondary">
                      {' '}
                      ({delivery.durationMs} ms)
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{delivery.attempts}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    disabled={!enabled || redeliver.isPending}
                    aria-label={`Redeliver ${delivery.eventType} of ${formatTime(delivery.createdAt)}`}
                    onClick={() =>
                      redeliver.mutate(delivery.id, {
                        onSuccess: () => toastSuccess('The event is being delivered again.'),
                      })
                    }
                  >
                    Redeliver
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <PagePagination page={deliveries.data} onPageChange={setPage} />
    </>
  );
}
