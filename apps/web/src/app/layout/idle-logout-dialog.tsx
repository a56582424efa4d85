import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useState } from 'react';
import { countdownRemaining } from './idle-countdown';

interface IdleLogoutDialogProps {
  /** When the countdown started (ms since epoch). */
  startedAt: number;
  onCancel: () => void;
  onExpired: () => void;
}

/** Spec 1 §2: 'Due to inactivity, you will be logged out in:' with a seconds countdown and Cancel. */
export function IdleLogoutDialog({ startedAt, onCancel, onExpired }: IdleLogoutDialogProps) {
  const [now, setNow] = useState(() => Date.now());
  const remaining = countdownRemaining(startedAt, now);
  const titleId = useId();
  const textId = useId();

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (remaining === 0) onExpired();
  }, [remaining, onExpired]);

  return (
    <Dialog open onClose={onCancel} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Are you still there?</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>Due to inactivity, you will be logged out in:</DialogContentText>
        <Typography role="timer" variant="h3" component="p" sx={{ textAlign: 'center', mt: 2 }}>
          {remaining}
          <Typography component="span" variant="h6" sx={{ ml: 1 }}>
            seconds
          </Typography>
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} variant="contained" autoFocus>
          Cancel
        </Button>
      </DialogActions>
    </Dialog>
  );
}
