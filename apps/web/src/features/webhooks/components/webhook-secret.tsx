import type { WebhookSecret } from '@blotter/shared/schemas/webhooks';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toastSuccess } from '../../../lib/toast';
import { useRevealWebhookSecret } from '../api/reveal-webhook-secret';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

/**
 * The endpoint's signing secret: hidden until Reveal (each reveal is audited), and Rotate, after
 * which the previous secret keeps signing too for 24 hours so that receivers can switch.
 */
export function WebhookSecretRow({
  endpointId,
  formatTime,
}: {
  endpointId: string;
  formatTime: (iso: string) => string;
}) {
  const reveal = useRevealWebhookSecret();
  const rotate = useRotateWebhookSecret();
  const [secret, setSecret] = useState<WebhookSecret | undefined>();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography variant="body2" component="span">
          Signing secret:
        </Typography>
        <Typography
          variant="body2"
          component="code"
          aria-label="Signing secret"
          sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
        >
          {secret ? secret.secret : '••••••••••••••••'}
        </Typography>
        {secret ? (
          <Button size="small" onClick={() => setSecret(undefined)}>
            Hide
          </Button>
        ) : (
          <Button
            size="small"
            disabled={reveal.isPending}
            onClick={() => reveal.mutate(endpointId, { onSuccess: setSecret })}
          >
            Reveal
          </Button>
        )}
        <Button size="small" disabled={rotate.isPending} onClick={() => setConfirming(true)}>
          Rotate
        </Button>
      </Stack>
      {secret?.previousSecretExpiresAt && (
        <Typography variant="caption" color="text.secondary">
          The previous secret also signs until {formatTime(secret.previousSecretExpiresAt)}.
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title="Rotate Signing Secret"
        message="A new secret signs from now on. The current one keeps signing too for 24 hours, so that your receiver can switch to the new one."
        confirmLabel="Rotate"
        busy={rotate.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          rotate.mutate(endpointId, {
            onSuccess: (rotated) => {
              setSecret(rotated);
              toastSuccess('The signing secret has been rotated.');
            },
            onSettled: () => setConfirming(false),
          })
        }
      />
    </Stack>
  );
}
