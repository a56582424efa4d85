import { hasPrivilege } from '@blotter/shared/privileges';
import type { Notification } from '@blotter/shared/schemas/notifications';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/auth/session-context';
import { useDismissNotification } from '../api/dismiss-notification';
import { useNotifications } from '../api/get-notifications';
import { offersSubscription, visibleNotifications } from '../notification-rules';

/** Spec 1 §2: the company's banners at the top of every page while signed in. */
export function NotificationBars() {
  const { claims } = useSession();
  const { data } = useNotifications();
  const dismiss = useDismissNotification();
  const navigate = useNavigate();
  const canSubscribe = hasPrivilege(claims, 'SUBSCRIPTION_EDIT');
  const shown = visibleNotifications(data ?? []);
  if (shown.length === 0) return null;

  const actionsOf = (notification: Notification) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      {canSubscribe && offersSubscription(notification) && (
        <Button
          color="inherit"
          size="small"
          onClick={() => navigate('/administration', { state: { section: 'subscription2' } })}
        >
          Go to Subscription
        </Button>
      )}
      {notification.userDismissAvailable && (
        <IconButton
          aria-label="Dismiss notification"
          color="inherit"
          size="small"
          disabled={dismiss.isPending && dismiss.variables === notification.id}
          onClick={() => dismiss.mutate(notification.id)}
        >
          <CloseIcon fontSize="small" />
        </IconButton>
      )}
    </Stack>
  );

  return (
    <Stack component="section" aria-label="Notifications" spacing={0}>
      {shown.map((notification) => (
        <Alert
          key={notification.id}
          severity={notification.level === 'WARNING' ? 'warning' : 'info'}
          square
          action={actionsOf(notification)}
          sx={{ borderBottom: 1, borderColor: 'divider', alignItems: 'center' }}
        >
          {notification.message}
        </Alert>
      ))}
    </Stack>
  );
}
