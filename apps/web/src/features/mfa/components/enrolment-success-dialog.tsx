import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

export const ENROLMENT_SUCCESS = 'Your phone is successfully registered. Please login again.';

/** Spec 3 §2: after enrolment during sign-in; OK logs out so the user signs in with a code. */
export function EnrolmentSuccessDialog({ open, onOk }: { open: boolean; onOk: () => void }) {
  const titleId = useId();
  const textId = useId();
  return (
    <Dialog open={open} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>Phone registered</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{ENROLMENT_SUCCESS}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onOk} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
