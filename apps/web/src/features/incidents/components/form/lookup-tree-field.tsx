import type { IncidentFieldsInput } from '@blotter/shared/schemas/incident-form';
import type { LookupNode } from '@blotter/shared/schemas/lookups';
import { findLookupNode, lookupPath } from '@blotter/shared/schemas/lookups';
import AccountTreeIcon from '@mui/icons-material/AccountTree';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useState } from 'react';
import { type FieldPath, useController } from 'react-hook-form';
import { LookupTreeDialog } from '../../../../components/lookup-tree-dialog';

interface LookupTreeFieldProps {
  name: FieldPath<IncidentFieldsInput>;
  label: string;
  tree: readonly LookupNode[];
  dialogTitle: string;
  /** Marks the field as required (the rule itself is checked on save). */
  required?: boolean;
  helperText?: string;
  /** Called after a node is chosen (e.g. to fill the location's address). */
  onChosen?: (node: LookupNode | undefined) => void;
}

/**
 * A form field holding one node of a lookup tree: it shows the chosen path ('A / B / C') and opens
 * the tree in a dialog (click, Enter, Space or Arrow Down). Used for What, Location and Root cause.
 */
export function LookupTreeField({
  name,
  label,
  tree,
  dialogTitle,
  required,
  helperText,
  onChosen,
}: LookupTreeFieldProps) {
  const { field, fieldState } = useController<IncidentFieldsInput>({ name });
  const [open, setOpen] = useState(false);
  const value = typeof field.value === 'string' ? field.value : '';
  const path = value ? lookupPath(tree, value).join(' / ') : '';

  const close = () => {
    setOpen(false);
    field.onBlur();
  };
  const choose = (id: string | null) => {
    field.onChange(id);
    onChosen?.(id ? findLookupNode(tree, id) : undefined);
    close();
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
        fullWidth
        placeholder="Choose from the list"
        error={Boolean(fieldState.error)}
        helperText={fieldState.error?.message ?? helperText ?? ' '}
        onClick={() => setOpen(true)}
        onKeyDown={openOnKey}
        inputRef={field.ref}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { readOnly: true, 'aria-haspopup': 'dialog', style: { cursor: 'pointer' } },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <AccountTreeIcon color="action" aria-hidden />
              </InputAdornment>
            ),
          },
        }}
      />
      {open && (
        <LookupTreeDialog
          open={open}
          title={dialogTitle}
          listLabel={dialogTitle}
          tree={tree}
          selectedId={value}
          onClose={close}
          onSelect={choose}
          onClear={required ? undefined : () => choose(null)}
        />
      )}
    </>
  );
}
