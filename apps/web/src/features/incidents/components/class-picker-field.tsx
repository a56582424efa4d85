import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { lookupPath } from '@blotter/shared/schemas/lookups';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';
import { ClassTreeDialog } from './class-tree-dialog';

interface ClassPickerFieldProps {
  label: string;
  tree: readonly LookupNode[];
  value: string;
  onChange: (id: string) => void;
  onBlur: () => void;
  error?: string;
  required?: boolean;
}

/** A read-only field showing the chosen class path ('A / B / C'); it opens the class tree. */
export function ClassPickerField({ label, tree, value, onChange, onBlur, error, required }: ClassPickerFieldProps) {
  const [open, setOpen] = useState(false);
  const path = value ? lookupPath(tree, value).join(' / ') : '';

  const close = () => {
    setOpen(false);
    onBlur();
  };
  const openOnKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ' || event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
    }
  };

  return (
    <>
      <TextField
        label={label}
        value={path}
        required={required}
        placeholder="Choose a class"
        error={Boolean(error)}
        helperText={error}
        onClick={() => setOpen(true)}
        onKeyDown={openOnKey}
        slotProps={{
          htmlInput: { readOnly: true, 'aria-haspopup': 'dialog', style: { cursor: 'pointer' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton aria-label="Browse incident classes" edge="end" onClick={() => setOpen(true)}>
                  <AccountTreeIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      {open && (
        <ClassTreeDialog
          open={open}
          tree={tree}
          selectedId={value}
          onClose={close}
          onSelect={(id) => {
            onChange(id);
            close();
          }}
        />
      )}
    </>
  );
}
