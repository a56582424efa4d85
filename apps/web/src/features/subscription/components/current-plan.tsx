import { DEBOUNCE } from '@blotter/shared/constants';
import { SUBSCRIPTION_MESSAGES, type Subscription } from '@blotter/shared/schemas/subscription';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { toastSuccess } from '../../../lib/toast';
import { useDebouncedAction } from '../../../lib/use-debounced-action';
import { useCancelPendingChange } from '../api/cancel-pending-change';
import { currentPlanText } from '../model/current-plan-text';

/** 'Changes to N users on <date>' with 'Cancel change', which keeps the current plan at the renewal. */
function PendingChange({ text, onCancel, busy }: { text: string; onCancel: () => void; busy: boolean }) {
  return (
    <Alert
      severity="info"
      aria-label="Pending plan change"
      action={
        <Button color="inherit" size="small" onClick={onCancel} disabled={busy}>
          Cancel change
        </Button>
      }
    >
      {text}
    </Alert>
  );
}

/** The Current Plan step: the kind of subscription and its state (spec 3 §2). */
export function CurrentPlan({ subscription, dateFormat }: { subscription: Subscription; dateFormat: number }) {
  const text = currentPlanText(subscription, dateFormat);
  // Held here, not in PendingChange: that alert unmounts when the change is gone, and a mutation's
  // own callbacks do not run for an unmounted caller (the toast would be lost).
  const cancel = useCancelPendingChange();
  const sendCancel = useDebouncedAction(
    () => cancel.mutate(undefined, { onSuccess: () => toastSuccess(SUBSCRIPTION_MESSAGES.pendingChangeCancelled) }),
    DEBOUNCE.subscriptionSaveMs,
  );
  return (
    <Box component="section" aria-label="Current plan" sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h3" sx={{ fontSize: '1.1rem', fontWeight: 500 }}>
        {text.heading}
      </Typography>
      <Alert severity={text.severity}>{text.status}</Alert>
      {text.pendingChange && <PendingChange text={text.pendingChange} onCancel={sendCancel} busy={cancel.isPending} />}
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {text.details.map((line) => (
          <Typography component="li" key={line}>
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
