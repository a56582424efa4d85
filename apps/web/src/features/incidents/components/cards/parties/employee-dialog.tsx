import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';

interface EmployeeDialogProps {
  open: boolean;
  onAnswer: (isEmployee: boolean) => void;
  onClose: () => void;
}

/** Spec 1 §2 'Person type': asked before a new person card is added. */
export function EmployeeDialog({ open, onAnswer, onClose }: EmployeeDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>Is the person an employee?</DialogTitle>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="outlined" onClick={() => onAnswer(false)}>
          No
        </Button>
        <Button variant="contained" onClick={() => onAnswer(true)}>
          Yes
        </Button>
      </DialogActions>
    </Dialog>
  );
}
