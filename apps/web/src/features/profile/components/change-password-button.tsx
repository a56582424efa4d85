import { DEBOUNCE } from '@blotter/shared/constants';
import { PROFILE_MESSAGES } from '@blotter/shared/schemas/profile';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState } from 'react';
import { useDebouncedAction } from '../../../lib/use-debounced-action';
import { useRequestChangePassword } from '../api/request-change-password';

/** Change Password: the server emails a reset link; a dialog says so (spec 3 §8, debounced 200 ms). */
export function ChangePasswordButton() {
  const request = useRequestChangePassword();
  const [sent, setSent] = useState(false);
  const titleId = useId();
  const ask = useDebouncedAction(
    () => request.mutate(undefined, { onSuccess: () => setSent(true) }),
    DEBOUNCE.passwordRequestMs,
  );
  return (
    <>
      <Button variant="outlined" onClick={ask} disabled={request.isPending}>
        Change Password
      </Button>
      <Dialog open={sent} onClose={() => setSent(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Change Password</DialogTitle>
        <DialogContent>
          <DialogContentText>{PROFILE_MESSAGES.passwordResetSent}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setSent(false)} autoFocus>
            OK
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
