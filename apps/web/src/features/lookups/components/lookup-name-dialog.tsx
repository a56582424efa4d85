import { LIMITS } from '@blotter/shared/constants';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';

interface LookupNameDialogProps {
  title: string;
  /** E.g. 'Under Security / Theft' for a child. */
  context?: string;
  initialName: string;
  busy: boolean;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/**
 * The add and edit dialogs of the Lookups card: Enter submits, and OK with an empty name does
 * nothing (spec 3 §5).
 */
export function LookupNameDialog({ title, context, initialName, busy, onSubmit, onClose }: LookupNameDialogProps) {
  const titleId = useId();
  const [name, setName] = useState(initialName);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' || busy) return;
    onSubmit(trimmed);
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {context && <DialogContentText sx={{ mb: 1 }}>{context}</DialogContentText>}
          <TextField
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
            fullWidth
            margin="dense"
            slotProps={{ htmlInput: { maxLength: LIMITS.nameMax } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            OK
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
