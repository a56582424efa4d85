import { DATE_FORMAT } from '@blotter/shared/constants';
import { formatDateTime } from '@blotter/shared/presentation';
import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { PageLoader } from '../../../components/page-loader';
import { PagePagination } from '../../../components/page-pagination';
import { useInitData } from '../../../lib/api/get-init-data';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhooks } from '../api/get-webhooks';
import { useSaveWebhook } from '../api/save-webhook';
import { NEW_WEBHOOK, WebhookDialog, type WebhookDialogTarget } from './webhook-dialog';
import { WebhookEndpointItem } from './webhook-endpoint-item';

/**
 * The Webhooks card of /administration (issue 32 §3, ACCOUNT_ADMIN): the company's endpoints, each
 * with its events, signing secret, test button and delivery log, and Add.
 */
export default function WebhooksCard() {
  const [page, setPage] = useState(0);
  const endpoints = useWebhooks(page);
  const { data: initData } = useInitData();
  const save = useSaveWebhook();
  const remove = useDeleteWebhook();
  const [editing, setEditing] = useState<WebhookDialogTarget | undefined>();
  const [deleting, setDeleting] = useState<{ id: string; name: string } | undefined>();
  const dateFormat = initData?.companySettings.dateFormat ?? DATE_FORMAT.DMY;
  const formatTime = (iso: string) => formatDateTime(iso, dateFormat);

  if (endpoints.isPending) return <PageLoader />;
  if (endpoints.isError) return <Alert severity="error">The webhooks could not be loaded.</Alert>;
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        Blotter POSTs a signed JSON event to each endpoint when an incident is created, updated, closed, reopened or
        deleted, or a subject is banned. Signatures follow{' '}
        <Link href="https://www.standardwebhooks.com" target="_blank" rel="noreferrer">
          Standard Webhooks
        </Link>
        ;{' '}
        <Link href="/api/docs#webhooks" target="_blank" rel="noreferrer">
          the API documentation shows how to verify them
        </Link>
        . Failed deliveries are retried for 24 hours.
      </Typography>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ values: NEW_WEBHOOK })}>
          Add endpoint
        </Button>
      </Box>
      {endpoints.data.total === 0 ? (
        <Typography color="text.secondary">No webhook endpoints yet.</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} aria-label="Webhook endpoints" sx={{ m: 0, p: 0 }}>
          {endpoints.data.items.map((endpoint) => (
            <WebhookEndpointItem
              key={endpoint.id}
              endpoint={endpoint}
              formatTime={formatTime}
              onEdit={() =>
                setEditing({
                  id: endpoint.id,
                  values: {
                    url: endpoint.url,
                    description: endpoint.description,
                    events: endpoint.events,
                    enabled: endpoint.enabled,
                  },
                })
              }
              onDelete={() => setDeleting({ id: endpoint.id, name: endpoint.url })}
            />
          ))}
        </Stack>
      )}
      {endpoints.data.total > endpoints.data.pageSize && (
        <PagePagination page={endpoints.data} onPageChange={setPage} />
      )}
      <WebhookDialog
        target={editing}
        busy={save.isPending}
        onCancel={() => setEditing(undefined)}
        onSave={(id, body) =>
          save.mutate(
            { id, body },
            {
              onSuccess: (saved) => {
                toastSuccess(id ? `${saved.url} has been updated.` : `${saved.url} has been added.`);
                setEditing(undefined);
              },
            },
          )
        }
      />
      <ConfirmDeleteDialog
        target={deleting}
        title="Delete Webhook Endpoint"
        noun="webhook endpoint"
        busy={remove.isPending}
        remove={(id, callbacks) => remove.mutate(id, callbacks)}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
