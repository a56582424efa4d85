import {
  type IncidentNotification,
  type IncidentNotificationFormValues,
  incidentNotificationForm,
  newIncidentNotificationForm,
  splitEventTypes,
} from '@blotter/shared/schemas/incident-notifications';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { PageLoader } from '../../../components/page-loader';
import { useInitData } from '../../../lib/api/get-init-data';
import { toastSuccess } from '../../../lib/toast';
import { useDeleteIncidentNotification } from '../api/delete-incident-notification';
import { useIncidentNotifications } from '../api/get-incident-notifications';
import { useSaveIncidentNotification } from '../api/save-incident-notification';
import { NotificationDialog } from './notification-dialog';

function NotificationCard({
  rule,
  onEdit,
  onDelete,
}: {
  rule: IncidentNotification;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card variant="outlined" component="li" aria-label={rule.name} sx={{ listStyle: 'none' }}>
      <CardContent sx={{ pb: 0 }}>
        <Typography variant="h6" component="h3" sx={{ fontSize: '1rem' }}>
          {rule.name}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Recipients: {rule.recipientEmails.join(', ')}
        </Typography>
        {rule.bannedSubjectAlerts && (
          <Typography variant="body2" color="text.secondary">
            Banned subject alerts: every incident
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {rule.lookupClasses.map((row, index) => (
            // A rule may name one class twice; the position tells the rows apart.
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id of their own
            <Typography key={`${row.classLookupId}-${index}`} component="li" variant="body2">
              {row.className || 'Unknown class'}: {splitEventTypes(row.eventTypeList).join(', ')}
            </Typography>
          ))}
        </Box>
      </CardContent>
      <CardActions sx={{ justifyContent: 'flex-end' }}>
        <IconButton aria-label={`Edit ${rule.name}`} onClick={onEdit}>
          <EditIcon />
        </IconButton>
        <IconButton aria-label={`Delete ${rule.name}`} onClick={onDelete}>
          <DeleteIcon />
        </IconButton>
      </CardActions>
    </Card>
  );
}

/**
 * The Email Notifications card of /administration (spec 3 §2, INCIDENT_NOTIFICATION): the company's
 * rules as cards with edit and delete, and Add. Each rule emails its recipients when an incident of
 * one of its classes (or below) is created, edited or closed, as its rows say.
 */
export default function IncidentNotificationsCard() {
  const rules = useIncidentNotifications();
  const initData = useInitData();
  const save = useSaveIncidentNotification();
  const remove = useDeleteIncidentNotification();
  const [editing, setEditing] = useState<IncidentNotificationFormValues | undefined>();
  const [deleting, setDeleting] = useState<{ id: string; name: string } | undefined>();
  const tree = initData.data?.multipleLookups.incidentClass ?? [];

  if (rules.isPending) return <PageLoader />;
  if (rules.isError) return <Alert severity="error">The email notifications could not be loaded.</Alert>;
  return (
    <Stack spacing={2}>
      <Box>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(newIncidentNotificationForm())}>
          Add
        </Button>
      </Box>
      {rules.data.length === 0 ? (
        <Typography color="text.secondary">No email notifications yet.</Typography>
      ) : (
        <Stack component="ul" spacing={1.5} aria-label="Email notifications" sx={{ m: 0, p: 0 }}>
          {rules.data.map((rule) => (
            <NotificationCard
              key={rule.id}
              rule={rule}
              onEdit={() => setEditing(incidentNotificationForm(rule))}
              onDelete={() => setDeleting({ id: rule.id, name: rule.name })}
            />
          ))}
        </Stack>
      )}
      <NotificationDialog
        initial={editing}
        tree={tree}
        busy={save.isPending}
        onCancel={() => setEditing(undefined)}
        onSave={(body) =>
          save.mutate(body, {
            onSuccess: (saved) => {
              toastSuccess(body.id ? `${saved.name} has been updated.` : `${saved.name} has been added.`);
              setEditing(undefined);
            },
          })
        }
      />
      <ConfirmDeleteDialog
        target={deleting}
        title="Delete Email Notification"
        noun="email notification"
        busy={remove.isPending}
        remove={(id, callbacks) => remove.mutate(id, callbacks)}
        onClose={() => setDeleting(undefined)}
      />
    </Stack>
  );
}
