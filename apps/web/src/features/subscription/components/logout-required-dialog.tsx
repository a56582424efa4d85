import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useSession } from '../../../lib/auth/session-context';

/**
 * After a plan is saved (spec 3 §4): the new user limit and trial state reach the session at the
 * next sign-in, so the only way on is to log out.
 */
export function LogoutRequiredDialog({ open }: { open: boolean }) {
  const { logout } = useSession();
  const [leaving, setLeaving] = useState(false);
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Logout required</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          Your subscription has been updated. Please log out and log back in to apply it.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          variant="contained"
          autoFocus
          disabled={leaving}
          onClick={() => {
            setLeaving(true);
            void logout();
          }}
        >
          Logout
        </Button>
      </DialogActions>
    </Dialog>
  );
}
