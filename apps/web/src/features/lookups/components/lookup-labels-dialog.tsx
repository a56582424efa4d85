import type { MultipleLookupType } from '@blotter/shared/constants';
import { LIMITS } from '@blotter/shared/constants';
import { maxLookupLevel } from '@blotter/shared/schemas/lookup-admin';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { type FormEvent, useId, useState } from 'react';

interface LookupLabelsDialogProps {
  type: MultipleLookupType;
  typeName: string;
  labels: readonly string[];
  busy: boolean;
  onSubmit: (labels: string[]) => void;
  onClose: () => void;
}

/** Labelsetting: a name per level of a multiple-level type (class 4, location 5, root cause 2). */
export function LookupLabelsDialog({ type, typeName, labels, busy, onSubmit, onClose }: LookupLabelsDialogProps) {
  const titleId = useId();
  const levels = maxLookupLevel(type);
  const [values, setValues] = useState(() => Array.from({ length: levels }, (_, i) => labels[i] ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) onSubmit(values.map((value) => value.trim()));
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{`Labelsetting: ${typeName}`}</DialogTitle>
        <DialogContent>
          {values.map((value, index) => (
            <TextField
              // biome-ignore lint/suspicious/noArrayIndexKey: one field per level, in level order
              key={index}
              label={`Level ${index + 1}`}
              value={value}
              onChange={(event) =>
                setValues((current) => current.map((v, i) => (i === index ? event.target.value : v)))
              }
              fullWidth
              margin="dense"
              autoFocus={index === 0}
              slotProps={{ htmlInput: { maxLength: LIMITS.nameMax } }}
            />
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
