import { formatDateTime } from '@blotter/shared/presentation';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../../components/confirm-dialog';
import { PageContainer } from '../../../../components/page-container';
import { PageLoader } from '../../../../components/page-loader';
import { useSession } from '../../../../lib/auth/session-context';
import { useOnline } from '../../../../lib/offline/online';
import { useOfflineIdentity } from '../../../../lib/offline/use-offline-identity';
import { toastWarning } from '../../../../lib/toast';
import { useCompanyDateFormat } from '../../components/form/company-date-pickers';
import { deleteOutboxItem, listOutbox, lockedOutboxItems, type OutboxItem, onOutboxChange, purgeSent } from '../outbox';
import { sendAndReport } from '../send-outbox';

const STATE_LABELS: Record<OutboxItem['state'], string> = {
  editing: 'Not finished',
  waiting: 'Waiting to send',
  sending: 'Sending…',
  refused: 'Refused',
  sent: 'Sent',
};

const STATE_COLORS = {
  editing: 'default',
  waiting: 'info',
  sending: 'info',
  refused: 'error',
  sent: 'success',
} as const;

/** The words of the summary without its markup, shortened for the list. */
export function summaryLine(html: unknown): string {
  if (typeof html !== 'string') return '';
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/**
 * '/outbox' (issue 30): the incidents recorded on this phone and where each one is: not finished,
 * waiting to send, refused with the server's message (opens in the form to be corrected), sent
 * with the number it got.
 */
export default function OutboxPage() {
  const identity = useOfflineIdentity();
  const { offline: offlineStart } = useSession();
  const online = useOnline();
  const [items, setItems] = useState<OutboxItem[] | undefined>(undefined);
  const [locked, setLocked] = useState<string[]>([]);
  const [deleting, setDeleting] = useState<OutboxItem | undefined>(undefined);
  const [sending, setSending] = useState(false);
  // The company's format, from the phone's copy of the initial data when offline.
  const dateFormat = useCompanyDateFormat();

  const load = useCallback(() => {
    if (!identity) return;
    void purgeSent(identity)
      .then(() => listOutbox(identity))
      .then(setItems, () => setItems([]));
    void lockedOutboxItems(identity).then(setLocked, () => setLocked([]));
  }, [identity]);
  useEffect(() => {
    load();
    return onOutboxChange(load);
  }, [load]);

  if (identity === undefined || (identity && !items)) return <PageLoader />;
  const list = items ?? [];
  const waiting = list.filter((item) => item.state === 'waiting' || item.state === 'sending').length;

  const sendNow = async () => {
    if (!identity) return;
    setSending(true);
    try {
      const result = await sendAndReport(identity);
      if (result.interrupted) toastWarning('The server could not be reached: the rest waits for the network.');
    } finally {
      setSending(false);
    }
  };

  return (
    <PageContainer title="Outbox" subtitle="Incidents recorded on this phone" maxWidth="md">
      <Stack spacing={2}>
        {waiting > 0 && online && !offlineStart && (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography>Waiting to send ({waiting})</Typography>
            <Button variant="contained" onClick={() => void sendNow()} disabled={sending}>
              Send now
            </Button>
          </Stack>
        )}
        {locked.length > 0 && (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={() => void Promise.all(locked.map(deleteOutboxItem))}>
                Delete them
              </Button>
            }
          >
            {locked.length === 1
              ? 'One incident recorded on this phone can no longer be read: the server’s key changed since. It cannot be sent.'
              : `${locked.length} incidents recorded on this phone can no longer be read: the server’s key changed since. They cannot be sent.`}
          </Alert>
        )}
        {list.length === 0 && locked.length === 0 && (
          <Alert severity="info">Nothing recorded on this phone is waiting.</Alert>
        )}
        {list.map((item) => (
          <Card key={item.id} variant="outlined" data-testid="outbox-item">
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }}>
                <Chip size="small" color={STATE_COLORS[item.state]} label={STATE_LABELS[item.state]} />
                <Typography variant="body2" color="text.secondary">
                  Recorded {formatDateTime(item.queuedAt ?? item.createdAt, dateFormat)}
                </Typography>
              </Stack>
              {item.sent ? (
                <Typography>
                  Sent: <RouterLink to={`/incident/${item.sent.id}`}>Incident #{item.sent.number}</RouterLink>
                </Typography>
              ) : (
                <Typography>{summaryLine(item.content.data.summary) || 'No summary yet'}</Typography>
              )}
              {item.state === 'refused' && item.content.refusal && (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {item.content.refusal}
                </Alert>
              )}
            </CardContent>
            <CardActions>
              {item.state === 'sent' ? (
                <Button onClick={() => void deleteOutboxItem(item.id)}>Dismiss</Button>
              ) : (
                <>
                  {/* Once its send has begun, a waiting item is sent as it is (its keys name that body). */}
                  {item.state !== 'sending' && !(item.state === 'waiting' && item.content.draftId) && (
                    <Button component={RouterLink} to={`/newincident?offline=${item.id}`}>
                      {item.state === 'refused' ? 'Correct' : item.state === 'editing' ? 'Continue' : 'Edit'}
                    </Button>
                  )}
                  {item.state !== 'sending' && (
                    <Button color="error" onClick={() => setDeleting(item)}>
                      Delete
                    </Button>
                  )}
                </>
              )}
            </CardActions>
          </Card>
        ))}
      </Stack>
      <ConfirmDialog
        open={deleting !== undefined}
        title="Delete from this phone"
        message="This incident has not been sent. Delete it and its photos from this phone?"
        confirmLabel="Delete"
        destructive
        onConfirm={() => {
          if (deleting) void deleteOutboxItem(deleting.id);
          setDeleting(undefined);
        }}
        onCancel={() => setDeleting(undefined)}
      />
    </PageContainer>
  );
}
