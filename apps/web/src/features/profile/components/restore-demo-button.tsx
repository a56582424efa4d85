import { SITE_ADMIN_MESSAGES } from '@blotter/shared/schemas/site-admin';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';

type Step = 'closed' | 'confirm' | 'running' | 'done';

/**
 * 'Restore demo site' (spec 3 §2, a demo host or localhost): asks first, shows progress while the
 * server rebuilds the demo company, then says it is done; OK signs out (every demo session ended).
 */
export function RestoreDemoButton({
  restore,
  onRestored,
}: {
  /** Runs the restore; rejects when the server refused (its message is shown as a toast). */
  restore: () => Promise<unknown>;
  /** After the success text: the session ended, sign out. */
  onRestored: () => void;
}) {
  const [step, setStep] = useState<Step>('closed');
  const titleId = useId();
  const run = () => {
    setStep('running');
    restore().then(
      () => setStep('done'),
      () => setStep('closed'),
    );
  };
  return (
    <>
      <Button variant="outlined" color="error" onClick={() => setStep('confirm')}>
        Restore demo site
      </Button>
      <Dialog
        open={step !== 'closed'}
        onClose={() => step === 'confirm' && setStep('closed')}
        aria-labelledby={titleId}
      >
        <DialogTitle id={titleId}>{SITE_ADMIN_MESSAGES.restoreConfirmTitle}</DialogTitle>
        <DialogContent>
          {step === 'confirm' && <DialogContentText>{SITE_ADMIN_MESSAGES.restoreConfirm}</DialogContentText>}
          {step === 'running' && (
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={24} aria-label={SITE_ADMIN_MESSAGES.restoreRunning} />
              <DialogContentText>{SITE_ADMIN_MESSAGES.restoreRunning}</DialogContentText>
            </Stack>
          )}
          {step === 'done' && <DialogContentText role="status">{SITE_ADMIN_MESSAGES.restoreDone}</DialogContentText>}
        </DialogContent>
        <DialogActions>
          {step === 'confirm' && (
            <>
              <Button onClick={() => setStep('closed')}>Cancel</Button>
              <Button color="error" variant="contained" onClick={run}>
                Restore
              </Button>
            </>
          )}
          {step === 'done' && (
            <Button variant="contained" onClick={onRestored} autoFocus>
              OK
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
